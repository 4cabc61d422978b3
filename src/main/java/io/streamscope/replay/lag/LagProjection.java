package io.streamscope.replay.lag;

import java.time.Duration;
import java.util.Optional;

/**
 * What happens to the lag when rows arrive faster (or slower) than the query processes them: the chapter's
 * "500 rows/s in, 300 rows/s out, for 600 s → 120,000 rows behind".
 *
 * @param inputRowsPerSecond     rows arriving per second ({@code inputRowsPerSecond} in Spark's progress)
 * @param processedRowsPerSecond rows the query handles per second ({@code processedRowsPerSecond})
 */
public record LagProjection(double inputRowsPerSecond, double processedRowsPerSecond) {

    public LagProjection {
        if (!(inputRowsPerSecond >= 0) || !(processedRowsPerSecond >= 0)
                || Double.isInfinite(inputRowsPerSecond) || Double.isInfinite(processedRowsPerSecond)) {
            throw new IllegalArgumentException("rates must be finite and not negative");
        }
    }

    /** Rows behind after {@code duration}, starting from {@code currentLag}; never below 0, whole rows only. */
    public long rowsBehind(long currentLag, Duration duration) {
        double seconds = duration.toNanos() / 1e9;
        double behind = currentLag + (inputRowsPerSecond - processedRowsPerSecond) * seconds;
        return behind <= 0 ? 0 : (long) Math.floor(behind);
    }

    /** Rows behind after {@code duration} starting with no lag. */
    public long rowsBehind(Duration duration) {
        return rowsBehind(0, duration);
    }

    /** How long until {@code currentLag} is worked off; empty when the query does not keep up. */
    public Optional<Duration> timeToCatchUp(long currentLag) {
        if (currentLag <= 0) {
            return Optional.of(Duration.ZERO);
        }
        double gain = processedRowsPerSecond - inputRowsPerSecond;
        if (gain <= 0) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofNanos((long) Math.ceil(currentLag / gain * 1e9)));
    }
}
