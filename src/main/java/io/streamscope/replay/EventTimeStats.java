package io.streamscope.replay;

import io.streamscope.replay.plan.Values;
import io.streamscope.sparktypes.Row;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The event times the watermark operator saw in a batch (its rows with a non-null event time), as Spark's progress
 * reports them under {@code eventTime}.
 */
public record EventTimeStats(long count, long minMs, long maxMs, double avgMs) {

    /** The stats of the event-time column {@code column} over {@code rows}; empty when none has an event time. */
    static Optional<EventTimeStats> of(List<Row> rows, int column) {
        long count = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        double sum = 0;
        for (Row row : rows) {
            if (row.values().get(column) instanceof Instant time) {
                long ms = Math.floorDiv(Values.micros(time), 1000L);
                count++;
                min = Math.min(min, ms);
                max = Math.max(max, ms);
                sum += ms;
            }
        }
        return count == 0 ? Optional.empty() : Optional.of(new EventTimeStats(count, min, max, sum / count));
    }
}
