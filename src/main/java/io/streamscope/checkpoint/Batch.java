package io.streamscope.checkpoint;

import java.util.List;
import java.util.Optional;

/**
 * One micro-batch as the checkpoint tells it.
 *
 * @param id         batch id
 * @param offsets    the parsed {@code offsets/N}, empty when purged, missing or unreadable
 * @param sources    start and end offsets per source
 * @param commit     the parsed {@code commits/N}, empty when the batch did not commit
 * @param committed  whether the batch finished: its commit file exists (Spark 2.1, which had no commit log: the
 *                   next batch's offsets exist)
 * @param willReplay offsets written but no commit, on the last batch: Spark re-runs it with exactly these offsets on
 *                   restart
 */
public record Batch(long id, Optional<OffsetSeq> offsets, List<BatchSource> sources, Optional<Commit> commit,
                    boolean committed, boolean willReplay) {

    public Batch {
        sources = List.copyOf(sources);
    }

    public OffsetSeqMetadata metadata() {
        return offsets.map(OffsetSeq::metadata).orElse(OffsetSeqMetadata.EMPTY);
    }

    public long watermarkMs() {
        return metadata().batchWatermarkMs();
    }

    public long timestampMs() {
        return metadata().batchTimestampMs();
    }

    /** The watermark computed after this batch, when its commit says. */
    public Optional<Long> nextWatermarkMs() {
        return commit.map(Commit::nextBatchWatermarkMs);
    }

    /** Total rows read from all sources, when every source's offsets are numeric. */
    public Optional<Long> numInputRows() {
        long total = 0;
        for (BatchSource source : sources) {
            if (source.numInputRows() == null) {
                return Optional.empty();
            }
            total += source.numInputRows();
        }
        return sources.isEmpty() ? Optional.empty() : Optional.of(total);
    }
}
