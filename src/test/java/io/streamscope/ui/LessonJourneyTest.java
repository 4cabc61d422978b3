package io.streamscope.ui;

import io.streamscope.lesson.Evidence;
import io.streamscope.lesson.FiveQuestions;
import io.streamscope.lesson.LessonStep;
import io.streamscope.ui.lesson.LessonController;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The chapter as a lesson, walked with a clicker in presentation mode: Next (PageDown) from the first step to the
 * last, each step's sample, batch and mode on show, its evidence in the window and marked, the step in the title; the
 * last step answers the five questions on the data. A screenshot per step under the build folder.
 */
@ExtendWith(ApplicationExtension.class)
class LessonJourneyTest {

    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws IOException {
        this.stage = stage;
        window = UiTestSupport.showWindow(stage);
    }

    @Test
    void theWholeChapterWithAClicker(FxRobot robot) throws Exception {
        LessonController lesson = window.lesson();
        robot.interact(() -> {
            window.model().display().presentationProperty().set(true);
            window.model().display().animationsProperty().set(false);
            lesson.start();
        });
        List<LessonStep> steps = lesson.steps();
        assertEquals(17, steps.size());
        for (int i = 0; i < steps.size(); i++) {
            LessonStep step = steps.get(i);
            if (i > 0) {
                robot.type(i % 2 == 0 ? KeyCode.PAGE_DOWN : KeyCode.RIGHT); // a clicker sends either
            }
            UiTestSupport.awaitLessonStep(window, step);
            ProjectorLayoutTest.pulse(robot, window.scene()); // the words are checked as drawn once the fits settled
            assertEquals(i, (int) onFx(lesson.indexProperty()::get));
            String title = onFx(stage::getTitle);
            assertTrue(title.startsWith("Lesson " + step.number() + "/17 · " + step.part()), title);
            Evidence evidence = step.evidence();
            String id = evidence.kind() == Evidence.Kind.FILE ? "lessonFileText"
                    : evidence.target().equals("batchTimeline") ? LessonController.STRIP_ID // presentation mode's
                    : evidence.target();
            Node node = robot.lookup("#" + id).query();
            assertNotNull(node, "step " + step.number() + ": no #" + id);
            assertTrue(onFx(() -> node.getPseudoClassStates().contains(LessonController.EVIDENCE)),
                    "step " + step.number() + ": #" + id + " is not marked");
            assertTrue(onFx(() -> node.getScene() != null), "step " + step.number() + ": #" + id + " is not on show");
            // steps 13 and 14 had marked the foreachBatch lab on samples where it hides (nothing will replay there)
            assertTrue(onFx(() -> UiTestSupport.shown(node)), "step " + step.number() + ": #" + id + " is hidden");
            if (evidence.kind() == Evidence.Kind.ROW) {
                javafx.scene.control.TableView<?> table = (javafx.scene.control.TableView<?>) node;
                assertTrue(onFx(() -> table.getSelectionModel().getSelectedIndex()) >= 0,
                        "step " + step.number() + ": the row " + evidence.detail() + " is selected");
            }
            assertEquals(List.of(), onFx(() -> PresentationTextTest.cutLabels(lesson.panel())),
                    "step " + step.number() + ": the lesson panel's words whole"); // "N...", "End le..." at 1280 px
            Parent output = robot.lookup("#outputTabs").queryAs(Parent.class);
            assertEquals(List.of(), onFx(() -> PresentationTextTest.cutLabels(output)), "step " + step.number()
                    + ": the output's words whole"); // under the panel: "Append output mode not supported when there are ..."
            if (evidence.target().contains("/_spark_metadata/")) { // the sinks step: what the sink received shows
                TabPane outputTabs = robot.lookup("#outputTabs").queryAs(TabPane.class);
                assertEquals("sinkTab", onFx(() -> outputTabs.getSelectionModel().getSelectedItem().getId()),
                        "step " + step.number() + ": the sink's rows beside its log"); // the decode step's tab stayed
            }
            if (LessonController.INSPECTOR_IDS.contains(evidence.target())) {
                // JavaFX had scrolled the titles before its overflow menu's button took its width: "Resta" at step 13
                TabPane inspector = robot.lookup("#inspectorTabs").queryAs(TabPane.class);
                assertEquals(List.of(), onFx(() -> TabHeadersLayoutTest.selectedTitleCut(inspector)),
                        "step " + step.number() + ": the inspector's tab whole");
            }
            screenshot(robot, window.scene(), String.format(Locale.ROOT, "lesson/lesson-step-%02d.png", step.number()));
        }
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> lesson.answeredProperty().get() > 0));
        UiTestSupport.awaitIdle(window);
        FiveQuestions answers = onFx(lesson::answers);
        assertEquals(new BigDecimal("47.49"), answers.updateBatch2().get(1));
        assertEquals(new BigDecimal("19.74"), answers.updateBatch2().get(3));
        assertEquals(9, answers.appendRows());
        assertEquals(7, answers.mergeRows());
        assertEquals(7, answers.batchIdLogRows());
        assertEquals(List.of(List.of(0L), List.of(1L), List.of(2L)), answers.availableNowRuns());
        String shown = onFx(() -> ((javafx.scene.control.Label) robot.lookup("#lessonAnswer3").query()).getText());
        assertTrue(shown.contains("customer 1 → 47.49") && shown.contains("customer 3 → 19.74"), shown);
        String fifth = onFx(() -> ((javafx.scene.control.Label) robot.lookup("#lessonAnswer5").query()).getText());
        assertTrue(fifth.contains("9 rows") && fifth.contains("MERGE on the key: 7"), fifth);
        screenshot(robot, window.scene(), "lesson/lesson-answers.png");

        robot.type(KeyCode.PAGE_UP);
        assertEquals(steps.size() - 2, (int) onFx(lesson.indexProperty()::get));
        robot.interact(lesson::stop);
        assertTrue(onFx(() -> !stage.getTitle().startsWith("Lesson")));
    }
}
