package io.streamscope.follow;

import java.time.Duration;

/**
 * How long polling waits before the next listing: the shortest wait right after a change (a running query writes
 * its next batch soon), growing by half on each quiet poll up to {@code quiet}, and doubling after a failed listing
 * (throttling, a network fault) up to {@code failing}.
 */
public final class Backoff {

    private final long shortest;
    private final long quiet;
    private final long failing;
    private long current;

    public Backoff(Duration shortest, Duration quiet, Duration failing) {
        this.shortest = shortest.toNanos();
        this.quiet = Math.max(this.shortest, quiet.toNanos());
        this.failing = Math.max(this.quiet, failing.toNanos());
        this.current = this.shortest;
    }

    /** 200 ms after a change, at most 1 s while quiet (a new batch shows within about a second), 30 s while failing. */
    public static Backoff standard() {
        return new Backoff(Duration.ofMillis(200), Duration.ofSeconds(1), Duration.ofSeconds(30));
    }

    /** The wait after a poll that found something ({@code changed}), nothing, or could not list. */
    public long next(boolean changed, boolean failed) {
        if (failed) {
            current = Math.min(failing, Math.max(shortest, current * 2));
        } else if (changed) {
            current = shortest;
        } else {
            current = Math.min(quiet, current + current / 2);
        }
        return current;
    }
}
