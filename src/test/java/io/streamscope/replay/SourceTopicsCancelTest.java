package io.streamscope.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.task.Cancellation;
import io.streamscope.task.ProgressListener;
import io.streamscope.task.Work;
import io.streamscope.topic.InferredSchema;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.TopicSource;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schema inference reads a source's records batch by batch and asks the cancellation between them and while a
 * batch is read: on a real sample (shop-totals-update, 3 batches of the orders topic), counted by the flag it asks.
 */
class SourceTopicsCancelTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");

    @Test
    void inferenceAsksTheCancellationPerBatchAndStopsWhenCancelled() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(SAMPLES.resolve("shop-totals-update"));
        try (TopicSource topics = JsonlTopicSource.open(Map.of("orders", SAMPLES.resolve("topics/orders.jsonl")))) {
            AtomicInteger asked = new AtomicInteger();
            Cancellation counting = () -> {
                asked.incrementAndGet();
                return false;
            };
            InferredSchema schema = new SourceTopics(checkpoint, topics, new Work(counting, ProgressListener.NONE))
                    .infer(0, List.of("orders"));
            assertTrue(schema.schema().fields().size() >= 2, schema.schema().toString());
            int checks = asked.get();
            assertTrue(checks >= checkpoint.batches().size(), "asked at least once per batch: " + checks);

            AtomicInteger left = new AtomicInteger(1);
            Cancellation afterOne = () -> left.getAndDecrement() <= 0;
            assertThrows(CancellationException.class, () -> new SourceTopics(checkpoint, topics,
                    new Work(afterOne, ProgressListener.NONE)).infer(0, List.of("orders")));
            assertEquals(-1, left.get(), "stopped at the first check after the cancel");
        }
    }
}
