package io.streamscope.ui.tasks;

import io.streamscope.task.Progress;
import javafx.application.Platform;
import javafx.concurrent.Worker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window's one adapter of background work: the newest run of a view model wins, superseded runs hand nothing
 * back, and progress reaches the FX thread coalesced. Runs are started by hand (an executor that only collects them)
 * and the FX thread is held on a latch where the order of events matters, so nothing depends on timing.
 */
@ExtendWith(ApplicationExtension.class)
class LatestRunWinsTest {

    private final List<Runnable> submitted = new ArrayList<>();

    @Test
    void aSupersededRunIsCancelledAndHandsNothingBack() throws Exception {
        List<String> shown = new ArrayList<>();
        LatestRunWins<String> runs = new LatestRunWins<>(submitted::add);
        ReadTask<String> older = onFx(() -> runs.run("older", work -> "old", shown::add, error -> shown.add("failed")));
        ReadTask<String> newer = onFx(() -> runs.run("newer", work -> "new", shown::add, error -> shown.add("failed")));

        assertEquals(Worker.State.CANCELLED, onFx(older::getState), "starting a run cancels the one before");
        newer.run();
        older.run();
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of("new"), onFx(() -> List.copyOf(shown)));
        assertTrue(!onFx(runs::isRunning));
    }

    @Test
    void aCancelledRunSaysSoOnceAndASupersededOneNever() throws Exception {
        List<String> told = new ArrayList<>();
        LatestRunWins<String> runs = new LatestRunWins<>(submitted::add);
        onFx(() -> runs.run("first", work -> "1", told::add, error -> { }, () -> told.add("first cancelled")));
        ReadTask<String> second = onFx(() -> runs.run("second", work -> "2", told::add, error -> { },
                () -> told.add("second cancelled")));
        onFx(second::cancel);

        assertEquals(List.of("second cancelled"), onFx(() -> List.copyOf(told)), "the first was superseded, not cancelled");
    }

    @Test
    void aReadThatCancelsStopsAtItsNextCheck() throws Exception {
        LatestRunWins<Integer> runs = new LatestRunWins<>(submitted::add);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        int[] chunksAfterCancel = {0};
        ReadTask<Integer> task = onFx(() -> runs.run("read", work -> {
            started.countDown();
            cancelled.await(10, TimeUnit.SECONDS);
            for (int chunk = 0; chunk < 10; chunk++) {
                work.check();
                chunksAfterCancel[0]++;
            }
            return chunksAfterCancel[0];
        }, result -> { }, error -> { }));
        Thread reader = new Thread(task);
        reader.start();
        assertTrue(started.await(10, TimeUnit.SECONDS));
        onFx(task::cancel);
        cancelled.countDown();
        reader.join(10_000);

        assertEquals(0, chunksAfterCancel[0], "the work saw the task's cancellation at its first check");
        assertEquals(Worker.State.CANCELLED, onFx(task::getState));
    }

    @Test
    void reportsReachTheFxThreadCoalescedAndTheLastOneAlways() throws Exception {
        LatestRunWins<Void> runs = new LatestRunWins<>(submitted::add);
        ReadTask<Void> task = onFx(() -> runs.run("read", work -> {
            for (int file = 0; file <= 1_000; file++) {
                work.report("offsets/" + file, file, 1_000, Progress.Unit.FILES);
            }
            return null;
        }, result -> { }, error -> { }));
        List<String> messages = new ArrayList<>();
        onFx(() -> {
            task.messageProperty().addListener((property, old, message) -> messages.add(message));
            return null;
        });
        CountDownLatch fxHeld = new CountDownLatch(1);
        CountDownLatch readDone = new CountDownLatch(1);
        Platform.runLater(() -> {
            fxHeld.countDown();
            await(readDone); // the FX thread is busy while the read makes its 1,001 reports
        });
        assertTrue(fxHeld.await(10, TimeUnit.SECONDS));
        Thread reader = new Thread(() -> {
            task.run();
            readDone.countDown();
        });
        reader.start();
        reader.join(10_000);
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of("offsets/1000: 1000 of 1000 files"), onFx(() -> List.copyOf(messages)),
                "1,001 reports made while the FX thread was busy arrive as one, the newest");
        assertEquals(1.0, onFx(task::getProgress));
        assertEquals(Worker.State.SUCCEEDED, onFx(task::getState));
    }

    @Test
    void aFinishedRunHoldsNoHandlerAndSoNothingTheyCaptured() throws Exception {
        LatestRunWins<String> runs = new LatestRunWins<>(submitted::add);
        List<String> told = new ArrayList<>();
        ReadTask<String> succeeded = onFx(() -> runs.run("succeeds", work -> "done", told::add, error -> told.add("failed")));
        succeeded.run();
        ReadTask<String> failed = onFx(() -> runs.run("fails", work -> {
            throw new IllegalStateException("disk on fire");
        }, told::add, error -> told.add(error.getMessage())));
        failed.run();
        WaitForAsyncUtils.waitForFxEvents();
        ReadTask<String> cancelled = onFx(() -> runs.run("cancelled", work -> "never", told::add, error -> { },
                () -> told.add("cancelled")));
        ReadTask<String> superseded = onFx(() -> runs.run("superseded", work -> "never", told::add, error -> { }));
        onFx(() -> runs.run("newest", work -> "newest", told::add, error -> { }));
        onFx(superseded::cancel);
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of("done", "disk on fire"), onFx(() -> List.copyOf(told)), "the handlers ran before they were dropped");
        for (ReadTask<String> task : List.of(succeeded, failed, cancelled, superseded)) {
            assertTrue(onFx(() -> task.getOnSucceeded() == null && task.getOnFailed() == null && task.getOnCancelled() == null),
                    onFx(task::getTitle) + " still holds its handlers");
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
