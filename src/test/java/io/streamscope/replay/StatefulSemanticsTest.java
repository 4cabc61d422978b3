package io.streamscope.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.streamscope.replay.ScriptedInput.order;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Late rows, deduplication and filter push-down, on the three-batch layout of the samples with rows chosen here.
 * Spark 3.5+ judges rows late against the previous batch's watermark and evicts with the current one.
 */
class StatefulSemanticsTest {

    private static Replay replay(String query, OutputMode mode, Map<Long, List<io.streamscope.sparktypes.Row>> rows) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-windowed"));
        return MicroBatchReplay.replay(checkpoint, query, mode, new ScriptedInput(rows));
    }

    private static final String WINDOWED = "orders.withWatermark(\"order_ts\", \"5 minutes\")"
            + ".groupBy(window(\"order_ts\", \"10 minutes\")).count()";

    @Test
    void aRowForAClosedWindowIsLateOnlyAgainstThePreviousBatchsWatermark() throws Exception {
        Replay replay = replay(WINDOWED, OutputMode.APPEND, Map.of(
                0L, List.of(order(1, 1, "1.00", "2026-01-22T09:01:00Z"), order(2, 1, "1.00", "2026-01-22T09:18:00Z")),
                // watermark 09:13 evicts 09:00–09:10, but late rows are judged against batch 0's watermark (0)
                1L, List.of(order(3, 1, "1.00", "2026-01-22T09:41:00Z"), order(4, 1, "1.00", "2026-01-22T09:05:00Z")),
                // now against 09:13: the 09:00–09:10 window has ended, the row is dropped
                2L, List.of(order(5, 1, "1.00", "2026-01-22T09:07:00Z"), order(6, 1, "1.00", "2026-01-22T09:11:00Z"))));
        assertEquals(List.of("{\"window\":{\"start\":\"2026-01-22T09:00:00.000Z\",\"end\":\"2026-01-22T09:10:00.000Z\"},"
                + "\"count\":2}"), SparkRun.texts(replay.step(1).orElseThrow().sinkRows()));
        BatchStep batch2 = replay.step(2).orElseThrow();
        assertEquals(List.of(5), batch2.lateRows().stream().map(r -> r.get("order_id")).toList());
        assertEquals(Instant.parse("2026-01-22T09:13:00Z").toEpochMilli(), batch2.lateEventsWatermarkMs());
        // 09:11 is not late (its window ends 09:20); 09:10–09:20 closes at 09:36 with both rows
        assertEquals(List.of("{\"window\":{\"start\":\"2026-01-22T09:10:00.000Z\",\"end\":\"2026-01-22T09:20:00.000Z\"},"
                + "\"count\":2}"), SparkRun.texts(batch2.sinkRows()));
    }

    @Test
    void theInputRowsDroppedAsLateOrAsDuplicatesAreNamedWithWhy() throws Exception {
        Replay late = replay(WINDOWED, OutputMode.APPEND, Map.of(
                0L, List.of(order(1, 1, "1.00", "2026-01-22T09:01:00Z"), order(2, 1, "1.00", "2026-01-22T09:18:00Z")),
                1L, List.of(order(3, 1, "1.00", "2026-01-22T09:41:00Z")),
                2L, List.of(order(5, 1, "1.00", "2026-01-22T09:11:00Z"), order(6, 1, "1.00", "2026-01-22T09:07:00Z"))));
        List<DroppedRow> dropped = late.step(2).orElseThrow().dropped();
        assertEquals(1, dropped.size());
        assertEquals(1, dropped.get(0).inputIndex(), "order 6, the second input row of batch 2");
        assertEquals(DroppedRow.Reason.LATE, dropped.get(0).reason());
        assertTrue(dropped.get(0).explanation().contains("2026-01-22T09:13:00Z"), dropped.get(0).explanation());
        assertEquals(List.of(), late.step(1).orElseThrow().dropped());

        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-big-orders"));
        Replay dedup = MicroBatchReplay.replay(checkpoint, "orders.filter(\"amount > 1\").dropDuplicates(\"customer_id\")",
                OutputMode.APPEND, ShopTopic.orders());
        List<DroppedRow> duplicates = dedup.step(0).orElseThrow().dropped();
        assertEquals(List.of(2), duplicates.stream().map(DroppedRow::inputIndex).toList(), "order 112: customer 1 again");
        assertEquals(DroppedRow.Reason.DUPLICATE, duplicates.get(0).reason());
        assertTrue(duplicates.get(0).explanation().contains("customer_id=1"), duplicates.get(0).explanation());
    }

    @Test
    void sessionWindowsMergeWhereTheyTouchAndCloseWhenTheWatermarkPassesTheirEnd() throws Exception {
        String query = "orders.withWatermark(\"order_ts\", \"10 minutes\")"
                + ".groupBy(session_window(col(\"order_ts\"), \"5 minutes\"), \"customer_id\").count()";
        Replay replay = replay(query, OutputMode.APPEND, Map.of(
                0L, List.of(order(1, 1, "1.00", "2026-01-22T09:01:00Z"), order(2, 1, "1.00", "2026-01-22T09:20:00Z")),
                // 09:04 starts before the stored 09:01-09:06 session ends: one session 09:01-09:09; the watermark
                // this batch runs with is 09:10 (09:20 - 10 minutes), past its end: emitted now
                1L, List.of(order(3, 1, "1.00", "2026-01-22T09:04:00Z"), order(4, 2, "1.00", "2026-01-22T09:30:00Z")),
                // late against batch 1's watermark 09:10: 09:03's session would end 09:08
                2L, List.of(order(5, 1, "1.00", "2026-01-22T09:03:00Z"), order(6, 2, "1.00", "2026-01-22T09:33:00Z"))));
        assertEquals(List.of(), replay.step(0).orElseThrow().sinkRows());
        assertEquals(List.of("{\"session_window\":{\"start\":\"2026-01-22T09:01:00.000Z\",\"end\":"
                + "\"2026-01-22T09:09:00.000Z\"},\"customer_id\":1,\"count\":2}"),
                SparkRun.texts(replay.step(1).orElseThrow().sinkRows()));
        BatchStep batch2 = replay.step(2).orElseThrow();
        assertEquals(List.of(), batch2.sinkRows(), "watermark 09:20: the 09:20-09:25 and 09:30-09:38 sessions go on");
        assertEquals(List.of(5), batch2.lateRows().stream().map(r -> r.get("order_id")).toList());
        assertEquals(2, batch2.state().size());
        assertTrue(SparkRun.texts(batch2.resultTable()).contains("{\"session_window\":{\"start\":"
                + "\"2026-01-22T09:30:00.000Z\",\"end\":\"2026-01-22T09:38:00.000Z\"},\"customer_id\":2,\"count\":2}"));
        OutputModeException update = org.junit.jupiter.api.Assertions.assertThrows(OutputModeException.class,
                () -> replay(query, OutputMode.UPDATE, Map.of()));
        assertTrue(update.getMessage().contains("session window streaming aggregations"), update.getMessage());
    }

    @Test
    void completeModeNeitherDropsNorEvicts() throws Exception {
        Replay replay = replay(WINDOWED, OutputMode.COMPLETE, Map.of(
                0L, List.of(order(1, 1, "1.00", "2026-01-22T09:01:00Z"), order(2, 1, "1.00", "2026-01-22T09:58:00Z")),
                1L, List.of(order(3, 1, "1.00", "2026-01-22T09:02:00Z")),
                2L, List.of(order(4, 1, "1.00", "2026-01-22T09:03:00Z"))));
        BatchStep batch2 = replay.step(2).orElseThrow();
        assertEquals(List.of(), batch2.lateRows());
        assertEquals(2, batch2.state().size());
        assertEquals(3L, batch2.sinkRows().get(0).get("count"));
    }

    @Test
    void dropDuplicatesKeepsTheFirstRowOfEachKeyForever() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-big-orders"));
        Replay replay = MicroBatchReplay.replay(checkpoint, "orders.dropDuplicates(\"customer_id\")", OutputMode.APPEND,
                ShopTopic.orders());
        assertEquals(List.of(110, 111, 113), replay.step(0).orElseThrow().sinkRows().stream().map(r -> r.get("order_id")).toList());
        assertEquals(List.of(), replay.step(1).orElseThrow().sinkRows());
        assertEquals(List.of(), replay.step(2).orElseThrow().sinkRows());
        assertEquals(3, replay.step(2).orElseThrow().state().size());
    }

    @Test
    void dropDuplicatesWithinWatermarkForgetsAKeyOnceItsExpiryPassesTheWatermark() throws Exception {
        String query = "orders.withWatermark(\"order_ts\", \"10 minutes\").dropDuplicatesWithinWatermark([\"customer_id\"])";
        Replay replay = replay(query, OutputMode.APPEND, Map.of(
                0L, List.of(order(1, 1, "1.00", "2026-01-22T09:01:00Z"), order(2, 1, "1.00", "2026-01-22T09:05:00Z"),
                        order(3, 2, "1.00", "2026-01-22T09:25:00Z")),
                // batch 1 runs with watermark 09:15: customer 1 (expiry 09:11) is still in the state while the batch's
                // rows pass, so order 4 is a duplicate; the eviction comes after them
                1L, List.of(order(4, 1, "1.00", "2026-01-22T09:40:00Z")),
                // customer 1 was evicted at the end of batch 1, so it passes again
                2L, List.of(order(5, 1, "1.00", "2026-01-22T09:45:00Z"))));
        assertEquals(List.of(1, 3), replay.step(0).orElseThrow().sinkRows().stream().map(r -> r.get("order_id")).toList());
        assertEquals(List.of(), replay.step(1).orElseThrow().sinkRows());
        assertEquals(List.of(5), replay.step(2).orElseThrow().sinkRows().stream().map(r -> r.get("order_id")).toList());
        StateEntry customer1 = replay.step(2).orElseThrow().state().stream()
                .filter(e -> e.key().get("customer_id").equals(1)).findFirst().orElseThrow();
        assertEquals(io.streamscope.replay.plan.Values.micros(Instant.parse("2026-01-22T09:55:00Z")),
                customer1.value().get("expiresAtMicros"));
    }

    @Test
    void dropDuplicatesWithinWatermarkNeedsAWatermark() {
        OutputModeException refused = org.junit.jupiter.api.Assertions.assertThrows(OutputModeException.class,
                () -> replay("orders.dropDuplicatesWithinWatermark([\"order_id\"])", OutputMode.APPEND, Map.of()));
        assertEquals("dropDuplicatesWithinWatermark is not supported on streaming DataFrames/DataSets without watermark",
                refused.getMessage());
    }

    @Test
    void aFilterThatDoesNotReadTheEventTimeRunsBelowTheWatermark() throws Exception {
        Map<Long, List<io.streamscope.sparktypes.Row>> rows = Map.of(
                0L, List.of(order(1, 1, "50.00", "2026-01-22T09:01:00Z"), order(2, 1, "1.00", "2026-01-22T09:30:00Z")));
        // Spark pushes amount >= 10 below withWatermark: the 09:30 order never reaches it
        Replay pushed = replay("orders.withWatermark(\"order_ts\", \"5 minutes\").filter(\"amount >= 10\")",
                OutputMode.APPEND, rows);
        assertEquals(Instant.parse("2026-01-22T08:56:00Z").toEpochMilli(), pushed.step(0).orElseThrow().nextWatermarkMs());
        // a condition on the event time stays above it: both orders move the watermark
        Replay kept = replay("orders.withWatermark(\"order_ts\", \"5 minutes\").filter(\"order_ts < '2026-01-22 09:10:00'\")",
                OutputMode.APPEND, rows);
        assertEquals(Instant.parse("2026-01-22T09:25:00Z").toEpochMilli(), kept.step(0).orElseThrow().nextWatermarkMs());
        assertEquals(1, kept.step(0).orElseThrow().sinkRows().size());
    }

    @Test
    void aFilterOnTheGroupingColumnRunsBelowTheAggregationSoTheGroupNeverEntersTheState() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-totals-update"));
        Replay replay = MicroBatchReplay.replay(checkpoint, TotalsReplayTest.TOTALS + ".filter(\"customer_id = 1\")",
                OutputMode.COMPLETE, ShopTopic.orders());
        assertEquals(List.of("{\"customer_id\":1,\"total\":47.49}"), SparkRun.texts(replay.step(2).orElseThrow().sinkRows()));
        assertEquals(1, replay.step(2).orElseThrow().state().size());
        assertEquals("Filter", replay.query().optimized().get(0).getClass().getSimpleName());
        // a condition on the aggregate cannot move: every customer stays in the state
        Replay having = MicroBatchReplay.replay(checkpoint, TotalsReplayTest.TOTALS + ".filter(\"total > 40\")",
                OutputMode.COMPLETE, ShopTopic.orders());
        assertEquals(3, having.step(2).orElseThrow().state().size());
        assertEquals(2, having.step(2).orElseThrow().sinkRows().size());
    }
}
