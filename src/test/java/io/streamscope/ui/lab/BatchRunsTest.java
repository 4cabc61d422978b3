package io.streamscope.ui.lab;

import io.streamscope.sparktypes.SparkType;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spark's runs of a batch as the sample folders record them, and the MERGE keys a job names. */
class BatchRunsTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");

    @Test
    void theRestartedCrashRanBatchTwoTwice() {
        BatchRuns runs = BatchRuns.read(SAMPLES.resolve("shop-copy-crash-restarted"));
        assertTrue(runs.ranMoreThanOnce(2));
        assertFalse(runs.ranMoreThanOnce(1));
        assertEquals(List.of(false, true), runs.of(2).stream().map(BatchRuns.Execution::committed).toList());
        String text = runs.describe(2).orElseThrow();
        assertTrue(text.startsWith("Batch 2 ran twice: run 3 died before commits/2 — the sink received 2 rows; then run 4 "
                + "committed — the sink received 2 rows"), text);
        assertEquals(3, runs.sparkReports().size(), "the listener's three reports (the died run made none)");
    }

    @Test
    void aFolderWithoutRecordsOfSparksRunsHasNone() {
        BatchRuns runs = BatchRuns.read(Path.of("src/test/resources/spark-conformance"));
        assertTrue(runs.byBatch().isEmpty());
        assertTrue(runs.describe(0).isEmpty());
    }

    @Test
    void theMergeKeysAreTheJobsOwn() {
        SparkType.Struct orders = new SparkType.Struct(List.of(new SparkType.Field("customer_id", SparkType.Atomic.INTEGER, true),
                new SparkType.Field("order_id", SparkType.Atomic.INTEGER, true)));
        assertEquals(List.of("order_id"), CrashLab.mergeKeys("(table.alias(\"t\")\n .merge(batch_df.alias(\"s\"), "
                + "\"t.order_id = s.order_id\")", orders));
        assertEquals(List.of("order_id"), CrashLab.mergeKeys("spark.sql(\"MERGE INTO t USING s ON t.order_id = s.order_id "
                + "WHEN MATCHED THEN UPDATE SET *\")", orders));
        assertEquals(List.of("customer_id"), CrashLab.mergeKeys("batch_df.write.mode(\"append\")", orders),
                "no MERGE: the first column");
    }
}
