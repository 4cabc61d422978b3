package io.streamscope.follow;

import io.streamscope.task.Cancellation;

import java.util.List;
import java.util.function.Consumer;

/**
 * Follows a checkpoint until told to stop: polls its {@link CheckpointWatcher}, hands each poll's events on at once
 * (one call per poll, never one per file), then waits for the next change. The {@code watch} command and the
 * window's follow mode both run it.
 */
public final class CheckpointFollower {

    private final CheckpointWatcher watcher;
    private final ChangeWait wait;
    private final FollowClock clock;

    public CheckpointFollower(CheckpointWatcher watcher, ChangeWait wait, FollowClock clock) {
        this.watcher = watcher;
        this.wait = wait;
        this.clock = clock;
    }

    public CheckpointWatcher watcher() {
        return watcher;
    }

    /**
     * Runs until {@code stop} says so (asked after each delivery), {@code deadlineNanos} passes (by the clock;
     * {@link Long#MAX_VALUE} for never), or the thread is interrupted.
     *
     * @return true when it stopped for {@code stop}, false at the deadline
     */
    public boolean run(Cancellation stop, long deadlineNanos, Consumer<List<CheckpointEvent>> deliver)
            throws InterruptedException {
        while (true) {
            List<CheckpointEvent> events = watcher.poll();
            if (!events.isEmpty()) {
                deliver.accept(events);
            }
            if (stop.isCancelled()) {
                return true;
            }
            long left = deadlineNanos == Long.MAX_VALUE ? Long.MAX_VALUE : deadlineNanos - clock.nanoTime();
            if (left <= 0) {
                return false;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            wait.await(!events.isEmpty(), watcher.lastPollFailed(), left);
        }
    }
}
