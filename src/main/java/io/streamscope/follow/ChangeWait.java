package io.streamscope.follow;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.WatchService;

/**
 * Waits between two polls of a {@link CheckpointWatcher}: on a local folder until the file watcher sees a change (a
 * poll at least every second all the same, as events may be lost); on a file system without a watch service (a
 * remote store) for a {@link Backoff}'s time.
 */
public interface ChangeWait extends AutoCloseable {

    /**
     * Returns when something may have changed, or after at most {@code maxNanos}.
     *
     * @param changed whether the last poll found anything
     * @param failed  whether the last poll could not list a folder
     */
    void await(boolean changed, boolean failed, long maxNanos) throws InterruptedException;

    /** Which wait the checkpoint gets, for the status bar: "file watcher" or "polling". */
    String description();

    @Override
    void close();

    /** A file watcher where the checkpoint's file system has one, else polling with backoff. */
    static ChangeWait forCheckpoint(Path checkpoint, FollowClock clock) {
        try {
            WatchService service = checkpoint.getFileSystem().newWatchService();
            return new FileWatchWait(checkpoint, service, clock);
        } catch (UnsupportedOperationException | IOException e) {
            return new PollingWait(Backoff.standard(), clock);
        }
    }
}
