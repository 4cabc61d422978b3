package io.streamscope.ui;

import io.streamscope.replay.OutputMode;
import io.streamscope.ui.timeline.BatchTimeline;
import javafx.application.Application;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The application as launched from the command line: the arguments reach the window. */
class StreamscopeAppTest {

    private Application app;

    @BeforeEach
    void settingsInMemory() {
        System.setProperty(StreamscopeApp.SETTINGS_PROPERTY, "memory");
    }

    @AfterEach
    void stop() throws Exception {
        if (app != null) {
            FxToolkit.cleanupApplication(app);
        }
        FxToolkit.cleanupStages();
        // the app placed the primary stage, which every later test shares, maximized (the headless screen is a small
        // one): back to the whole headless screen, not maximized, the size the other tests' windows are made at
        FxToolkit.setupStage(stage -> {
            stage.setMaximized(false);
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1280);
            stage.setHeight(800);
        });
        System.clearProperty(StreamscopeApp.SETTINGS_PROPERTY);
    }

    @Test
    void opensTheCheckpointAtTheBatchAndModeNamedOnTheCommandLine() throws Exception {
        FxToolkit.registerPrimaryStage();
        Path folder = Path.of("sample-checkpoints/shop-totals-update");
        app = FxToolkit.setupApplication(StreamscopeApp.class, "--checkpoint", folder.toString(), "--batch", "1",
                "--mode", "complete", "--topic-file", "../topics/orders.jsonl");

        FxRobot robot = new FxRobot();
        BatchTimeline timeline = robot.lookup("#batchTimeline").queryAs(BatchTimeline.class);
        Label batch = robot.lookup("#batchLabel").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> onFx(batch::getText).equals("Batch 1 of 0–2"));
        assertEquals(3, onFx(() -> timeline.paintedColumns().size()));
        assertEquals(true, onFx(() -> robot.lookup("#completeModeButton")
                .queryAs(javafx.scene.control.ToggleButton.class).isSelected()), "--mode wins over the sidecar's update");
        assertEquals(OutputMode.COMPLETE.sparkName(), onFx(() -> robot.lookup("#completeModeButton")
                .queryAs(javafx.scene.control.ToggleButton.class).getText()));
        UiTestSupport.screenshot(robot, timeline.getScene(), "launched-with-arguments.png");
    }
}
