package io.streamscope.replay;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The windowed count: the watermark the replay computes, and when each window leaves the state. */
class WindowedReplayTest {

    private static final String WINDOWED = "orders.withWatermark(\"order_ts\", \"5 minutes\")"
            + ".groupBy(window(col(\"order_ts\"), \"10 minutes\")).count()";

    private static long ms(String instant) {
        return Instant.parse(instant).toEpochMilli();
    }

    @Test
    void watermarksEqualTheCheckpoints() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-windowed"));
        Replay replay = MicroBatchReplay.replay(checkpoint, WINDOWED, OutputMode.APPEND, ShopTopic.orders());
        assertEquals(List.of(0L, ms("2026-01-22T09:13:00Z"), ms("2026-01-22T09:36:00Z")),
                replay.steps().stream().map(BatchStep::watermarkMs).toList());
        assertEquals(ms("2026-01-22T10:02:00Z"), replay.step(2).orElseThrow().nextWatermarkMs());
        for (BatchStep step : replay.steps()) {
            Batch batch = checkpoint.batches().get(step.batchId());
            assertEquals(batch.watermarkMs(), step.watermarkMs(), "offsets/" + step.batchId());
            assertEquals(batch.nextWatermarkMs().orElseThrow(), step.nextWatermarkMs(), "commits/" + step.batchId());
        }
        assertEquals(ms("2026-01-22T09:18:00Z"), replay.step(0).orElseThrow().eventTime().orElseThrow().maxMs());
    }

    @Test
    void aWindowIsWrittenOnceTheWatermarkPassesItsEnd() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-windowed"));
        Replay replay = MicroBatchReplay.replay(checkpoint, WINDOWED, OutputMode.APPEND, ShopTopic.orders());
        BatchStep batch1 = replay.step(1).orElseThrow();
        assertEquals(List.of("{\"window\":{\"start\":\"2026-01-22T09:00:00.000Z\",\"end\":\"2026-01-22T09:10:00.000Z\"},"
                + "\"count\":2}"), SparkRun.texts(batch1.sinkRows()));
        assertTrue(batch1.changes().stream().anyMatch(c -> c.kind() == ResultChange.Kind.EVICTED));
        // the conceptual result table keeps the closed window; the state store no longer does
        assertEquals(3, batch1.resultTable().size());
        assertEquals(2, batch1.state().size());
    }

    @Test
    void updateModeWritesTheWindowsABatchTouches() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-windowed"));
        Replay replay = MicroBatchReplay.replay(checkpoint, WINDOWED, OutputMode.UPDATE, ShopTopic.orders());
        assertEquals(List.of("{\"window\":{\"start\":\"2026-01-22T10:00:00.000Z\",\"end\":\"2026-01-22T10:10:00.000Z\"},"
                + "\"count\":2}"), SparkRun.texts(replay.step(2).orElseThrow().sinkRows()));
        assertEquals(2, replay.step(0).orElseThrow().sinkRows().size());
    }

    @Test
    void aShorterDelayMovesTheWatermarkAndTheReplaySaysItDiffersFromTheCheckpoint() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-windowed"));
        String oneMinute = WINDOWED.replace("5 minutes", "1 minute");
        Replay replay = MicroBatchReplay.replay(checkpoint, oneMinute, OutputMode.APPEND, ShopTopic.orders());
        assertEquals(ms("2026-01-22T09:17:00Z"), replay.step(1).orElseThrow().watermarkMs());
        // 09:10–09:20 is still open at 09:17, so batch 1 writes only 09:00–09:10, as with 5 minutes
        assertEquals(1, replay.step(1).orElseThrow().sinkRows().size());
        assertTrue(replay.notes().stream().anyMatch(n -> n.contains("offsets/1 says " + ms("2026-01-22T09:13:00Z"))),
                replay.notes()::toString);
    }
}
