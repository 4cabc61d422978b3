package io.streamscope.checkpoint;

import io.streamscope.task.Progress;
import io.streamscope.task.Work;

/**
 * The files of a checkpoint's logs read so far, out of all those listed: asks the cancellation before each file (a
 * log file is at most {@link FolderAccess#MAX_TEXT_LOG_BYTES}, so a read stops within one file) and reports after.
 */
final class LogProgress {

    private final Work work;
    private final long total;
    private long done;

    LogProgress(Work work, long total) {
        this.work = work;
        this.total = total;
    }

    /** Before reading the file named {@code what}: stops here when cancelled, else says how far the read is. */
    synchronized void next(String what) { // the log files are read on several threads
        work.check();
        work.report(what, done++, total, Progress.Unit.FILES);
    }

    /** Every log file read; {@code next} is what comes after them (the state folders), for the status bar. */
    synchronized void done(String next) {
        work.check();
        work.report(next, total, total, Progress.Unit.FILES);
    }
}
