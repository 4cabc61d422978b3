package io.streamscope.replay.lag;

import java.util.List;

/**
 * The query's lag: per partition, topic end offset − end offset of the last committed batch.
 *
 * @param batchId    the last committed batch, or null when none committed (then from the initial offsets)
 * @param partitions per source and partition
 * @param notes      what could not be measured, and why
 */
public record Lag(Long batchId, List<PartitionLag> partitions, List<String> notes) {

    public Lag {
        partitions = List.copyOf(partitions);
        notes = List.copyOf(notes);
    }

    /** Rows behind over all partitions (a partition whose checkpoint is past the topic's end counts 0). */
    public long total() {
        return partitions.stream().mapToLong(p -> Math.max(0, p.lag())).sum();
    }
}
