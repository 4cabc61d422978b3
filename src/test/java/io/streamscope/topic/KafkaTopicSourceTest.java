package io.streamscope.topic;

import io.streamscope.task.Progress;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.replay.lag.Lag;
import io.streamscope.replay.lag.LagCalculator;
import io.streamscope.replay.lag.PartitionLag;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading exact offset ranges from a real broker: assign + seek, no group, nothing more and nothing less. */
@ExtendWith(TestBroker.class)
class KafkaTopicSourceTest {

    private static KafkaTopicSource open() throws TopicException {
        return KafkaTopicSource.open(KafkaSettings.of(TestBroker.bootstrapServers()));
    }

    private static List<TopicRecord> read(TopicSource source, OffsetRange... ranges) throws TopicException {
        List<TopicRecord> records = new ArrayList<>();
        source.read(List.of(ranges), ReadOptions.previews(), records::add);
        return records;
    }

    @Test
    void shopStreamBatchesReadExactlyTheirOffsets(@TempDir Path dir) throws Exception {
        String topic = TestBroker.createTopic("orders", 1, Map.of());
        TestBroker.produce(ShopStream.records(topic));
        Checkpoint checkpoint = CheckpointReader.read(ShopStream.writeCheckpoint(dir.resolve("cp"), topic, 3, true));
        try (KafkaTopicSource source = open()) {
            BatchRecords batch2 = BatchReader.read(source, checkpoint.batches().get(2L), ReadOptions.previews());
            assertEquals(List.of(5L, 6L), batch2.records().stream().map(TopicRecord::offset).toList());
            assertEquals(List.of("150", "151"), batch2.records().stream().map(r -> r.key().utf8Text().orElseThrow()).toList());
            assertEquals(ShopStream.ORDERS.get(5).value(), batch2.records().get(0).value().utf8Text().orElseThrow());
            assertEquals(Instant.parse("2026-01-22T10:05:00Z").toEpochMilli(), batch2.records().get(0).timestamp());
            assertEquals(RecordTimestampType.CREATE_TIME, batch2.records().get(0).timestampType());
            assertTrue(batch2.missing().isEmpty());
            assertTrue(batch2.notes().isEmpty(), batch2.notes().toString());

            BatchRecords batch0 = BatchReader.read(source, checkpoint.batches().get(0L), ReadOptions.previews());
            assertEquals(List.of(0L, 1L, 2L, 3L), batch0.records().stream().map(TopicRecord::offset).toList());
            BatchRecords batch1 = BatchReader.read(source, checkpoint.batches().get(1L), ReadOptions.previews());
            assertEquals(List.of(4L), batch1.records().stream().map(TopicRecord::offset).toList());
        }
        TestBroker.assertNoGroupsAndNoCommits();
    }

    @Test
    void lagIsTheTopicEndMinusTheLastCommittedEnd(@TempDir Path dir) throws Exception {
        String topic = TestBroker.createTopic("lag", 1, Map.of());
        TestBroker.produce(ShopStream.records(topic));
        // Batches 0 and 1 committed (end offset 5); batch 2 planned, not committed.
        Checkpoint checkpoint = CheckpointReader.read(ShopStream.writeCheckpoint(dir.resolve("cp"), topic, 3, false));
        try (KafkaTopicSource source = open()) {
            Lag lag = LagCalculator.measure(checkpoint, source);
            assertEquals(1L, lag.batchId());
            assertEquals(List.of(new PartitionLag(0, new KafkaPartition(topic, 0), 5, true, 7)), lag.partitions());
            assertEquals(2, lag.total());
        }
    }

