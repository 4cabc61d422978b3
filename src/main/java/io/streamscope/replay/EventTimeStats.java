package io.streamscope.replay;

/**
 * The event times the watermark operator saw in a batch (its rows with a non-null event time), as Spark's progress
 * reports them under {@code eventTime}.
 */
public record EventTimeStats(long count, long minMs, long maxMs, double avgMs) {
}
