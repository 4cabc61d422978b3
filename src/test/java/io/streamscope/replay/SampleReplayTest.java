package io.streamscope.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every sample replayed with its own query and mode: each batch's sink rows equal, row for row, what Spark's sink
 * received when the sample was generated ({@code spark-run.json}), every execution of a batch included.
 */
class SampleReplayTest {

    @ParameterizedTest
    @ValueSource(strings = {"shop-big-orders", "shop-totals-update", "shop-totals-complete", "shop-windowed",
            "shop-copy-crash", "shop-copy-crash-restarted", "shop-merge-crash", "shop-merge-crash-restarted",
            "shop-available-now"})
    void sinkRowsEqualSparks(String sample) throws Exception {
        SparkRun truth = SparkRun.of(sample);
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve(sample));
        Replay replay = MicroBatchReplay.replay(checkpoint, truth.query(), truth.mode(), ShopTopic.orders());

        assertTrue(replay.error().isEmpty(), () -> replay.error().orElse(""));
        assertEquals(checkpoint.batches().size(), replay.steps().size());
        assertFalse(truth.executions().isEmpty());
        for (JsonNode execution : truth.executions()) {
            long batchId = execution.get("batchId").asLong();
            BatchStep step = replay.step(batchId).orElseThrow();
            assertEquals(SparkRun.texts(execution.get("sinkRows")), SparkRun.texts(step.sinkRows()),
                    sample + " batch " + batchId + " (run " + execution.get("run") + ")");
        }
        assertEquals(java.util.List.of(), replay.notes(), "the replay agrees with the checkpoint's watermarks");
    }
}
