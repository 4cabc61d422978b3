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

    /** Spark 2.3 recorded no schema: the rows show as bytes, or decoded with the schema the query implies. */
    @Test
    void oldCheckpointDecodesWithTheSchemaTheQueryImplies() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(Path.of("src/test/resources/spark-conformance/"
                + "checkpoint-version-2.3.1-streaming-aggregate-state-format-1"));
        StoreChoice store = StoreChoice.of(checkpoint).get(0);
        StateSnapshot raw = StateSnapshotLoader.load(checkpoint, store, 1, 100);
        assertEquals("none (bytes shown)", raw.schemaSource());
        assertFalse(raw.problems().isEmpty(), "the missing schema is a problem");

        var query = io.streamscope.replay.plan.QueryCompiler.compile(io.streamscope.replay.query.QueryParser.parse(
                "orders.groupBy(\"value\").count()"), io.streamscope.topic.DdlParser.parseSchema("value INT"), true);
        var implied = io.streamscope.replay.ImpliedStateSchema.forStoresWithoutSchema(query, checkpoint);
        StateSnapshot decoded = StateSnapshotLoader.load(checkpoint, store, 1, 100, java.util.Optional.of(implied.get(0)));
        assertTrue(decoded.schemaSource().startsWith("implied by the query"), decoded.schemaSource());
        assertEquals(List.of(), decoded.problems());
        assertEquals("{\"value\":3,\"count\":2}", byKey(decoded).get("{\"value\":3}").value());
        assertEquals(StateRowView.Change.UPDATED, byKey(decoded).get("{\"value\":3}").change(), "3 was counted in batch 0 too");
    }
}
