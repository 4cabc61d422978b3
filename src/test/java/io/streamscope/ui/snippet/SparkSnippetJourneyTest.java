package io.streamscope.ui.snippet;

import io.streamscope.ui.MainWindow;
import io.streamscope.ui.UiTestSupport;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The state view's #sparkSnippetButton on a stream-stream join: the snippet reads the side of the store on show
 * after the selected batch, follows the batch and the store chosen, switches to Scala and to the batch's change
 * feed, and Copy puts it on the clipboard.
 */
@ExtendWith(ApplicationExtension.class)
class SparkSnippetJourneyTest {

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    private String snippet(FxRobot robot) throws Exception {
        TextArea text = robot.lookup("#sparkSnippetText").queryAs(TextArea.class);
        WaitForAsyncUtils.waitForFxEvents();
        UiTestSupport.awaitIdle(window);
        return onFx(text::getText);
    }

    @Test
    void theSnippetReadsTheStoreOnShowAfterTheSelectedBatch(FxRobot robot) throws Exception {
        robot.interact(() -> window.model().display().inspectorShownProperty().set(true));
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-join-inner"));
        robot.clickOn("State");
        Button button = robot.lookup("#sparkSnippetButton").queryAs(Button.class);
        assertFalse(button.isDisabled());
        robot.clickOn(button);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !robot.lookup("#sparkSnippetText").queryAll().isEmpty());
        String first = snippet(robot);
        String store = onFx(() -> window.model().state().selectedStoreProperty().get().store().storeName());
        String side = store.substring(0, store.indexOf('-'));
        assertTrue(first.contains("spark.read.format(\"statestore\")"), first);
        assertTrue(first.contains(".option(\"joinSide\", \"" + side + "\")"), first);
        assertTrue(first.contains(".option(\"batchId\", 2)"), "the newest batch is selected: " + first);
        assertTrue(first.contains(SAMPLES.resolve("shop-join-inner").toAbsolutePath().normalize().toString()), first);

        robot.interact(() -> window.model().timeline().select(1));
        assertTrue(snippet(robot).contains(".option(\"batchId\", 1)"), "it follows the selected batch");

        robot.interact(() -> robot.lookup("#sparkSnippetLanguage").queryAs(ChoiceBox.class).setValue("scala"));
        robot.clickOn("#sparkSnippetChanges");
        assertTrue(robot.lookup("#sparkSnippetChanges").queryAs(CheckBox.class).isSelected());
        String changes = snippet(robot);
        assertTrue(changes.contains("val state = spark.read.format(\"statestore\")"), changes);
        assertTrue(changes.contains(".option(\"readChangeFeed\", true)"), changes);
        assertTrue(changes.contains(".option(\"changeStartBatchId\", 1L)") && changes.contains(".option(\"changeEndBatchId\", 1L)"),
                "batch 1's own changes: " + changes);
        assertTrue(changes.contains(".option(\"storeName\", \"" + store + "\")"), changes);

        UiTestSupport.screenshot(robot, robot.lookup("#sparkSnippetText").queryAs(TextArea.class).getScene(),
                "spark-snippet.png");
        robot.clickOn("#sparkSnippetCopy");
        assertEquals(changes, onFx(() -> Clipboard.getSystemClipboard().getString()));
    }
}
