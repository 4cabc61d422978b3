package io.streamscope.follow;

/** Polling with backoff, for file systems without a watch service (remote stores). */
public final class PollingWait implements ChangeWait {

    private final Backoff backoff;
    private final FollowClock clock;

    public PollingWait(Backoff backoff, FollowClock clock) {
        this.backoff = backoff;
        this.clock = clock;
    }

    @Override
    public void await(boolean changed, boolean failed, long maxNanos) throws InterruptedException {
        clock.sleep(Math.min(maxNanos, backoff.next(changed, failed)));
    }

    @Override
    public String description() {
        return "polling";
    }

    @Override
    public void close() {
    }
}
