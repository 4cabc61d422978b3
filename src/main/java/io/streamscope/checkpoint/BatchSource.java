package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.SortedMap;

/**
 * What batch N read from one source.
 *
 * @param index                source index
 * @param startOffset          where the batch started (the previous batch's end, or the initial offsets for batch
 *                             0), as Spark wrote it; null when unknown (purged history, {@code -})
 * @param endOffset            the batch's end offset from {@code offsets/N}; null for {@code -} or an unreadable file
 * @param numInputRows         rows read, where offsets are numeric Kafka offsets; null otherwise
 * @param inputRowsByPartition rows read per Kafka partition; empty when not numeric
 */
public record BatchSource(int index, JsonNode startOffset, JsonNode endOffset, Long numInputRows,
                          SortedMap<KafkaPartition, Long> inputRowsByPartition) {

    public BatchSource {
        inputRowsByPartition = PartitionLongs.copyOf(inputRowsByPartition);
    }
}
