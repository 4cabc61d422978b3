package io.streamscope.replay.lag;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.KafkaOffsets;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.checkpoint.SourceInfo;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Measures a query's lag, which no Kafka tool can show for Structured Streaming: Spark keeps its offsets in the
 * checkpoint and commits none to Kafka.
 */
public final class LagCalculator {

    private LagCalculator() {
    }

    /** The lag of every Kafka source of {@code checkpoint} against the topics in {@code topics} now. */
    public static Lag measure(Checkpoint checkpoint, TopicSource topics) throws TopicException {
        Optional<Batch> committed = checkpoint.lastCommittedBatch();
        List<String> notes = new ArrayList<>();
        Map<Integer, SortedMap<KafkaPartition, Long>> positions = new TreeMap<>();
        if (committed.isPresent()) {
            for (BatchSource source : committed.get().sources()) {
                Optional<SortedMap<KafkaPartition, Long>> end = KafkaOffsets.parse(source.endOffset());
                if (end.isPresent()) {
                    positions.put(source.index(), end.get());
                } else {
                    notes.add("source " + source.index() + " of batch " + committed.get().id() + " has no Kafka offsets");
                }
            }
        } else {
            notes.add("no batch has committed yet: lag is counted from the initial offsets");
            for (SourceInfo source : checkpoint.sources()) {
                KafkaOffsets.parse(source.initialOffsets()).ifPresentOrElse(
                        offsets -> positions.put(source.index(), offsets),
                        () -> notes.add("source " + source.index() + " has no Kafka initial offsets"));
            }
        }
        List<PartitionLag> partitions = new ArrayList<>();
        for (Map.Entry<Integer, SortedMap<KafkaPartition, Long>> source : positions.entrySet()) {
            partitions.addAll(measureSource(source.getKey(), source.getValue(), topics, notes));
        }
        return new Lag(committed.map(Batch::id).orElse(null), partitions, notes);
    }

    private static List<PartitionLag> measureSource(int index, SortedMap<KafkaPartition, Long> positions,
                                                    TopicSource topics, List<String> notes) throws TopicException {
        TreeSet<KafkaPartition> current = new TreeSet<>();
        for (String topic : new TreeSet<>(positions.keySet().stream().map(KafkaPartition::topic).toList())) {
            current.addAll(topics.partitions(topic));
        }
        Map<KafkaPartition, Long> ends = topics.endOffsets(current);
        List<KafkaPartition> unknown = current.stream().filter(p -> !positions.containsKey(p)).toList();
        Map<KafkaPartition, Long> beginnings = unknown.isEmpty() ? Map.of() : topics.beginningOffsets(unknown);
        List<PartitionLag> lags = new ArrayList<>();
        for (KafkaPartition partition : current) {
            Long position = positions.get(partition);
            boolean known = position != null;
            lags.add(new PartitionLag(index, partition, known ? position : beginnings.get(partition), known,
                    ends.get(partition)));
        }
        for (KafkaPartition gone : positions.keySet()) {
            if (!current.contains(gone)) {
                notes.add("source " + index + ": partition " + gone + " is in the checkpoint but no longer in the topic");
            }
        }
        return lags;
    }
}
