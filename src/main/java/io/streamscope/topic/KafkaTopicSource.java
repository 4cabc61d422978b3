package io.streamscope.topic;

import io.streamscope.checkpoint.KafkaPartition;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Reads a topic from a Kafka broker with kafka-clients: {@code assign} + {@code seek} only, no {@code group.id}, no
 * commits, so it never joins a consumer group and leaves no trace on the broker. Every call is bounded by
 * {@link KafkaSettings#timeout()}; a read that stops making progress for that long fails with a message naming the
 * partition and offset. Not thread-safe: one thread at a time.
 */
public final class KafkaTopicSource implements TopicSource {

    private static final Duration POLL = Duration.ofMillis(200);

    private final KafkaSettings settings;
    private final KafkaConsumer<byte[], byte[]> consumer;

    private KafkaTopicSource(KafkaSettings settings, KafkaConsumer<byte[], byte[]> consumer) {
        this.settings = settings;
        this.consumer = consumer;
    }

    /** Creates the client; nothing is sent to the broker until the first call. */
    public static KafkaTopicSource open(KafkaSettings settings) throws TopicException {
        try {
            return new KafkaTopicSource(settings, new KafkaConsumer<>(settings.consumerProperties()));
        } catch (KafkaException e) {
            throw KafkaErrors.construction(settings, e);
        }
    }

    @Override
    public String description() {
        return "Kafka at " + settings.bootstrapServers();
    }

    @Override
    public List<KafkaPartition> partitions(String topic) throws TopicException {
        List<PartitionInfo> infos;
        try {
            infos = consumer.partitionsFor(topic, settings.timeout());
        } catch (KafkaException e) {
            throw KafkaErrors.translate(settings, "listing the partitions of topic " + topic, e);
        }
        if (infos == null || infos.isEmpty()) {
            throw new TopicException("topic " + topic + " does not exist on " + description());
        }
        return infos.stream().map(info -> new KafkaPartition(topic, info.partition()))
                .sorted().toList();
    }

    @Override
    public Map<KafkaPartition, Long> beginningOffsets(Collection<KafkaPartition> partitions) throws TopicException {
        try {
            return fromKafka(consumer.beginningOffsets(toKafka(partitions), settings.timeout()));
        } catch (KafkaException e) {
            throw KafkaErrors.translate(settings, "asking for the beginning offsets of " + partitions, e);
        }
    }

    @Override
    public Map<KafkaPartition, Long> endOffsets(Collection<KafkaPartition> partitions) throws TopicException {
        try {
            return fromKafka(consumer.endOffsets(toKafka(partitions), settings.timeout()));
        } catch (KafkaException e) {
            throw KafkaErrors.translate(settings, "asking for the end offsets of " + partitions, e);
        }
    }

    @Override
    public Map<KafkaPartition, Optional<Long>> offsetsForTimes(Map<KafkaPartition, Long> timestamps) throws TopicException {
        Map<TopicPartition, Long> query = new HashMap<>();
        timestamps.forEach((partition, time) -> query.put(toKafka(partition), time));
        Map<TopicPartition, OffsetAndTimestamp> answer;
        try {
            answer = consumer.offsetsForTimes(query, settings.timeout());
        } catch (KafkaException e) {
            throw KafkaErrors.translate(settings, "looking up offsets by time for " + timestamps.keySet(), e);
        }
        Map<KafkaPartition, Optional<Long>> result = new TreeMap<>();
        for (KafkaPartition partition : timestamps.keySet()) {
            OffsetAndTimestamp found = answer.get(toKafka(partition));
            result.put(partition, found == null ? Optional.empty() : Optional.of(found.offset()));
        }
        return result;
    }

    @Override
    public List<RangeRead> read(List<OffsetRange> ranges, ReadOptions options, Consumer<TopicRecord> sink)
            throws TopicException {
        return ReadAhead.run("streamscope-kafka-read", out -> readAll(ranges, options, out), sink,
                new ProgressCounter(ranges, options), options);
    }

    /** On the read-ahead's thread: the records of {@code ranges} and the offsets covered, to {@code out}. */
    private List<RangeRead> readAll(List<OffsetRange> ranges, ReadOptions options, ReadAhead.Output out)
            throws TopicException {
        // One round of metadata for the whole request: the partitions of each topic, then the offsets of all of them.
        Map<String, List<KafkaPartition>> partitionsByTopic = new HashMap<>();
        Set<KafkaPartition> readable = new TreeSet<>();
        for (OffsetRange range : ranges) {
            if (range.isEmpty()) {
                continue;
            }
            String topic = range.partition().topic();
            if (!partitionsByTopic.containsKey(topic)) {
                partitionsByTopic.put(topic, partitions(topic));
            }
            if (partitionsByTopic.get(topic).contains(range.partition())) {
                readable.add(range.partition());
            }
        }
        Map<KafkaPartition, Long> begins = readable.isEmpty() ? Map.of() : beginningOffsets(readable);
        Map<KafkaPartition, Long> ends = readable.isEmpty() ? Map.of() : endOffsets(readable);
        List<RangeRead> results = new ArrayList<>();
        for (OffsetRange range : ranges) {
            options.checkCancelled();
            if (range.isEmpty()) {
                results.add(new RangeRead(range, 0, List.of()));
            } else if (!readable.contains(range.partition())) {
                results.add(new RangeRead(range, 0, List.of(new MissingRange(range.partition(), range.from(), range.until(),
                        MissingRange.Cause.NO_SUCH_PARTITION))));
                out.covered(range.size());
            } else {
                results.add(readRange(range, begins.get(range.partition()), ends.get(range.partition()), options, out));
            }
            out.flush();
        }
        return results;
    }

    private RangeRead readRange(OffsetRange range, long begin, long end, ReadOptions options, ReadAhead.Output out)
            throws TopicException {
        KafkaPartition partition = range.partition();
        List<MissingRange> missing = new ArrayList<>();
        long from = range.from();
        long until = range.until();
        if (from < begin) {
            long deletedUntil = Math.min(begin, until);
            missing.add(new MissingRange(partition, from, deletedUntil, MissingRange.Cause.DELETED_BY_RETENTION));
            out.covered(deletedUntil - from);
            from = deletedUntil;
        }
        if (until > end) {
            long pastFrom = Math.max(end, from);
            missing.add(new MissingRange(partition, pastFrom, until, MissingRange.Cause.PAST_TOPIC_END));
            out.covered(until - pastFrom);
            until = pastFrom;
        }
        long records = from < until ? readPartition(partition, from, until, options, missing, out) : 0;
        missing.sort(Comparator.comparingLong(MissingRange::from));
        return new RangeRead(range, records, missing);
    }

    /** Reads {@code [from, until)}, all inside the partition's current log, chunk by chunk. */
    private long readPartition(KafkaPartition partition, long from, long until, ReadOptions options,
                               List<MissingRange> missing, ReadAhead.Output out) throws TopicException {
        TopicPartition tp = toKafka(partition);
        String doing = "reading " + partition + " from offset " + from;
        try {
            consumer.assign(List.of(tp));
            consumer.seek(tp, from);
        } catch (KafkaException e) {
            throw KafkaErrors.translate(settings, doing, e);
        }
        long position = from;
        long records = 0;
        long lastProgress = System.nanoTime();
        while (position < until) {
            options.checkCancelled();
            long before = position;
            long chunkRecords = 0;
            try {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(POLL).records(tp)) {
                    if (r.offset() < position) {
                        continue;
                    }
                    if (r.offset() >= until) {
                        break;
                    }
                    out.record(toRecord(r, options.maxPayloadBytes()));
                    chunkRecords++;
                    position = r.offset() + 1;
                }
                // Past compacted offsets and transaction markers the consumer moves on without a record.
                position = Math.max(position, Math.min(consumer.position(tp, settings.timeout()), until));
            } catch (OffsetOutOfRangeException e) {
                // Retention deleted records while we were reading: report them and go on from the new start.
                long begin = beginningOffsets(List.of(partition)).get(partition);
                if (begin <= position) {
                    throw new TopicException(description() + " says offset " + position + " of " + partition
                            + " is out of range, though the partition starts at " + begin + " (was the topic re-created?)");
                }
                long deletedUntil = Math.min(begin, until);
                missing.add(new MissingRange(partition, position, deletedUntil, MissingRange.Cause.DELETED_BY_RETENTION));
                position = deletedUntil;
                if (position < until) {
                    consumer.seek(tp, position);
                }
            } catch (KafkaException e) {
                throw KafkaErrors.translate(settings, doing, e);
            }
            records += chunkRecords;
            if (position > before) {
                lastProgress = System.nanoTime();
                out.covered(position - before);
            } else if (System.nanoTime() - lastProgress > settings.timeout().toNanos()) {
                throw new TopicException(description() + " sent nothing for " + partition + " at offset " + position
                        + " for " + KafkaErrors.seconds(settings) + " (" + (position - from) + " of " + (until - from)
                        + " offsets read): the broker stopped answering or is no longer reachable");
            }
            out.flush(); // also where an abandoned read stops
        }
        return records;
    }

    private static TopicRecord toRecord(ConsumerRecord<byte[], byte[]> r, int maxPayloadBytes) {
        List<TopicHeader> headers = new ArrayList<>();
        for (Header header : r.headers()) {
            byte[] value = header.value();
            headers.add(new TopicHeader(header.key(), value == null ? null : Bytes.wrapPreview(value, maxPayloadBytes)));
        }
        return new TopicRecord(r.topic(), r.partition(), r.offset(), r.timestamp(), timestampType(r),
                r.key() == null ? null : Bytes.wrapPreview(r.key(), maxPayloadBytes),
                r.value() == null ? null : Bytes.wrapPreview(r.value(), maxPayloadBytes), headers);
    }

    private static RecordTimestampType timestampType(ConsumerRecord<?, ?> r) {
        return switch (r.timestampType()) {
            case CREATE_TIME -> RecordTimestampType.CREATE_TIME;
            case LOG_APPEND_TIME -> RecordTimestampType.LOG_APPEND_TIME;
            case NO_TIMESTAMP_TYPE -> RecordTimestampType.NO_TIMESTAMP_TYPE;
        };
    }

    private static TopicPartition toKafka(KafkaPartition partition) {
        return new TopicPartition(partition.topic(), partition.partition());
    }

    private static List<TopicPartition> toKafka(Collection<KafkaPartition> partitions) {
        return partitions.stream().map(KafkaTopicSource::toKafka).toList();
    }

    private static Map<KafkaPartition, Long> fromKafka(Map<TopicPartition, Long> offsets) {
        Map<KafkaPartition, Long> result = new TreeMap<>();
        offsets.forEach((tp, offset) -> result.put(new KafkaPartition(tp.topic(), tp.partition()), offset));
        return result;
    }

    @Override
    public void close() {
        try {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
        } catch (KafkaException e) {
            // Nothing to release on the broker: no group, no commits.
        }
    }
}
