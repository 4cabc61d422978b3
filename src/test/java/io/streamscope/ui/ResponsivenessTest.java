package io.streamscope.ui;

import io.streamscope.replay.OutputMode;
import io.streamscope.ui.recent.RecentFolders;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A read that takes its time never holds the window: clicks are handled at once, the status bar says why. */
@ExtendWith(ApplicationExtension.class)
class ResponsivenessTest {

    /** Holds every background read until the test lets go: a disk (or a broker) that is very slow. */
    private final CountDownLatch slowDisk = new CountDownLatch(1);
    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        Executor slow = work -> BackgroundTasks.shared().execute(() -> {
            try {
                slowDisk.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            work.run();
        });
        window = MainWindow.create(new WindowModel(slow, RecentFolders.inMemory()));
        window.show(stage);
    }

    @AfterEach
    void letGo() {
        slowDisk.countDown();
        WaitForAsyncUtils.clearExceptions();
    }

    @Test
    void aClickIsHandledWhileAReadRuns(FxRobot robot) throws Exception {
        robot.interact(() -> window.model().open(SAMPLES.resolve("shop-totals-update")));
        assertTrue(onFx(window.viewModel()::isLoading));
        StatusBar status = robot.lookup("#statusBar").query();
        assertEquals(-1.0, onFx(status::getProgress), "the status bar shows a read in progress");
        assertTrue(onFx(() -> robot.lookup("#activityLabel").queryLabeled().getText()).startsWith("Reading shop-totals-update"));

        robot.clickOn("#completeModeButton");
        // the read cannot end before the test lets go of the disk: whatever is handled now was handled while it ran
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> onFx(window.model().query()::getOutputMode) == OutputMode.COMPLETE);
        assertTrue(onFx(window.viewModel()::isLoading), "the read is still held");
        robot.clickOn("#presentationToggle");
        assertTrue(onFx(window.model().display()::isPresentation), "a second click, also handled while reading");
        robot.clickOn("#presentationToggle");
        screenshot(robot, window.scene(), "reading-in-background.png");

        slowDisk.countDown();
        UiTestSupport.awaitLoaded(window);
        assertEquals(3, onFx(() -> window.model().timeline().batches().size()));
        assertEquals(0.0, onFx(status::getProgress));
    }
}
