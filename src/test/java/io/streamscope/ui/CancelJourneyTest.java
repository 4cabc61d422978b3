package io.streamscope.ui;

import io.streamscope.task.Progress;
import io.streamscope.ui.recent.RecentFolders;
import io.streamscope.ui.state.StateRowView;
import io.streamscope.ui.tasks.ReadTask;
import javafx.concurrent.Worker;
import javafx.scene.control.Button;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stopping a long read in the window, by Esc and by the status bar's ✕: the read stops at its next chunk, what was on
 * show stays as it was, and the status bar says it was cancelled; a read left alone fills the bar to 100 %. A read is
 * held mid-way by a test hook (the reading thread waits on a latch at a chosen report), so no step waits on time.
 */
@ExtendWith(ApplicationExtension.class)
class CancelJourneyTest {

    @TempDir
    Path temp;

    private MainWindow window;
    /** Every read the window started, as its executor saw them. */
    private final List<ReadTask<?>> reads = Collections.synchronizedList(new ArrayList<>());
    /** The read to hold (its title starts with it) and at which report; null: none. */
    private volatile String holdTitle;
    private volatile Predicate<Progress> holdAt;
    private final CountDownLatch held = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    /** What the held read reported, on its own thread. */
    private final List<Progress> heldReports = Collections.synchronizedList(new ArrayList<>());

    @Start
    void start(Stage stage) throws IOException {
        Executor hooked = work -> {
            if (work instanceof ReadTask<?> read) {
                reads.add(read);
                if (holdTitle != null && read.description().startsWith(holdTitle)) {
                    Predicate<Progress> at = holdAt;
                    read.tap(progress -> {
                        heldReports.add(progress);
                        if (at.test(progress)) {
                            held.countDown();
                            await(release);
                        }
                    });
                }
            }
            BackgroundTasks.shared().execute(work);
        };
        window = MainWindow.create(new WindowModel(hooked, RecentFolders.inMemory()));
        window.show(stage);
    }

    @AfterEach
    void letGo() {
        release.countDown();
    }

    @Test
    void escStopsACheckpointReadAndTheCheckpointOnShowStays(FxRobot robot) throws Exception {
        Path big = SyntheticCheckpoint.write(temp.resolve("big-checkpoint"), 400, 2, 10);
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        robot.interact(() -> window.model().timeline().select(1));
        UiTestSupport.awaitReplay(window);
        Shown before = shown();
        assertTrue(before.inputRows() > 0 && before.resultRows() > 0, before.toString());

        holdTitle = "Reading big-checkpoint";
        holdAt = progress -> progress.done() == 600;
        robot.interact(() -> window.model().open(big));
        assertTrue(held.await(20, TimeUnit.SECONDS), "the read reached commits/200");
        StatusBar status = robot.lookup("#statusBar").query();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(status::getProgress) > 0.5);
        assertTrue(onFx(status::getProgress) < 1.0, "a determinate bar part way: " + onFx(status::getProgress));
        String reading = onFx(() -> robot.lookup("#activityLabel").queryLabeled().getText());
        assertTrue(reading.startsWith("Reading big-checkpoint: commits/") && reading.endsWith(" of 800 files"), reading);
        assertTrue(onFx(() -> robot.lookup("#cancelButton").queryAs(Button.class).isVisible()), "the ✕ shows");
        screenshot(robot, window.scene(), "reading-with-progress.png");

        robot.type(KeyCode.ESCAPE);
        ReadTask<?> read = readTitled("Reading big-checkpoint");
        assertEquals(Worker.State.CANCELLED, onFx(read::getState));
        int reportsAtCancel = heldReports.size();
        release.countDown();
        UiTestSupport.awaitIdle(window);

