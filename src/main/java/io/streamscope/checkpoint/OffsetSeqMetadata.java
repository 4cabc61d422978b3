package io.streamscope.checkpoint;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Line 2 of {@code offsets/N}: the watermark and processing time batch N used, and the SQL confs pinned for the
 * life of the query (empty before Spark 2.3).
 */
public record OffsetSeqMetadata(long batchWatermarkMs, long batchTimestampMs, SortedMap<String, String> conf) {

    /** How many different confs are kept once; beyond it each metadata keeps its own copy. */
    private static final int MAX_SHARED_CONFS = 256;
    /**
     * Spark writes the confs pinned at the query's start into every {@code offsets/N}: ten thousand batches carry one
     * conf, which is kept once (immutable, so shared freely) rather than ten thousand times.
     */
    private static final Map<Map<String, String>, SortedMap<String, String>> SHARED_CONFS = new ConcurrentHashMap<>();

    /** What Spark assumes when the line is empty (made after the shared confs, which its making uses). */
    public static final OffsetSeqMetadata EMPTY = new OffsetSeqMetadata(0, 0, new TreeMap<>());

    public OffsetSeqMetadata {
        conf = shared(conf);
    }

    public static OffsetSeqMetadata of(long batchWatermarkMs, long batchTimestampMs, Map<String, String> conf) {
        return new OffsetSeqMetadata(batchWatermarkMs, batchTimestampMs, new TreeMap<>(conf));
    }

    /** The conf shared last: a batch's metadata is usually made with the very conf the batch before it got. */
    private static volatile SortedMap<String, String> lastShared;

    private static SortedMap<String, String> shared(SortedMap<String, String> conf) {
        SortedMap<String, String> last = lastShared;
        if (conf == last) {
            return last; // no need to hash it again
        }
        SortedMap<String, String> shared = SHARED_CONFS.get(conf);
        if (shared == null) {
            SortedMap<String, String> copy = Collections.unmodifiableSortedMap(new TreeMap<>(conf));
            SortedMap<String, String> raced = SHARED_CONFS.size() < MAX_SHARED_CONFS ? SHARED_CONFS.putIfAbsent(copy, copy) : null;
            shared = raced != null ? raced : copy;
        }
        lastShared = shared;
        return shared;
    }
}
