package io.streamscope.topic;

import io.streamscope.checkpoint.KafkaPartition;

import java.util.Objects;

/**
 * Offsets {@code [from, until)} of one partition, the way Spark's offsets name what a batch read.
 */
public record OffsetRange(KafkaPartition partition, long from, long until) {

    public OffsetRange {
        Objects.requireNonNull(partition, "partition");
        if (from < 0 || until < from) {
            throw new IllegalArgumentException("bad offset range [" + from + ", " + until + ") of " + partition);
        }
    }

    public long size() {
        return until - from;
    }

    public boolean isEmpty() {
        return from == until;
    }

    @Override
    public String toString() {
        return partition + " [" + from + ", " + until + ")";
    }
}
