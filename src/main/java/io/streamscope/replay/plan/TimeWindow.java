package io.streamscope.replay.plan;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code window(timeColumn, windowDuration[, slideDuration[, startTime]])}: windows aligned to the epoch (plus the
 * start time), as Spark's {@code TimeWindowing} computes them in microseconds. A tumbling window gives each time one
 * window; a sliding one gives every window that contains it.
 */
public record TimeWindow(long windowMicros, long slideMicros, long startMicros) {

    /** The {@code window} column's type: {@code struct<start: timestamp, end: timestamp>}. */
    public static final SparkType.Struct TYPE = new SparkType.Struct(List.of(
            new SparkType.Field("start", SparkType.Atomic.TIMESTAMP, true),
            new SparkType.Field("end", SparkType.Atomic.TIMESTAMP, true)));

    public boolean tumbling() {
        return windowMicros == slideMicros;
    }

    /** The windows containing {@code time}; none for a null time (Spark filters those rows out). */
    public List<Row> windowsOf(Instant time) {
        if (time == null) {
            return List.of();
        }
        long ts = Values.micros(time);
        long lastStart = ts - Math.floorMod(ts - startMicros, slideMicros);
        long overlapping = (windowMicros + slideMicros - 1) / slideMicros;
        List<Row> windows = new ArrayList<>();
        for (long i = 0; i < overlapping; i++) {
            long start = lastStart - i * slideMicros;
            long end = start + windowMicros;
            if (start <= ts && ts < end) {
                windows.add(window(start, end));
            }
        }
        return windows;
    }

    public static Row window(long startMicros, long endMicros) {
        return new Row(TYPE, List.of(Values.fromMicros(startMicros), Values.fromMicros(endMicros)));
    }

    /** The window's end, which the watermark is compared with. */
    public static Instant end(Row window) {
        return (Instant) window.values().get(1);
    }
}
