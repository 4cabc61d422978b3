package io.streamscope.topic;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.KafkaPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The offsets of a topic a checkpoint read: what a snapshot must hold to replay it offline. */
class CheckpointSpanTest {

    private static JsonlTopicSource snapshot(Path dir, String topic, int partition, int from, int until) throws Exception {
        Path file = dir.resolve(topic + ".jsonl");
        StringBuilder lines = new StringBuilder();
        for (int offset = from; offset < until; offset++) {
            lines.append("{\"partition\":").append(partition).append(",\"offset\":").append(offset)
                    .append(",\"timestamp\":1,\"value\":\"v\"}\n");
        }
        Files.writeString(file, lines);
        return JsonlTopicSource.open(file);
    }

    @Test
    void fromTheFirstStartToTheLastEndIncludingABatchThatWillReplay(@TempDir Path dir) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopStream.writeCheckpoint(dir.resolve("cp"), "orders", 3, false));
        try (JsonlTopicSource source = snapshot(dir, "orders", 0, 0, 7)) {
            CheckpointSpan.Span span = CheckpointSpan.of(checkpoint, "orders", source);
            assertEquals(List.of(new OffsetRange(new KafkaPartition("orders", 0), 0, 7)), span.ranges());
            assertEquals(List.of(), span.notes());
            assertEquals(List.of("orders"), CheckpointSpan.topics(checkpoint));
        }
    }

    @Test
    void purgedHistoryStartsAtTheTopicsBeginningAndSaysSo(@TempDir Path dir) throws Exception {
        Path cp = dir.resolve("cp");
        Files.createDirectories(cp.resolve("offsets"));
        Files.createDirectories(cp.resolve("commits"));
        Files.writeString(cp.resolve("metadata"), "{\"id\":\"2d4f6a8c-1b3d-4e5f-8a7b-9c0d1e2f3a4b\"}");
        Files.writeString(cp.resolve("offsets/3"), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":3}\n{\"t\":{\"0\":30}}");
        Files.writeString(cp.resolve("offsets/4"), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":4}\n{\"t\":{\"0\":35}}");
        Files.writeString(cp.resolve("commits/3"), "v1\n{\"nextBatchWatermarkMs\":0}");
        Files.writeString(cp.resolve("commits/4"), "v1\n{\"nextBatchWatermarkMs\":0}");
        Checkpoint checkpoint = CheckpointReader.read(cp);
        try (JsonlTopicSource source = snapshot(dir, "t", 0, 12, 40)) {
            CheckpointSpan.Span span = CheckpointSpan.of(checkpoint, "t", source);
            assertEquals(List.of(new OffsetRange(new KafkaPartition("t", 0), 12, 35)), span.ranges());
            assertEquals(List.of("the start offsets of batch 3 are unknown (earlier batches were purged): taking t-0 from"
                    + " the topic's beginning, offset 12"), span.notes());
            TopicException other = assertThrows(TopicException.class, () -> CheckpointSpan.of(checkpoint, "u", source));
            assertEquals("checkpoint " + checkpoint.path() + " never read topic u; it read t", other.getMessage());
        }
    }
}
