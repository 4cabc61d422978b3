package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The state panel's rows on Spark 4.0's aggregation fixture: {@code groupBy("_1").count()} over four batches. */
class StateSnapshotLoaderTest {

    private static final Path AGG = Path.of("src/test/resources/spark-conformance/checkpoint-version-4.0.0");

    private static StateSnapshot load(String provider, long batch, int limit) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(AGG.resolve(provider).resolve("agg"));
        return StateSnapshotLoader.load(checkpoint, StoreChoice.of(checkpoint).get(0), batch, limit);
    }

    private static Map<String, StateRowView> byKey(StateSnapshot snapshot) {
        return snapshot.rows().stream().collect(Collectors.toMap(StateRowView::key, row -> row));
    }

    @Test
    void lastBatchMarksWhatItAddedAndUpdated() throws Exception {
        for (String provider : List.of("hdfs", "rocksdb")) {
            StateSnapshot snapshot = load(provider, 3, 100);
            assertEquals(6, snapshot.totalRows(), provider);
            assertEquals(3, snapshot.changedRows(), provider);
            Map<String, StateRowView> rows = byKey(snapshot);
            assertEquals("{\"count\":1}", rows.get("{\"_1\":6}").value());
            assertEquals(StateRowView.Change.ADDED, rows.get("{\"_1\":6}").change(), provider);
            assertEquals(StateRowView.Change.UPDATED, rows.get("{\"_1\":4}").change(), provider);
            assertEquals(StateRowView.Change.UPDATED, rows.get("{\"_1\":5}").change(), provider);
            assertEquals(StateRowView.Change.NONE, rows.get("{\"_1\":1}").change(), provider);
            assertEquals(3, snapshot.rows().stream().takeWhile(row -> row.change() != StateRowView.Change.NONE).count(),
                    "changed rows come first");
            assertTrue(snapshot.problems().isEmpty(), snapshot.problems()::toString);
            assertFalse(snapshot.truncated());
        }
    }

    @Test
    void firstBatchAddsEveryRow() throws Exception {
        StateSnapshot snapshot = load("hdfs", 0, 100);
        assertTrue(snapshot.rows().stream().allMatch(row -> row.change() == StateRowView.Change.ADDED), snapshot.rows()::toString);
        assertEquals(snapshot.totalRows(), snapshot.changedRows());
    }

    @Test
    void displayLimitCountsEveryRowButShowsFew() throws Exception {
        StateSnapshot snapshot = load("hdfs", 3, 2);
        assertEquals(2, snapshot.rows().size());
        assertEquals(6, snapshot.totalRows());
        assertTrue(snapshot.truncated());
        assertTrue(snapshot.summary().contains("showing the first 2"), snapshot.summary());
    }
}
