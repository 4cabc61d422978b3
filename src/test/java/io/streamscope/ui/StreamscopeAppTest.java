package io.streamscope.ui;

import javafx.application.Application;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The application as launched from the command line: the checkpoint argument reaches the window. */
class StreamscopeAppTest {

    private Application app;

    @AfterEach
    void stop() throws Exception {
        if (app != null) {
            FxToolkit.cleanupApplication(app);
        }
        FxToolkit.cleanupStages();
    }

    @Test
    void opensTheCheckpointNamedByTheCheckpointFlag() throws Exception {
        FxToolkit.registerPrimaryStage();
        Path folder = Path.of("src/test/resources/spark-conformance/checkpoint-version-2.1.0");
        app = FxToolkit.setupApplication(StreamscopeApp.class, "--checkpoint", folder.toString());

        FxRobot robot = new FxRobot();
        TableView<BatchRow> timeline = robot.lookup("#batchTimeline").queryTableView();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> timeline.getItems().size()).get() == 2);
        assertEquals(1L, WaitForAsyncUtils.asyncFx(() -> timeline.getItems().get(1).batchId()).get());
    }
}
