package io.streamscope.topic;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.KafkaPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which offsets a batch read, planned from real Spark checkpoints. */
class BatchReaderTest {

    private static final Path CORPUS = Path.of("src/test/resources/spark-conformance");

    @Test
    void sparksKafkaFixtureBatch0ReadOffsets0To3OfFivePartitions() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(CORPUS.resolve("checkpoint-version-2.4.3-kafka-include-headers-default"));
        BatchReader.Plan plan = BatchReader.plan(checkpoint.batches().get(0L));
        String topic = "spark-test-topic-2b8619f5-d3c4-4c2d-b5d1-8d9d9458aa62";
        assertEquals(List.of(0, 1, 2, 3, 4), plan.ranges().stream().map(r -> r.range().partition().partition()).toList());
        for (BatchReader.PlannedRange range : plan.ranges()) {
            assertEquals(new OffsetRange(new KafkaPartition(topic, range.range().partition().partition()), 0, 3), range.range());
            assertEquals(0, range.sourceIndex());
        }
        assertEquals(15, plan.offsets());
        assertTrue(plan.notes().isEmpty());
    }

    @Test
    void nonKafkaSourcesAreNamedNotGuessed() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(CORPUS.resolve("checkpoint-version-2.1.0"));
        BatchReader.Plan plan = BatchReader.plan(checkpoint.batches().get(1L));
        assertTrue(plan.ranges().isEmpty());
        assertEquals(List.of("source 0 is not a Kafka source: its records are not in a topic"), plan.notes());
    }

    @Test
    void newPartitionsStartAtZeroAndPurgedHistoryIsSaidSo(@TempDir Path dir) throws Exception {
        Path cp = dir.resolve("cp");
        Files.createDirectories(cp.resolve("offsets"));
        Files.createDirectories(cp.resolve("commits"));
        Files.writeString(cp.resolve("metadata"), "{\"id\":\"5c1b2a3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d\"}");
        // Batches 0–2 were purged; batch 3's start is unknown, batch 4 reads a partition that appeared meanwhile.
        Files.writeString(cp.resolve("offsets/3"), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":3}\n{\"t\":{\"0\":30}}");
        Files.writeString(cp.resolve("offsets/4"), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":4}\n{\"t\":{\"0\":35,\"1\":4}}");
        Files.writeString(cp.resolve("commits/3"), "v1\n{\"nextBatchWatermarkMs\":0}");
        Files.writeString(cp.resolve("commits/4"), "v1\n{\"nextBatchWatermarkMs\":0}");
        Checkpoint checkpoint = CheckpointReader.read(cp);

        BatchReader.Plan batch3 = BatchReader.plan(checkpoint.batches().get(3L));
        assertTrue(batch3.ranges().isEmpty());
        assertTrue(batch3.notes().get(0).contains("start offsets of batch 3 are unknown"), batch3.notes().toString());

        BatchReader.Plan batch4 = BatchReader.plan(checkpoint.batches().get(4L));
        assertEquals(List.of(new BatchReader.PlannedRange(0, new OffsetRange(new KafkaPartition("t", 0), 30, 35), false),
                new BatchReader.PlannedRange(0, new OffsetRange(new KafkaPartition("t", 1), 0, 4), true)), batch4.ranges());
        assertEquals(List.of("source 0: partition t-1 first appears in batch 4; Spark read it from its earliest offset,"
                + " taken here as 0"), batch4.notes());
    }

    @Test
    void aBatchThatWillReplayIsReadLikeAnyOther(@TempDir Path dir) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopStream.writeCheckpoint(dir.resolve("cp"), "orders", 3, false));
        assertTrue(checkpoint.batches().get(2L).willReplay());
        Path snapshot = dir.resolve("orders.jsonl");
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 7; i++) {
            lines.append(ShopStream.snapshotLine(i)).append('\n');
        }
        Files.write(snapshot, lines.toString().getBytes(StandardCharsets.UTF_8));
        try (JsonlTopicSource source = JsonlTopicSource.open(snapshot)) {
            BatchRecords batch = BatchReader.read(source, checkpoint.batches().get(2L), ReadOptions.previews());
            assertEquals(List.of("150", "151"), batch.records().stream().map(r -> r.key().utf8Text().orElseThrow()).toList());
            assertEquals(1, batch.partitions().size());
            assertEquals(new OffsetRange(new KafkaPartition("orders", 0), 5, 7), batch.partitions().get(0).range());
        }
    }
}
