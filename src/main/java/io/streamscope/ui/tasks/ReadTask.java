package io.streamscope.ui.tasks;

import io.streamscope.task.BackgroundTask;
import io.streamscope.task.Progress;
import io.streamscope.task.ProgressListener;
import io.streamscope.task.Work;
import io.streamscope.ui.BackgroundTasks;
import javafx.application.Platform;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link BackgroundTask} as a JavaFX task: its work asks this task's cancellation and its progress becomes the
 * task's progress and message together ("state/0 version 3: 2 of 5 partitions"). Reports reach the FX thread
 * coalesced, not one {@code runLater} each: the newest waits in one slot and at most one {@code runLater} is in
 * flight, so a read reporting every file is shown at the FX thread's pace, and its last report (100 %) always
 * arrives before its result.
 */
public final class ReadTask<T> extends BackgroundTasks.Described<T> {

    private final BackgroundTask<T> work;
    private final List<ProgressListener> taps = new CopyOnWriteArrayList<>();
    /** The newest report not yet on the FX thread; null while none waits (then a new one schedules a publish). */
    private final AtomicReference<Progress> pending = new AtomicReference<>();

    public ReadTask(String title, BackgroundTask<T> work) {
        super(title);
        this.work = work;
    }

    /**
     * Tells {@code listener} every report as the read makes it, on the reading thread, before it is published: for
     * tests and benchmarks that watch (or hold) a read between two chunks. Add it before the task runs.
     */
    public void tap(ProgressListener listener) {
        taps.add(listener);
    }

    @Override
    protected T call() throws Exception {
        return work.call(new Work(this::isCancelled, this::reported));
    }

    private void reported(Progress progress) {
        for (ProgressListener tap : taps) {
            tap.onProgress(progress);
        }
        if (pending.getAndSet(progress) == null) {
            Platform.runLater(this::publish);
        }
    }

    /** On the FX thread, where Task's updates take effect at once: the message first, for whoever follows progress. */
    private void publish() {
        Progress progress = pending.getAndSet(null);
        if (progress != null) {
            updateMessage(progress.describe());
            updateProgress(progress.fraction(), 1); // -1 while the total is not known: the bar is indeterminate
        }
    }

    /** Cancels without interrupting: the work stops at its next check (a Kafka client or a file channel interrupted
     * mid-call would be left broken). */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return super.cancel(false);
    }
}
