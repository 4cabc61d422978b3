package io.streamscope.replay;

import io.streamscope.replay.plan.TimeWindow;
import io.streamscope.replay.plan.Values;
import io.streamscope.sparktypes.Row;

import java.time.Instant;

/** Compares event times (a timestamp, or a window by its end) with a watermark in milliseconds. */
final class WatermarkClock {

    private WatermarkClock() {
    }

    /** Spark's watermark predicate: {@code eventTime <= watermark} (for a window, its end). Null is never old. */
    static boolean atOrBefore(Object eventTime, long watermarkMs) {
        Instant time = eventTime instanceof Row window ? TimeWindow.end(window) : (Instant) eventTime;
        return time != null && Values.micros(time) <= watermarkMs * 1000;
    }

    /** A watermark as a person reads it: {@code 2026-01-22T09:13:00Z}. */
    static String text(long watermarkMs) {
        return java.time.Instant.ofEpochMilli(watermarkMs).toString();
    }
}
