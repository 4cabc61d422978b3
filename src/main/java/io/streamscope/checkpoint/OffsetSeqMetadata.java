package io.streamscope.checkpoint;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Line 2 of {@code offsets/N}: the watermark and processing time batch N used, and the SQL confs pinned for the
 * life of the query (empty before Spark 2.3).
 */
public record OffsetSeqMetadata(long batchWatermarkMs, long batchTimestampMs, SortedMap<String, String> conf) {

    /** What Spark assumes when the line is empty. */
    public static final OffsetSeqMetadata EMPTY = new OffsetSeqMetadata(0, 0, new TreeMap<>());

    public OffsetSeqMetadata {
        conf = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(conf));
    }

    public static OffsetSeqMetadata of(long batchWatermarkMs, long batchTimestampMs, Map<String, String> conf) {
        return new OffsetSeqMetadata(batchWatermarkMs, batchTimestampMs, new TreeMap<>(conf));
    }
}
