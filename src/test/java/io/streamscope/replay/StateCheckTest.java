package io.streamscope.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replayed state after each batch against the state rows Spark saved. */
class StateCheckTest {

    private static StateCheck.Report check(String sample, String query, OutputMode mode) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve(sample));
        Replay replay = MicroBatchReplay.replay(checkpoint, query, mode, ShopTopic.orders());
        return StateCheck.check(checkpoint, replay);
    }

    @ParameterizedTest
    @CsvSource({"shop-totals-update,UPDATE", "shop-totals-complete,COMPLETE"})
    void theTotalsStateEqualsSparksAfterEveryBatch(String sample, OutputMode mode) throws Exception {
        StateCheck.Report report = check(sample, TotalsReplayTest.TOTALS, mode);
        assertEquals(java.util.List.of(), report.differences());
        assertEquals(3, report.checked());
        assertTrue(report.matches());
    }

    @Test
    void theWindowedStateEqualsSparksIncludingEvictions() throws Exception {
        StateCheck.Report report = check("shop-windowed", "orders.withWatermark(\"order_ts\", \"5 minutes\")"
                + ".groupBy(window(col(\"order_ts\"), \"10 minutes\")).count()", OutputMode.APPEND);
        assertEquals(java.util.List.of(), report.differences());
        assertEquals(3, report.checked());
    }

    @Test
    void summingTheWrongColumnIsReportedKeyByKey() throws Exception {
        StateCheck.Report report = check("shop-totals-update", "orders.groupBy(\"customer_id\").sum(\"order_id\")",
                OutputMode.UPDATE);
        assertFalse(report.matches());
        assertTrue(report.differences().stream().anyMatch(d -> d.kind() == StateDifference.Kind.SCHEMA
                && d.replayValue().equals("value STRUCT<sum: BIGINT>")
                && d.checkpointValue().equals("value STRUCT<sum: DECIMAL(20,2), isEmpty: BOOLEAN>")), report::toString);
        StateDifference customer1 = report.differences().stream()
                .filter(d -> d.kind() == StateDifference.Kind.VALUE_DIFFERS && d.batchId() == 0
                        && d.key().equals("{\"customer_id\":1}")).findFirst().orElseThrow();
        assertEquals("{\"sum\":222}", customer1.replayValue());
        assertEquals("{\"sum\":37.50,\"isEmpty\":false}", customer1.checkpointValue());
        assertTrue(customer1.message().contains("after batch 0"), customer1.message());
    }

    @Test
    void groupingByTheWrongColumnGivesKeysOnOneSideOnly() throws Exception {
        StateCheck.Report report = check("shop-totals-update", "orders.groupBy(\"order_id\").sum(\"amount\")",
                OutputMode.UPDATE);
        assertTrue(report.differences().stream().anyMatch(d -> d.kind() == StateDifference.Kind.ONLY_IN_REPLAY
                && d.key().equals("{\"order_id\":110}")));
        assertTrue(report.differences().stream().anyMatch(d -> d.kind() == StateDifference.Kind.ONLY_IN_CHECKPOINT
                && d.key().equals("{\"customer_id\":2}") && d.batchId() == 1));
    }

    @Test
    void aStatelessQueryOnAStatefulCheckpointIsReported() throws Exception {
        StateCheck.Report report = check("shop-totals-update", "orders.filter(\"amount >= 10\")", OutputMode.APPEND);
        assertEquals(1, report.differences().size());
        assertEquals(StateDifference.Kind.OPERATOR, report.differences().get(0).kind());
        assertFalse(report.matches());
    }
}
