package io.streamscope.replay.lag;

import io.streamscope.checkpoint.KafkaPartition;

/**
 * How far one partition's topic is ahead of the query.
 *
 * @param sourceIndex      the checkpoint source reading it
 * @param partition        the partition
 * @param checkpointOffset where the query will go on reading: the last committed batch's end offset; for a partition
 *                         the checkpoint does not know yet, the topic's beginning (Spark reads new partitions from
 *                         the earliest offset)
 * @param knownToQuery     false for a partition the checkpoint does not know yet
 * @param topicEndOffset   the topic's end offset now
 */
public record PartitionLag(int sourceIndex, KafkaPartition partition, long checkpointOffset, boolean knownToQuery,
                           long topicEndOffset) {

    /** Rows behind; negative when the checkpoint is past the topic's end (the topic was re-created or truncated). */
    public long lag() {
        return topicEndOffset - checkpointOffset;
    }
}
