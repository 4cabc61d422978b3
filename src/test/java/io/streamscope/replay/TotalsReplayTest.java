package io.streamscope.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.sparktypes.SparkType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The chapter's question about the totals query: what does batch 2 print, in update and in complete mode? */
class TotalsReplayTest {

    static final String TOTALS = "orders.groupBy(\"customer_id\").sum(\"amount\").withColumnRenamed(\"sum(amount)\", \"total\")";

    private static Replay replay(String sample, String query, OutputMode mode) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve(sample));
        return MicroBatchReplay.replay(checkpoint, query, mode, ShopTopic.orders());
    }

    @Test
    void updateModeWritesOnlyTheCustomersOfOrders150And151() throws Exception {
        Replay replay = replay("shop-totals-update", TOTALS, OutputMode.UPDATE);
        BatchStep batch2 = replay.step(2).orElseThrow();
        assertEquals(List.of("{\"customer_id\":1,\"total\":47.49}", "{\"customer_id\":3,\"total\":19.74}"),
                SparkRun.texts(batch2.sinkRows()));
        assertEquals(List.of(ResultChange.Kind.UPDATED, ResultChange.Kind.UPDATED),
                batch2.changes().stream().map(ResultChange::kind).toList());
        assertEquals("{\"customer_id\":1,\"total\":37.50}", SparkRun.texts(List.of(batch2.changes().get(0).before())).get(0));
        assertEquals(3, batch2.resultTable().size());
    }

    @Test
    void completeModeWritesEveryCustomer() throws Exception {
        Replay replay = replay("shop-totals-update", TOTALS, OutputMode.COMPLETE);
        assertEquals(List.of("{\"customer_id\":1,\"total\":47.49}", "{\"customer_id\":2,\"total\":49.35}",
                "{\"customer_id\":3,\"total\":19.74}"), SparkRun.texts(replay.step(2).orElseThrow().sinkRows()));
        assertEquals(3, replay.step(1).orElseThrow().sinkRows().size());
    }

    @Test
    void sumOfDecimal10_2IsDecimal20_2AndTheColumnIsRenamed() throws Exception {
        Replay replay = replay("shop-totals-update", TOTALS, OutputMode.UPDATE);
        assertEquals(List.of(new SparkType.Field("customer_id", SparkType.Atomic.INTEGER, true),
                new SparkType.Field("total", new SparkType.Decimal(20, 2), true)), replay.query().output().schema().fields());
        String withoutRename = "orders.groupBy(\"customer_id\").sum(\"amount\")";
        assertEquals("sum(amount)", replay("shop-totals-update", withoutRename, OutputMode.UPDATE)
                .query().output().schema().field(1).name());
    }

    @Test
    void appendOnTheTotalsIsRefusedWithSparksReason() {
        OutputModeException refused = assertThrows(OutputModeException.class,
                () -> replay("shop-totals-update", TOTALS, OutputMode.APPEND));
        assertEquals("Append output mode not supported when there are streaming aggregations on streaming "
                + "DataFrames/DataSets without watermark", refused.getMessage());
    }

    @Test
    void completeWithoutAggregationIsRefusedWithSparksReason() {
        OutputModeException refused = assertThrows(OutputModeException.class,
                () -> replay("shop-big-orders", "orders.filter(\"amount >= 10\")", OutputMode.COMPLETE));
        assertEquals("Complete output mode not supported when there are no streaming aggregations on streaming "
                + "DataFrames/Datasets", refused.getMessage());
    }

    @Test
    void appendOnAnAggregationWhoseWatermarkIsNotAKeyIsRefused() {
        String query = "orders.withWatermark(\"order_ts\", \"5 minutes\").groupBy(\"customer_id\").count()";
        assertThrows(OutputModeException.class, () -> replay("shop-totals-update", query, OutputMode.APPEND));
    }

    @Test
    void updateModeOfAStatelessQueryWritesTheNewRowsLikeAppend() throws Exception {
        Replay update = replay("shop-big-orders", "orders.filter(\"amount >= 10\")", OutputMode.UPDATE);
        Replay append = replay("shop-big-orders", "orders.filter(\"amount >= 10\")", OutputMode.APPEND);
        for (long batch = 0; batch < 3; batch++) {
            assertEquals(SparkRun.texts(append.step(batch).orElseThrow().sinkRows()),
                    SparkRun.texts(update.step(batch).orElseThrow().sinkRows()));
        }
        assertEquals(4, append.step(2).orElseThrow().resultTable().size(), "orders of 10 or more so far");
    }

    @Test
    void aGlobalAggregationHasOneGroup() throws Exception {
        Replay replay = replay("shop-totals-update", "orders.agg(sum(\"amount\").alias(\"revenue\"), count(\"*\"))",
                OutputMode.COMPLETE);
        assertEquals(List.of("{\"revenue\":90.84,\"count(1)\":5}"), SparkRun.texts(replay.step(1).orElseThrow().sinkRows()));
        assertEquals(List.of("{\"revenue\":116.58,\"count(1)\":7}"), SparkRun.texts(replay.step(2).orElseThrow().sinkRows()));
    }
}
