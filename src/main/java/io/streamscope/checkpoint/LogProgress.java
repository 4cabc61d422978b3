package io.streamscope.checkpoint;

import io.streamscope.task.Progress;
import io.streamscope.task.Work;

/**
 * The files of a checkpoint's logs read so far, out of all those listed: asks the cancellation before each file (a
 * log file is at most {@link FolderAccess#MAX_TEXT_LOG_BYTES}, so a read stops within one file) and reports after.
 * The state discovery counts the partition folders it lists the same way.
 */
final class LogProgress {

    private final Work work;
    private final long total;
    private final Progress.Unit unit;
    private long done;

    LogProgress(Work work, long total) {
        this(work, total, Progress.Unit.FILES);
    }

    LogProgress(Work work, long total, Progress.Unit unit) {
        this.work = work;
        this.total = total;
        this.unit = unit;
    }

    /** Before reading the file named {@code what}: stops here when cancelled, else says how far the read is. */
    synchronized void next(String what) { // the log files are read on several threads
        work.check();
        work.report(what, done++, total, unit);
    }

    /** Every file (folder) read; {@code next} is what comes after them, for the status bar. */
    synchronized void done(String next) {
        work.check();
        work.report(next, total, total, unit);
    }
}
