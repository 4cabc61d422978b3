package io.streamscope.replay.progress;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.task.Work;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The state files' figures against Spark's own {@code stateOperators} progress on every sample whose generator kept
 * Spark's reports ({@code progress.jsonl}): equal, except where Spark counts otherwise, and then the reason says so —
 * an outer join's outer-side evictions (not in Spark's numRowsRemoved) and transformWithState's ListState.put (which
 * resets Spark's numRowsUpdated).
 */
class SparkStateFiguresTest {

    static Stream<Path> samples() throws Exception {
        try (Stream<Path> all = Files.list(Path.of("sample-checkpoints"))) {
            return all.filter(dir -> Files.isRegularFile(dir.resolve(SparkStateFigures.FILE)) && Files.isDirectory(dir.resolve("state")))
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void theFilesSayWhatSparkReportedOrWhySparkCountsOtherwise(Path dir) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(dir);
        int compared = 0;
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            for (Batch batch : checkpoint.batches().values()) {
                if (!batch.committed()) {
                    continue;
                }
                SparkStateFigures.Comparison comparison = SparkStateFigures.compare(checkpoint, operator, batch.id(), Work.NONE);
                String where = dir.getFileName() + " batch " + batch.id() + ": " + comparison.summary();
                assertTrue(comparison.spark().isPresent(), where);
                SparkStateFigures spark = comparison.spark().get();
                assertEquals(List.of(), comparison.files().problems(), where);
                assertEquals(spark.numRowsTotal(), comparison.files().numRowsTotal(), where);
                if (spark.numRowsUpdated() != comparison.files().numRowsUpdated()) {
                    assertTrue(!operator.stateVariables().isEmpty() && spark.numRowsUpdated() < comparison.files().numRowsUpdated()
                            && comparison.explanations().stream().anyMatch(e -> e.contains("ListState.put resets")), where);
                }
                if (spark.numRowsRemoved() != comparison.files().numRowsRemoved()) {
                    assertTrue(comparison.files().removedBySide().containsValue(spark.numRowsRemoved())
                            && comparison.explanations().stream().anyMatch(e -> e.contains("outer join")), where);
                }
                assertEquals(comparison.agree(), comparison.explanations().isEmpty(), where);
                compared++;
            }
        }
        assertTrue(compared > 0, dir.toString());
    }

    @Test
    void theKnownDifferencesAreTheOnlyOnes() throws Exception {
        Checkpoint outer = CheckpointReader.read(Path.of("sample-checkpoints/shop-join-left-outer"));
        SparkStateFigures.Comparison join = SparkStateFigures.compare(outer, outer.stateOperators().get(0), 2, Work.NONE);
        assertEquals(new SparkStateFigures(6, 3, 4), join.spark().orElseThrow(), "Spark's report of batch 2");
        assertEquals(java.util.Map.of("left", 3L, "right", 4L), join.files().removedBySide());
        // the same words from one run to the next: the sides in their order (Map.copyOf's changed with each JVM)
        assertEquals(List.of("left", "right"), List.copyOf(join.files().removedBySide().keySet()));
        assertTrue(join.explanations().get(0).endsWith("The files show 3 removed on the left, 4 removed on the right."),
                join.explanations().toString());
        assertEquals(7, join.files().numRowsRemoved(), "the files: every expired row, both sides");
        Checkpoint inner = CheckpointReader.read(Path.of("sample-checkpoints/shop-join-inner"));
        assertTrue(SparkStateFigures.compare(inner, inner.stateOperators().get(0), 2, Work.NONE).agree(),
                "an inner join's cleanup counts both sides");
        Checkpoint tws = CheckpointReader.read(Path.of("sample-checkpoints/shop-tws"));
        SparkStateFigures.Comparison list = SparkStateFigures.compare(tws, tws.stateOperators().get(0), 2, Work.NONE);
        assertEquals(new SparkStateFigures(12, 8, 2), list.spark().orElseThrow());
        assertEquals(9, list.files().numRowsUpdated(), "customer 1's list put [112] then merged 151: two records");
        assertTrue(SparkStateFigures.compare(tws, tws.stateOperators().get(0), 0, Work.NONE).agree(),
                "batch 0 has no ListState.put: 14 calls, 14 records");
    }
}
