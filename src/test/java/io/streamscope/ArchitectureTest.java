package io.streamscope;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The dependency rules of design.md: the logic packages know nothing of JavaFX, and nothing below ui uses ui. */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // the predefined option knows target/test-classes only; a build elsewhere (-Dbuild.dir) has them too
                .withImportOption(location -> !location.contains("/test-classes/"))
                .importPackages("io.streamscope");
        assertTrue(classes.contain(io.streamscope.checkpoint.CheckpointReader.class), "the import must see the production classes");
    }

    @Test
    void logicPackagesNeverUseJavaFx() {
        ArchRule rule = noClasses()
                .that().resideInAnyPackage("io.streamscope.checkpoint..", "io.streamscope.topic..",
                        "io.streamscope.replay..", "io.streamscope.cli..", "io.streamscope.sparktypes..", "io.streamscope.doctor..",
                        "io.streamscope.lesson..", "io.streamscope.follow..", "io.streamscope.task..",
                        "io.streamscope.storage..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "io.streamscope.ui..");
        rule.check(classes);
    }

    @Test
    void checkpointReadingDependsOnNoOtherStreamscopePackage() {
        noClasses().that().resideInAPackage("io.streamscope.checkpoint..")
                .should().dependOnClassesThat().resideInAnyPackage("io.streamscope.topic..", "io.streamscope.replay..",
                        "io.streamscope.cli..", "io.streamscope.ui..")
                .check(classes);
    }

    @Test
    void sparkTypesDependOnNothingElseOfOurs() {
        noClasses().that().resideInAPackage("io.streamscope.sparktypes..")
                .should().dependOnClassesThat().resideInAnyPackage("io.streamscope.checkpoint..", "io.streamscope.topic..",
                        "io.streamscope.replay..", "io.streamscope.cli..", "io.streamscope.ui..")
                .check(classes);
    }

    @Test
    void tasksDependOnNothingElseOfOurs() {
        noClasses().that().resideInAPackage("io.streamscope.task..")
                .should().dependOnClassesThat().resideInAnyPackage("io.streamscope.checkpoint..", "io.streamscope.topic..",
                        "io.streamscope.replay..", "io.streamscope.cli..", "io.streamscope.ui..", "io.streamscope.sparktypes..")
                .check(classes);
    }

    @Test
    void storageDependsOnNothingElseOfOurs() {
        noClasses().that().resideInAPackage("io.streamscope.storage..")
                .should().dependOnClassesThat().resideInAnyPackage("io.streamscope.checkpoint..", "io.streamscope.topic..",
                        "io.streamscope.replay..", "io.streamscope.cli..", "io.streamscope.ui..", "io.streamscope.sparktypes..")
                .check(classes);
    }
}
