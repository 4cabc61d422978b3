package io.streamscope.replay.lag;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.ShopStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Lag from a checkpoint and a topic, and the chapter's projection. */
class LagTest {

    @Test
    void theChaptersProjection() {
        LagProjection projection = new LagProjection(500, 300);
        assertEquals(120_000, projection.rowsBehind(Duration.ofSeconds(600)));
        assertEquals(130_000, projection.rowsBehind(10_000, Duration.ofSeconds(600)));
        assertEquals(Optional.empty(), projection.timeToCatchUp(120_000));
        assertEquals(0, new LagProjection(300, 500).rowsBehind(Duration.ofSeconds(600)));
        assertEquals(Optional.of(Duration.ofSeconds(600)), new LagProjection(300, 500).timeToCatchUp(120_000));
        assertEquals(2, new LagProjection(2.5, 0).rowsBehind(Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> new LagProjection(Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> new LagProjection(-1, 1));
    }

    @Test
    void topicEndMinusTheLastCommittedEnd(@TempDir Path dir) throws Exception {
        // Batches 0–1 committed (end offset 5), batch 2 planned but not committed; the topic holds 9 records.
        Checkpoint checkpoint = CheckpointReader.read(ShopStream.writeCheckpoint(dir.resolve("cp"), "orders", 3, false));
        Path snapshot = dir.resolve("orders.jsonl");
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 9; i++) {
            lines.append("{\"partition\":0,\"offset\":").append(i).append(",\"timestamp\":").append(i).append(",\"value\":\"v\"}\n");
        }
        Files.writeString(snapshot, lines);
        try (JsonlTopicSource source = JsonlTopicSource.open(snapshot)) {
            Lag lag = LagCalculator.measure(checkpoint, source);
            assertEquals(1L, lag.batchId());
            assertEquals(List.of(new PartitionLag(0, new KafkaPartition("orders", 0), 5, true, 9)), lag.partitions());
            assertEquals(4, lag.total());
            assertEquals(List.of(), lag.notes());
        }
    }

    @Test
    void aCheckpointPastTheTopicsEndCountsNoRowsBehind(@TempDir Path dir) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopStream.writeCheckpoint(dir.resolve("cp"), "orders", 3, true));
        Path snapshot = dir.resolve("orders.jsonl");
        Files.writeString(snapshot, "{\"partition\":0,\"offset\":0,\"timestamp\":1,\"value\":\"v\"}\n");
        try (JsonlTopicSource source = JsonlTopicSource.open(snapshot)) {
            Lag lag = LagCalculator.measure(checkpoint, source);
            assertEquals(-6, lag.partitions().get(0).lag());
            assertEquals(0, lag.total());
        }
    }

    @Test
    void partitionsTheQueryHasNotSeenCountFromTheirBeginning(@TempDir Path dir) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopStream.writeCheckpoint(dir.resolve("cp"), "orders", 3, true));
        Path snapshot = dir.resolve("orders.jsonl");
        Files.writeString(snapshot, "{\"partition\":0,\"offset\":9,\"timestamp\":1,\"value\":\"v\"}\n"
                + "{\"partition\":1,\"offset\":2,\"timestamp\":1,\"value\":\"v\"}\n{\"partition\":1,\"offset\":3,\"timestamp\":1,\"value\":\"v\"}\n");
        try (JsonlTopicSource source = JsonlTopicSource.open(snapshot)) {
            Lag lag = LagCalculator.measure(checkpoint, source);
            assertEquals(2L, lag.batchId());
            assertEquals(List.of(new PartitionLag(0, new KafkaPartition("orders", 0), 7, true, 10),
                    new PartitionLag(0, new KafkaPartition("orders", 1), 2, false, 4)), lag.partitions());
            assertEquals(5, lag.total());
        }
    }
}
