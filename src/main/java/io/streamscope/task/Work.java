package io.streamscope.task;

import java.util.Objects;

/**
 * What a long read is handed besides its input: the flag it asks between chunks and the listener it tells how far it
 * has come. One parameter instead of two, so every reader's signature stays short; the CLI passes {@link #NONE}.
 */
public record Work(Cancellation cancellation, ProgressListener progress) {

    /** Never cancelled, progress unheard: what the CLI and the tests' plain reads pass. */
    public static final Work NONE = new Work(Cancellation.NEVER, ProgressListener.NONE);

    public Work {
        Objects.requireNonNull(cancellation, "cancellation");
        Objects.requireNonNull(progress, "progress");
    }

    /** Throws {@link java.util.concurrent.CancellationException} when cancelled: called between two chunks. */
    public void check() {
        cancellation.check();
    }

    public void report(String what, long done, long total, Progress.Unit unit) {
        progress.onProgress(new Progress(what, done, total, unit));
    }

    /**
     * This work as step {@code index} (from 0) of {@code steps} equal steps: a read made of several passes (the state
     * after a batch and after the one before) reports one bar from 0 to 100 %, not one per pass.
     */
    public Work step(int index, int steps) {
        if (steps <= 1) {
            return this;
        }
        ProgressListener whole = progress;
        return new Work(cancellation, part -> whole.onProgress(part.total() < 0 ? part
                : new Progress(part.what(), index * part.total() + part.done(), steps * part.total(), part.unit())));
    }
}
