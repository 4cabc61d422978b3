package io.streamscope.topic;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.KafkaOffsets;
import io.streamscope.checkpoint.KafkaPartition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The offsets of a topic that a checkpoint's batches read, per partition from the earliest start to the latest end
 * (batches planned but not committed included, since Spark re-runs them): what a snapshot of the topic must hold to
 * replay the checkpoint offline.
 */
public final class CheckpointSpan {

    /**
     * @param ranges per partition, in partition order
     * @param notes  where the span had to be widened or guessed, and why
     */
    public record Span(List<OffsetRange> ranges, List<String> notes) {

        public Span {
            ranges = List.copyOf(ranges);
            notes = List.copyOf(notes);
        }
    }

    private CheckpointSpan() {
    }

    /** The Kafka topics the checkpoint's batches read, sorted. */
    public static List<String> topics(Checkpoint checkpoint) {
        TreeSet<String> topics = new TreeSet<>();
        for (Batch batch : checkpoint.batches().values()) {
            for (BatchSource source : batch.sources()) {
                KafkaOffsets.parse(source.endOffset()).ifPresent(end -> end.keySet().forEach(p -> topics.add(p.topic())));
            }
        }
        return List.copyOf(topics);
    }

    /**
     * The span of {@code topic}. Where the first batch's start is unknown (earlier batches purged), the span starts at
     * the partition's beginning in {@code source}.
     *
     * @throws TopicException when the checkpoint never read {@code topic}, or {@code source} fails
     */
    public static Span of(Checkpoint checkpoint, String topic, TopicSource source) throws TopicException {
        SortedMap<KafkaPartition, Long> starts = new TreeMap<>();
        SortedMap<KafkaPartition, Long> ends = new TreeMap<>();
        Map<KafkaPartition, Long> unknownStartBatch = new TreeMap<>();
        for (Batch batch : checkpoint.batches().values()) {
            for (BatchSource batchSource : batch.sources()) {
                Optional<SortedMap<KafkaPartition, Long>> end = KafkaOffsets.parse(batchSource.endOffset());
                if (end.isEmpty()) {
                    continue;
                }
                Optional<SortedMap<KafkaPartition, Long>> start = KafkaOffsets.parse(batchSource.startOffset());
                for (Map.Entry<KafkaPartition, Long> partition : end.get().entrySet()) {
                    if (!partition.getKey().topic().equals(topic)) {
                        continue;
                    }
                    ends.merge(partition.getKey(), partition.getValue(), Math::max);
                    if (start.isEmpty()) {
                        unknownStartBatch.putIfAbsent(partition.getKey(), batch.id());
                    } else {
                        // A partition new in this batch was read from its earliest offset: from 0.
                        starts.merge(partition.getKey(), start.get().getOrDefault(partition.getKey(), 0L), Math::min);
                    }
                }
            }
        }
        if (ends.isEmpty()) {
            List<String> read = topics(checkpoint);
            throw new TopicException("checkpoint " + checkpoint.path() + " never read topic " + topic
                    + (read.isEmpty() ? " (no batch read a Kafka topic)" : "; it read " + String.join(", ", read)));
        }
        List<String> notes = new ArrayList<>();
        Map<KafkaPartition, Long> beginnings = unknownStartBatch.isEmpty() ? Map.of()
                : source.beginningOffsets(unknownStartBatch.keySet());
        List<OffsetRange> ranges = new ArrayList<>();
        for (Map.Entry<KafkaPartition, Long> end : ends.entrySet()) {
            KafkaPartition partition = end.getKey();
            Long from = starts.get(partition);
            Long unknownBatch = unknownStartBatch.get(partition);
            if (unknownBatch != null) {
                long beginning = beginnings.get(partition);
                notes.add("the start offsets of batch " + unknownBatch + " are unknown (earlier batches were purged):"
                        + " taking " + partition + " from the topic's beginning, offset " + beginning);
                from = from == null ? beginning : Math.min(from, beginning);
            }
            long until = end.getValue();
            ranges.add(new OffsetRange(partition, Math.min(from, until), until));
        }
        return new Span(ranges, notes);
    }
}
