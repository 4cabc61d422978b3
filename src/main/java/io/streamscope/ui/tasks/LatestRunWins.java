package io.streamscope.ui.tasks;

import io.streamscope.task.BackgroundTask;

import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * One view model's reads, of which only the newest counts: starting a run cancels the one before, whose result,
 * failure or cancellation is then never handed back. The handlers run on the FX thread, for the current run only.
 * Call it on the FX thread.
 */
public final class LatestRunWins<T> {

    private final Executor executor;
    private ReadTask<T> current;

    /** @param executor where runs go (the window's ActivityMonitor, which shows them in the status bar) */
    public LatestRunWins(Executor executor) {
        this.executor = executor;
    }

    /** Runs {@code work} with the success and failure handlers; a cancelled run hands nothing back. */
    public ReadTask<T> run(String title, BackgroundTask<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        return run(title, work, onSuccess, onFailure, () -> { });
    }

    /** Likewise, {@code onCancelled} told when the user cancels this run (not when a newer run replaces it). */
    public ReadTask<T> run(String title, BackgroundTask<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure,
                           Runnable onCancelled) {
        supersede();
        ReadTask<T> task = new ReadTask<>(title, work);
        current = task;
        task.setOnSucceeded(event -> ended(task, () -> onSuccess.accept(task.getValue())));
        task.setOnFailed(event -> ended(task, () -> onFailure.accept(task.getException())));
        task.setOnCancelled(event -> ended(task, onCancelled));
        executor.execute(task);
        return task;
    }

    /** The run under way (if any) no longer counts: it is cancelled, and nothing of it is handed back. */
    public void supersede() {
        ReadTask<T> previous = current;
        current = null; // first: cancelling on the FX thread tells the handlers at once
        if (previous != null) {
            previous.cancel();
        }
    }

    /** Whether a run was started that has not finished yet. */
    public boolean isRunning() {
        return current != null;
    }

    /**
     * Drops a finished run's handlers, and with them what they hold: a view model's handlers keep what was on show
     * before the run, to show again should it be cancelled, and a finished run's task lives on as long as whatever it
     * read keeps its cancellation, which had chained each step of a store's state to the one before, all kept.
     */
    private static void release(ReadTask<?> task) {
        task.setOnSucceeded(null);
        task.setOnFailed(null);
        task.setOnCancelled(null);
    }

    /** A run ends in one of its three handlers, which lets go of all three and runs {@code handler} if it still counts. */
    private void ended(ReadTask<T> task, Runnable handler) {
        boolean counts = finish(task);
        release(task);
        if (counts) {
            handler.run();
        }
    }

    private boolean finish(ReadTask<T> task) {
        if (task != current) {
            return false;
        }
        current = null;
        return true;
    }
}
