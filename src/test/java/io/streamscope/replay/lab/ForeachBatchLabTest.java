package io.streamscope.replay.lab;

import io.streamscope.sparktypes.SparkJson;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.replay.MicroBatchReplay;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Replay;
import io.streamscope.replay.ShopTopic;
import io.streamscope.sparktypes.Row;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The crash between the write and the commit, on {@code shop-copy-crash}: 9 / 7 / 7 rows. */
class ForeachBatchLabTest {

    private static final ObjectMapper EXACT = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    private static Replay replay(String sample) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve(sample));
        return MicroBatchReplay.replay(checkpoint, "orders", OutputMode.APPEND, ShopTopic.orders());
    }

    /** The table Spark really wrote, after the last run of a sample. */
    private static List<String> realTable(String sample) throws Exception {
        JsonNode runs = EXACT.readTree(ShopTopic.SAMPLES.resolve(sample).resolve("spark-run.json").toFile()).get("runs");
        List<String> rows = new ArrayList<>();
        runs.get(runs.size() - 1).get("tableRowsAfterRun").forEach(row -> rows.add(row.toString()));
        rows.sort(null);
        return rows;
    }

    private static List<String> texts(List<Row> rows) {
        List<String> texts = new ArrayList<>(rows.stream().map(SparkJson::text).toList());
        texts.sort(null);
        return texts;
    }

    @Test
    void nineSevenSeven() throws Exception {
        List<TableOutcome> outcomes = ForeachBatchLab.run(replay("shop-copy-crash"), List.of("order_id"));
        assertEquals(List.of(Write.APPEND, Write.MERGE, Write.BATCH_ID_LOG), outcomes.stream().map(TableOutcome::write).toList());
        assertEquals(List.of(9, 7, 7), outcomes.stream().map(o -> o.afterRestart().size()).toList());
        assertEquals(List.of(7, 7, 7), outcomes.stream().map(o -> o.afterCrash().size()).toList());
        assertEquals(List.of(150, 151), outcomes.get(0).duplicates().stream().map(r -> r.get("order_id")).toList());
        assertTrue(outcomes.get(1).duplicates().isEmpty());
        assertTrue(outcomes.get(0).reason().contains("a second time: 9 rows"), outcomes.get(0).reason());
        assertTrue(outcomes.get(2).reason().contains("skips"), outcomes.get(2).reason());
    }

    @Test
    void versionAIsTheTableSparkReallyWrote() throws Exception {
        TableOutcome append = ForeachBatchLab.run(replay("shop-copy-crash"), List.of("order_id")).get(0);
        assertEquals(realTable("shop-copy-crash"), texts(append.afterCrash()));
        assertEquals(realTable("shop-copy-crash-restarted"), texts(append.afterRestart()));
    }

    @Test
    void versionBIsTheDeltaTableSparkReallyMerged() throws Exception {
        TableOutcome merge = ForeachBatchLab.run(replay("shop-merge-crash"), List.of("order_id")).get(1);
        assertEquals(realTable("shop-merge-crash"), texts(merge.afterCrash()));
        assertEquals(realTable("shop-merge-crash-restarted"), texts(merge.afterRestart()));
    }

    @Test
    void aCheckpointWhoseBatchesAllCommittedHasNothingToReplay() {
        assertThrows(IllegalArgumentException.class,
                () -> ForeachBatchLab.run(replay("shop-copy-crash-restarted"), List.of("order_id")));
    }
}
