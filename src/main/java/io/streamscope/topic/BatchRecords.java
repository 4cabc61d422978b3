package io.streamscope.topic;

import java.util.List;

/**
 * The records a checkpoint batch read.
 *
 * @param batchId    the batch
 * @param partitions per Kafka source and partition, by source index then partition
 * @param notes      sources or partitions whose records cannot be named, and why (not Kafka, unknown start, …)
 */
public record BatchRecords(long batchId, List<PartitionRecords> partitions, List<String> notes) {

    public BatchRecords {
        partitions = List.copyOf(partitions);
        notes = List.copyOf(notes);
    }

    /** All records, in source, partition and offset order. */
    public List<TopicRecord> records() {
        return partitions.stream().flatMap(p -> p.records().stream()).toList();
    }

    public List<MissingRange> missing() {
        return partitions.stream().flatMap(p -> p.missing().stream()).toList();
    }
}
