package io.streamscope.task;

import java.util.ArrayList;
import java.util.List;

/**
 * The progress of a read that runs beside another one of the same work, held back until the other is done: the bar
 * shows one read at a time, in order, instead of jumping between their units (a checkpoint's log files, then its state
 * folders, listed meanwhile on the other core). At {@link #release()} the held reports go on in order, up to a
 * cancellation (a read says nothing after it is cancelled); later ones go on as they come.
 */
public final class HeldProgress {

    private final Work work;
    private final List<Progress> held = new ArrayList<>();
    private boolean released;

    public HeldProgress(Work work) {
        this.work = work;
    }

    /** The work to hand the read beside: the same cancellation, its progress held here. */
    public Work work() {
        return new Work(work.cancellation(), this::onProgress);
    }

    private synchronized void onProgress(Progress progress) {
        if (released) {
            work.progress().onProgress(progress);
        } else {
            held.add(progress);
        }
    }

    /** The other read is done: what was held, then everything after it, goes to the work's listener. */
    public synchronized void release() {
        released = true;
        for (Progress progress : held) {
            if (work.cancellation().isCancelled()) {
                break;
            }
            work.progress().onProgress(progress);
        }
        held.clear();
    }
}