        assertEquals(reportsAtCancel, heldReports.size(), "no file read after the cancel: " + last(heldReports));
        assertEquals(before, shown(), "the checkpoint on show stays as it was");
        assertTrue(onFx(window.viewModel().statusProperty()::get).startsWith("Cancelled reading big-checkpoint"),
                onFx(window.viewModel().statusProperty()::get));
        assertEquals("Cancelled: Reading big-checkpoint",
                onFx(() -> robot.lookup("#activityLabel").queryLabeled().getText()));
        assertEquals(0.0, onFx(status::getProgress));
        assertTrue(!onFx(() -> robot.lookup("#cancelButton").queryAs(Button.class).isVisible()), "the ✕ goes");
    }

    @Test
    void theCancelButtonStopsAStateReadAndTheRowsOnShowStay(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        robot.interact(() -> window.model().timeline().select(2));
        UiTestSupport.awaitIdle(window);
        List<StateRowView> rows = onFx(() -> List.copyOf(window.model().state().rows()));
        String summary = onFx(window.model().state().summaryProperty()::get);
        assertTrue(!rows.isEmpty(), "batch 2 has state");

        holdTitle = "Reading the state after batch 1";
        holdAt = progress -> progress.done() == 1;
        robot.interact(() -> window.model().timeline().select(1));
        assertTrue(held.await(20, TimeUnit.SECONDS), "the state read reached partition 1");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#cancelButton");
        assertEquals(Worker.State.CANCELLED, onFx(readTitled("Reading the state after batch 1")::getState));
        int reportsAtCancel = heldReports.size();
        release.countDown();
        UiTestSupport.awaitIdle(window);

        assertEquals(reportsAtCancel, heldReports.size(), "no partition read after the cancel: " + last(heldReports));
        assertEquals(rows, onFx(() -> List.copyOf(window.model().state().rows())), "the rows on show stay");
        assertEquals(summary, onFx(window.model().state().summaryProperty()::get));
        assertTrue(onFx(() -> robot.lookup("#activityLabel").queryLabeled().getText())
                .startsWith("Cancelled: Reading the state after batch 1"));

        robot.interact(() -> window.model().timeline().select(0));
        UiTestSupport.awaitIdle(window);
        assertTrue(!onFx(() -> robot.lookup("#activityLabel").queryLabeled().getText()).startsWith("Cancelled"),
                "the next read takes the remark away");
    }

    @Test
    void aCompleteReadFillsTheBar(FxRobot robot) throws Exception {
        Path big = SyntheticCheckpoint.write(temp.resolve("big-checkpoint"), 400, 2, 10);
        StatusBar status = robot.lookup("#statusBar").query();
        List<String> shownWhileReading = Collections.synchronizedList(new ArrayList<>());
        robot.interact(() -> status.progressProperty().addListener((property, old, value) -> {
            if (window.viewModel().isLoading()) {
                shownWhileReading.add(value + " " + robot.lookup("#activityLabel").queryLabeled().getText());
            }
        }));
        UiTestSupport.open(robot, window, big);

        ReadTask<?> read = readTitled("Reading big-checkpoint");
        assertEquals(Worker.State.SUCCEEDED, onFx(read::getState));
        assertEquals(1.0, onFx(read::getProgress), "the read's progress reached 100 %");
        assertTrue(shownWhileReading.contains("1.0 Reading big-checkpoint: state/: 800 of 800 files"),
                "the status bar showed 100 %: " + shownWhileReading);
        assertEquals(400, onFx(() -> window.model().timeline().batches().size()));
    }

    /** What the window shows of the open checkpoint: compared before and after a cancelled read. */
    private record Shown(String title, String path, int batches, Long selected, int stateRows, String query,
                         Object replayed, int inputRows, int resultRows) {
    }

    private Shown shown() throws Exception {
        return onFx(() -> new Shown(window.viewModel().windowTitleProperty().get(),
                window.viewModel().pathTextProperty().get(), window.model().timeline().batches().size(),
                window.model().timeline().selectedBatchProperty().get() == null ? null
                        : window.model().timeline().selectedBatchProperty().get().id(),
                window.model().state().rows().size(), window.model().query().textProperty().get(),
                window.model().replay().getOutcome(), rows("#inputTable"), rows("#resultTable")));
    }

    private int rows(String table) {
        return ((javafx.scene.control.TableView<?>) window.scene().lookup(table)).getItems().size();
    }

    private ReadTask<?> readTitled(String title) {
        synchronized (reads) {
            return reads.stream().filter(read -> read.description().startsWith(title)).reduce((a, b) -> b).orElseThrow();
        }
    }

    private static Progress last(List<Progress> reports) {
        synchronized (reports) {
            return reports.isEmpty() ? null : reports.get(reports.size() - 1);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
