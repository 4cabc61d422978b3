package io.streamscope.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.checkpoint.state.StateReader;
import io.streamscope.checkpoint.state.StoreSchema;
import io.streamscope.replay.plan.CompiledQuery;
import io.streamscope.replay.plan.QueryCompiler;
import io.streamscope.replay.query.ExprNames;
import io.streamscope.replay.query.QueryParser;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.sparktypes.SparkTypeJson;
import io.streamscope.topic.DdlParser;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The state schema a query implies, checked on Spark's own checkpoints: old ones that record no schema decode with
 * it to the rows Spark's tests assert (INDEX.md, EXPECTED-DECODED.txt), and newer ones record the same schema.
 */
class ImpliedStateSchemaTest {

    private static final Path CORPUS = Path.of("src/test/resources/spark-conformance");

    @Test
    void aggregationStateFormat1DecodesA231CheckpointWithoutSchema() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(CORPUS.resolve("checkpoint-version-2.3.1-streaming-aggregate-state-format-1"));
        StoreSchema schema = implied("orders.groupBy(\"value\").count()", "value INT", checkpoint);
        assertEquals("STRUCT<value: INT, count: BIGINT>", ExprNames.sqlType(schema.value()), "format 1 repeats the key");
        assertEquals(List.of("{\"value\":3} -> {\"value\":3,\"count\":2}", "{\"value\":2} -> {\"value\":2,\"count\":1}"),
                rows(checkpoint, schema, 1));
    }

    @Test
    void windowedCountFormat1() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(CORPUS.resolve("checkpoint-version-2.3.1-without-commit-log-metadata"));
        StoreSchema schema = implied("orders.withWatermark(\"eventTime\", \"10 seconds\")"
                + ".groupBy(window(col(\"eventTime\"), \"5 seconds\")).count()", "eventTime TIMESTAMP", checkpoint);
        assertEquals(List.of(windowCount("15", "20", 1), windowCount("10", "15", 3)), rows(checkpoint, schema, 1));
    }

    @Test
    void stateFormat2IsTheBufferAloneAsSparkRecordsIt() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(CORPUS.resolve("checkpoint-version-3.2.0-streaming-aggregate-with-repartition"));
        StoreSchema schema = implied("orders.groupBy(\"key1\", \"key2\").count()", "key1 INT, key2 INT", checkpoint);
        StateStoreInfo store = checkpoint.stateOperators().get(0).stores().get(0);
        assertEquals(ExprNames.sqlType(SparkTypeJson.parseStruct(store.schema().orElseThrow().keySchema())), ExprNames.sqlType(schema.key()));
        assertEquals(ExprNames.sqlType(SparkTypeJson.parseStruct(store.schema().orElseThrow().valueSchema())), ExprNames.sqlType(schema.value()));
        assertTrue(rows(checkpoint, schema, 1).contains("{\"key1\":3,\"key2\":6} -> {\"count\":2}"));
    }

    @Test
    void deduplicationKeepsItsKeyColumns() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(CORPUS.resolve("checkpoint-version-3.5.1-streaming-deduplication"));
        StoreSchema schema = implied("orders.dropDuplicates(\"_1\")", "_1 STRING, _2 INT", checkpoint);
        StateStoreInfo store = checkpoint.stateOperators().get(0).stores().get(0);
        assertEquals(ExprNames.sqlType(SparkTypeJson.parseStruct(store.schema().orElseThrow().keySchema())), ExprNames.sqlType(schema.key()));
        assertTrue(rows(checkpoint, schema, 1).contains("{\"_1\":\"a\"} -> {}"), rows(checkpoint, schema, 1).toString());
    }

    private static String windowCount(String startSecond, String endSecond, int count) {
        String window = "{\"start\":\"1970-01-01T00:00:" + startSecond + ".000Z\",\"end\":\"1970-01-01T00:00:" + endSecond + ".000Z\"}";
        return "{\"window\":" + window + "} -> {\"window\":" + window + ",\"count\":" + count + "}";
    }

    private static StoreSchema implied(String query, String ddl, Checkpoint checkpoint) throws Exception {
        CompiledQuery compiled = QueryCompiler.compile(QueryParser.parse(query), DdlParser.parseSchema(ddl), true);
        Map<String, String> conf = checkpoint.batches().firstEntry().getValue().metadata().conf();
        return ImpliedStateSchema.of(compiled.statefulOperators().get(0), conf).orElseThrow();
    }

    private static List<String> rows(Checkpoint checkpoint, StoreSchema schema, long batchId) {
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateReader reader = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.of(schema));
        List<String> rows = new ArrayList<>();
        reader.rows(batchId, row -> rows.add(SparkJson.text(row.key()) + " -> " + SparkJson.text(row.value())));
        assertEquals(List.of(), reader.problems());
        return rows;
    }
}