    @Test
    void threePartitionsReadPerPartitionInOrder() throws Exception {
        String topic = TestBroker.createTopic("three", 3, Map.of());
        List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            int partition = i % 3;
            records.add(new ProducerRecord<>(topic, partition, 1_000L + i, ("k" + i).getBytes(StandardCharsets.UTF_8),
                    ("{\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8)));
        }
        TestBroker.produce(records);
        try (KafkaTopicSource source = open()) {
            assertEquals(List.of(new KafkaPartition(topic, 0), new KafkaPartition(topic, 1), new KafkaPartition(topic, 2)),
                    source.partitions(topic));
            assertEquals(20L, source.endOffsets(source.partitions(topic)).get(new KafkaPartition(topic, 1)));
            assertEquals(0L, source.beginningOffsets(source.partitions(topic)).get(new KafkaPartition(topic, 2)));

            List<TopicRecord> got = read(source, new OffsetRange(new KafkaPartition(topic, 2), 5, 8),
                    new OffsetRange(new KafkaPartition(topic, 0), 17, 20), new OffsetRange(new KafkaPartition(topic, 1), 3, 3));
            // Partition 2 holds i = 2, 5, 8, …: offsets 5–7 are i = 17, 20, 23. Partition 0 offsets 17–19: i = 51, 54, 57.
            assertEquals(List.of("2/5:{\"n\":17}", "2/6:{\"n\":20}", "2/7:{\"n\":23}", "0/17:{\"n\":51}", "0/18:{\"n\":54}",
                    "0/19:{\"n\":57}"), got.stream().map(r -> r.partition() + "/" + r.offset() + ":"
                    + r.value().utf8Text().orElseThrow()).toList());
        }
    }

    @Test
    void offsetsForTimesFindsTheFirstRecordAtOrAfter() throws Exception {
        String topic = TestBroker.createTopic("times", 1, Map.of());
        TestBroker.produce(ShopStream.records(topic));
        KafkaPartition p = new KafkaPartition(topic, 0);
        try (KafkaTopicSource source = open()) {
            Map<KafkaPartition, Optional<Long>> at10 = source.offsetsForTimes(Map.of(p,
                    Instant.parse("2026-01-22T10:00:00Z").toEpochMilli()));
            assertEquals(Optional.of(5L), at10.get(p));
            assertEquals(Optional.empty(), source.offsetsForTimes(Map.of(p,
                    Instant.parse("2026-01-23T00:00:00Z").toEpochMilli())).get(p));
        }
    }

    @Test
    void headersNullKeysAndTombstonesComeThrough() throws Exception {
        String topic = TestBroker.createTopic("headers", 1, Map.of());
        ProducerRecord<byte[], byte[]> withHeaders = new ProducerRecord<>(topic, 0, 5L, null,
                "v".getBytes(StandardCharsets.UTF_8), List.of(new RecordHeader("trace", "abc".getBytes(StandardCharsets.UTF_8)),
                new RecordHeader("empty", null)));
        ProducerRecord<byte[], byte[]> tombstone = new ProducerRecord<>(topic, 0, 6L, "k".getBytes(StandardCharsets.UTF_8), (byte[]) null);
        TestBroker.produce(List.of(withHeaders, tombstone));
        try (KafkaTopicSource source = open()) {
            List<TopicRecord> got = read(source, new OffsetRange(new KafkaPartition(topic, 0), 0, 2));
            assertNull(got.get(0).key());
            assertEquals(List.of(new TopicHeader("trace", Bytes.utf8("abc")), new TopicHeader("empty", null)), got.get(0).headers());
            assertNull(got.get(1).value());
            assertEquals(Bytes.utf8("k"), got.get(1).key());
        }
    }

    @Test
    void rangesPastTheEndOrInAMissingPartitionAreReportedNotInvented() throws Exception {
        String topic = TestBroker.createTopic("short", 1, Map.of());
        TestBroker.produce(ShopStream.records(topic));
        try (KafkaTopicSource source = open()) {
            List<TopicRecord> records = new ArrayList<>();
            List<RangeRead> reads = source.read(List.of(new OffsetRange(new KafkaPartition(topic, 0), 5, 12),
                    new OffsetRange(new KafkaPartition(topic, 3), 0, 4)), ReadOptions.previews(), records::add);
            assertEquals(List.of(5L, 6L), records.stream().map(TopicRecord::offset).toList());
            assertEquals(List.of(new MissingRange(new KafkaPartition(topic, 0), 7, 12, MissingRange.Cause.PAST_TOPIC_END)),
                    reads.get(0).missing());
            assertEquals(List.of(new MissingRange(new KafkaPartition(topic, 3), 0, 4, MissingRange.Cause.NO_SUCH_PARTITION)),
                    reads.get(1).missing());
            assertEquals(0, reads.get(0).offsetsWithoutRecord());
        }
    }

    @Test
    void progressIsReportedAndCancellationStopsTheRead() throws Exception {
        String topic = numberedTopic("progress", 2_000);
        OffsetRange all = new OffsetRange(new KafkaPartition(topic, 0), 0, 2_000);
        try (KafkaTopicSource source = open()) {
            List<Progress> reports = new ArrayList<>();
            AtomicInteger seen = new AtomicInteger();
            source.read(List.of(all), ReadOptions.previews().withProgress(reports::add), r -> seen.incrementAndGet());
            assertEquals(2_000, seen.get());
            assertTrue(reports.size() >= 4, "a chunk is at most 500 records: " + reports.size() + " reports");
            assertEquals(new Progress("topic " + topic, 2_000, 2_000, Progress.Unit.OFFSETS), reports.get(reports.size() - 1));

            AtomicInteger delivered = new AtomicInteger();
            assertThrows(CancellationException.class, () -> source.read(List.of(all),
                    ReadOptions.previews().withCancellation(() -> delivered.get() >= 600), r -> delivered.incrementAndGet()));
            assertTrue(delivered.get() < 2_000, "cancelled after " + delivered.get());
            assertFalse(delivered.get() < 600);
        }
    }

    @Test
    void aSinkThatFailsStopsTheReadAndTheSourceReadsAgain() throws Exception {
        String topic = numberedTopic("failing-sink", 3_000);
        OffsetRange all = new OffsetRange(new KafkaPartition(topic, 0), 0, 3_000);
        try (KafkaTopicSource source = open()) {
            AtomicInteger delivered = new AtomicInteger();
            java.io.UncheckedIOException thrown = assertThrows(java.io.UncheckedIOException.class, () -> source.read(
                    List.of(all), ReadOptions.fullValues(), r -> {
                        if (delivered.incrementAndGet() == 700) {
                            throw new java.io.UncheckedIOException(new java.io.IOException("disk full"));
                        }
                    }));
            assertEquals("disk full", thrown.getCause().getMessage());
            assertEquals(700, delivered.get(), "no record after the one the sink refused");
            // the read's thread has let go of the client: the next read gets every record, in order
            List<Long> offsets = new ArrayList<>();
            List<RangeRead> reads = source.read(List.of(all), ReadOptions.fullValues(), r -> offsets.add(r.offset()));
            assertEquals(3_000, reads.get(0).recordsRead());
            assertEquals(java.util.stream.LongStream.range(0, 3_000).boxed().toList(), offsets);
        }
    }

    /** A one-partition topic of {@code count} records {"i":0}, {"i":1}, … at offsets 0, 1, … */
    private static String numberedTopic(String name, int count) throws Exception {
        String topic = TestBroker.createTopic(name, 1, Map.of());
        List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            records.add(new ProducerRecord<>(topic, 0, (long) i, null, ("{\"i\":" + i + "}").getBytes(StandardCharsets.UTF_8)));
        }
        TestBroker.produce(records);
        return topic;
    }
}
