package io.streamscope.topic;

import io.streamscope.checkpoint.KafkaPartition;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where records come from: a Kafka broker ({@link KafkaTopicSource}) or an offline snapshot
 * ({@link JsonlTopicSource}). Strictly read-only. Calls are synchronous and bounded in time; one thread at a time.
 */
public interface TopicSource extends AutoCloseable {

    /** Names the source for messages, e.g. {@code Kafka at 127.0.0.1:9092} or {@code snapshot orders.jsonl}. */
    String description();

    /**
     * The partitions of {@code topic}, in order.
     *
     * @throws TopicException when the topic does not exist or cannot be reached
     */
    List<KafkaPartition> partitions(String topic) throws TopicException;

    /** The first offset still held per partition (the log start offset). */
    Map<KafkaPartition, Long> beginningOffsets(Collection<KafkaPartition> partitions) throws TopicException;

    /** The offset the next record will get per partition (the log end offset). */
    Map<KafkaPartition, Long> endOffsets(Collection<KafkaPartition> partitions) throws TopicException;

    /**
     * Per partition, the first offset whose record timestamp is at or after the given epoch milliseconds; empty when
     * no record is that late.
     */
    Map<KafkaPartition, Optional<Long>> offsetsForTimes(Map<KafkaPartition, Long> timestamps) throws TopicException;

    /**
     * Delivers the records of each range to {@code sink} in range order, then offset order, exactly those and no
     * others. Offsets the source cannot give are reported in the answer, never silently skipped.
     *
     * @throws TopicException                             when the source fails (with what and where)
     * @throws java.util.concurrent.CancellationException when {@link ReadOptions#cancellation()} says so
     */
    List<RangeRead> read(List<OffsetRange> ranges, ReadOptions options, Consumer<TopicRecord> sink) throws TopicException;

    /** One whole record (no preview), e.g. to show the full value of a record read as a preview. */
    default Optional<TopicRecord> record(KafkaPartition partition, long offset) throws TopicException {
        TopicRecord[] found = new TopicRecord[1];
        read(List.of(new OffsetRange(partition, offset, offset + 1)), ReadOptions.fullValues(), r -> found[0] = r);
        return Optional.ofNullable(found[0]);
    }

    @Override
    void close();
}
