package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.sparktypes.SparkJson;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real Spark 4.0.1 wrote each query twice on RocksDB, with changelog checkpointing and without (Spark's default,
 * only snapshots). Spark's own change feed of the changelog variant ({@code readChangeFeed}; it fails on the other)
 * is the ground truth: our changes equal it on the changelog variant, and on the snapshot-only one by comparing
 * snapshots — the totals' updates, and the windowed count's evictions as deletes.
 */
public class ChangeFeedGroundTruthTest {

    /** The four samples, for the test that every sample folder is covered. */
    public static final List<String> ROCKSDB_SAMPLES = List.of("shop-totals-rocksdb", "shop-totals-rocksdb-snapshots",
            "shop-windowed-rocksdb", "shop-windowed-rocksdb-snapshots");

    private static final Path SAMPLES = Path.of("sample-checkpoints");
    private static final ObjectMapper EXACT = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    private static List<String> sparks(String sample) throws Exception {
        JsonNode feed = EXACT.readTree(SAMPLES.resolve(sample).resolve("state-ground-truth.json").toFile())
                .get("changeFeed").get(0).get("rows");
        List<String> rows = new ArrayList<>();
        for (JsonNode row : feed) {
            rows.add(row.get("batch_id").asLong() + " " + row.get("change_type").asText() + " p"
                    + row.get("partition_id").asInt() + " " + row.get("key") + " "
                    + (row.has("value") && !row.get("value").isNull() ? row.get("value").toString() : "-"));
        }
        rows.sort(null);
        return rows;
    }

    private static List<String> ours(String sample) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(SAMPLES.resolve(sample));
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateReader reader = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty());
        List<String> rows = new ArrayList<>();
        reader.changes(-1, 2, change -> rows.add(change.batchId() + " " + change.type().label() + " p"
                + change.partition() + " " + SparkJson.text(change.key()) + " "
                + (change.value() == null ? "-" : SparkJson.text(change.value()))));
        assertEquals(List.of(), reader.problems(), sample);
        rows.sort(null);
        return rows;
    }

    @ParameterizedTest
    @CsvSource({"shop-totals-rocksdb, shop-totals-rocksdb-snapshots", "shop-windowed-rocksdb, shop-windowed-rocksdb-snapshots"})
    void changesEqualSparksChangeFeedWithChangelogsAndWithout(String changelogs, String snapshots) throws Exception {
        List<String> spark = sparks(changelogs);
        assertTrue(spark.size() >= 6, spark.toString());
        assertEquals(spark, ours(changelogs), "from the changelogs");
        assertEquals(spark, ours(snapshots), "from the snapshots alone");
    }
}
