package io.streamscope.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.TopicFiles;
import io.streamscope.topic.TopicSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every sample replayed from its own {@code job.py} through the replay session (no query, schema or mode from the
 * sidecar): each batch's sink rows equal what Spark's sink received ({@code spark-run.json}), every execution.
 */
class JobReplayTest {

    static ReplayResult replay(String sample, Optional<String> job) throws Exception {
        Path folder = ShopTopic.SAMPLES.resolve(sample);
        Checkpoint checkpoint = CheckpointReader.read(folder);
        Sidecar sidecar = Sidecar.readStrict(folder).orElseThrow();
        Map<String, Path> files = TopicFiles.byTopic(sidecar.topicEntries(folder),
                io.streamscope.topic.CheckpointSpan.topics(checkpoint));
        try (TopicSource topics = JsonlTopicSource.open(files)) {
            return ReplaySession.run(new ReplayRequest(checkpoint, job, Optional.empty(), Map.of(), Optional.empty(),
                    Optional.empty()), topics);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-big-orders", "shop-totals-update", "shop-totals-complete", "shop-windowed",
            "shop-copy-crash", "shop-copy-crash-restarted", "shop-merge-crash", "shop-merge-crash-restarted",
            "shop-available-now", "state-codec-zstd", "shop-union-refunds", "shop-join-inner", "shop-join-left-outer",
            "shop-sessions", "shop-sessions-complete", "shop-totals-rocksdb", "shop-totals-rocksdb-snapshots",
            "shop-windowed-rocksdb", "shop-windowed-rocksdb-snapshots"})
    void sinkRowsEqualSparksFromTheJobFile(String sample) throws Exception {
        String job = Files.readString(ShopTopic.SAMPLES.resolve(sample).resolve("job.py"));
        ReplayResult result = replay(sample, Optional.of(job));
        ReplayResult.Replayed replayed = assertInstanceOf(ReplayResult.Replayed.class, result,
                () -> result.reason().orElse(""));
        Replay replay = replayed.full();
        assertTrue(replay.error().isEmpty(), () -> replay.error().orElse(""));
        SparkRun truth = SparkRun.of(sample);
        assertFalse(truth.executions().isEmpty());
        for (JsonNode execution : truth.executions()) {
            long batchId = execution.get("batchId").asLong();
            BatchStep step = replay.step(batchId).orElseThrow();
            assertEquals(SparkRun.texts(execution.get("sinkRows")), SparkRun.texts(step.sinkRows()),
                    sample + " batch " + batchId + " (run " + execution.get("run") + ")");
        }
        assertEquals(List.of(), replay.notes(), "the replay agrees with the checkpoint's watermarks");
        assertTrue(replayed.setup().sources().stream().allMatch(s -> s.origin() == SourceSetup.Origin.JOB));
    }

    @Test
    void theUnionReadsBothTopicsAndKnowsWhereEachRowCameFrom() throws Exception {
        String job = Files.readString(ShopTopic.SAMPLES.resolve("shop-union-refunds/job.py"));
        ReplayResult.Replayed replayed = (ReplayResult.Replayed) replay("shop-union-refunds", Optional.of(job));
        assertEquals(2, replayed.setup().sources().size());
        List<JobInput.Coordinates> batch0 = replayed.source().coordinatesOf(0);
        assertEquals(List.of("orders", "orders", "orders", "orders", "refunds"),
                batch0.stream().map(JobInput.Coordinates::topic).toList());
        assertEquals("{\"customer_id\":1,\"amount\":-5.00}",
                io.streamscope.sparktypes.SparkJson.text(replayed.full().step(0).orElseThrow().inputRows().get(4)));
    }

    @Test
    void userCodeIsNotUnderstoodButTheInputRowsStillShow() throws Exception {
        String job = Files.readString(ShopTopic.SAMPLES.resolve("shop-tws/job.py"));
        ReplayResult result = replay("shop-tws", Optional.of(job));
        ReplayResult.NotUnderstood refused = assertInstanceOf(ReplayResult.NotUnderstood.class, result);
        assertTrue(refused.error().getMessage().contains("transformWithStateInPandas"), refused.error().getMessage());
        assertTrue(refused.error().line() > 0);
        assertEquals(4, refused.replay().orElseThrow().step(0).orElseThrow().inputRows().size());
    }

    @Test
    void withNothingButTheCheckpointTheInputRowsShowDecodedWithAnInferredSchema() throws Exception {
        ReplayResult result = replay("shop-totals-update", Optional.empty());
        ReplayResult.InputOnly inputOnly = assertInstanceOf(ReplayResult.InputOnly.class, result);
        SourceSetup source = inputOnly.setup().sources().get(0);
        assertEquals(SourceSetup.Origin.INFERRED, source.origin());
        assertEquals("amount DOUBLE, customer_id BIGINT, order_id BIGINT, order_ts STRING", source.schema().orElseThrow());
        assertEquals("{\"amount\":25.5,\"customer_id\":1,\"order_id\":110,\"order_ts\":\"2026-01-22T09:01:00Z\"}",
                io.streamscope.sparktypes.SparkJson.text(inputOnly.passThrough().step(0).orElseThrow().inputRows().get(0)));
    }

    @Test
    void aSchemaTheJobReadsAtRunTimeIsInferredAndSaidSo() throws Exception {
        String job = """
                from schemas import order_schema
                orders = (spark.readStream.format("kafka").option("subscribe", "orders").load()
                          .select(from_json(col("value").cast("string"), order_schema).alias("o")).select("o.*"))
                totals = orders.groupBy("customer_id").sum("amount")
                totals.writeStream.outputMode("update").start()
                """;
        ReplayResult.Replayed replayed = assertInstanceOf(ReplayResult.Replayed.class,
                replay("shop-totals-update", Optional.of(job)));
        SourceSetup source = replayed.setup().sources().get(0);
        assertEquals(SourceSetup.Origin.INFERRED, source.origin());
        assertTrue(replayed.setup().notes().stream().anyMatch(note -> note.contains("order_schema")));
        // amount inferred as DOUBLE: the sum is a double, 25.5 + 12.0 for customer 1 after batch 0
        assertEquals("{\"customer_id\":1,\"sum(amount)\":37.5}", io.streamscope.sparktypes.SparkJson.text(
                replayed.full().step(0).orElseThrow().sinkRows().stream()
                        .filter(row -> Long.valueOf(1).equals(row.get("customer_id"))).findFirst().orElseThrow()));
    }

    @Test
    void theKafkaColumnsAreRowsToo() throws Exception {
        String job = """
                raw = spark.readStream.format("kafka").option("subscribe", "orders").load()
                rows = raw.selectExpr("CAST(key AS STRING) AS k", "topic", "partition", "offset", "timestamp")
                rows.writeStream.start()
                """;
        ReplayResult.Replayed replayed = assertInstanceOf(ReplayResult.Replayed.class,
                replay("shop-big-orders", Optional.of(job)));
        assertEquals(SourceSetup.Origin.NONE, replayed.setup().sources().get(0).origin());
        assertEquals("{\"k\":\"150\",\"topic\":\"orders\",\"partition\":0,\"offset\":5,"
                        + "\"timestamp\":\"2026-01-22T10:05:00.000Z\"}",
                io.streamscope.sparktypes.SparkJson.text(replayed.full().step(2).orElseThrow().sinkRows().get(0)));
    }

    @Test
    void aJobForAnotherCheckpointIsNotUnderstoodAndSaysWhy() throws Exception {
        String job = """
                payments = spark.readStream.format("kafka").option("subscribe", "payments").load()
                payments.writeStream.start()
                """;
        ReplayResult result = replay("shop-totals-update", Optional.of(job));
        ReplayResult.NotUnderstood wrong = assertInstanceOf(ReplayResult.NotUnderstood.class, result);
        assertTrue(wrong.error().reason().contains("read the topic orders"), wrong.error().reason());
        assertEquals(1, wrong.error().line());
        assertEquals(4, wrong.replay().orElseThrow().step(0).orElseThrow().inputRows().size(),
                "the batches' records still show, decoded with an inferred schema");
    }

    @Test
    void confTheCheckpointPinnedWinsOverTheJobsAndTheNotesSaySo() throws Exception {
        String job = Files.readString(ShopTopic.SAMPLES.resolve("shop-totals-update/job.py"))
                .replace("spark.conf.set(\"spark.sql.shuffle.partitions\", \"2\")",
                        "spark.conf.set(\"spark.sql.shuffle.partitions\", \"200\")");
        ReplayResult result = replay("shop-totals-update", Optional.of(job));
        assertInstanceOf(ReplayResult.Replayed.class, result);
        assertEquals(List.of("the job sets spark.sql.shuffle.partitions=200 but the checkpoint pinned 2 in offsets/0: "
                + "Spark runs (and the replay replays) with 2"), result.setup().notes());
    }

    /** Jobs written as teams write them (a main guard, an options dict, SQL over a view, a Scala object). */
    @ParameterizedTest
    @ValueSource(strings = {"totals_main_guard.py", "totals_sql_view.py", "TotalsJob.scala"})
    void productionStyleJobsReplayTheTotalsAsSparkDid(String file) throws Exception {
        String job = Files.readString(Path.of("src/test/resources/jobs").resolve(file));
        ReplayResult result = replay("shop-totals-update", Optional.of(job));
        ReplayResult.Replayed replayed = assertInstanceOf(ReplayResult.Replayed.class, result,
                () -> result.reason().orElse(""));
        assertEquals(OutputMode.UPDATE, replayed.setup().mode());
        for (JsonNode execution : SparkRun.of("shop-totals-update").executions()) {
            List<String> spark = SparkRun.texts(execution.get("sinkRows"));
            assertEquals(spark, SparkRun.texts(replayed.full().step(execution.get("batchId").asLong()).orElseThrow()
                    .sinkRows()), file + " batch " + execution.get("batchId"));
        }
    }

    /** The usual decoding is read straight from the bytes: the same rows as the projections give, damaged values too. */
    @Test
    void theDirectDecodingGivesTheRowsTheProjectionsGive(@org.junit.jupiter.api.io.TempDir Path temp) throws Exception {
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(ShopTopic.SAMPLES.resolve("topics/orders.jsonl")));
        lines.set(2, lines.get(2).replaceFirst("\"value\":\".*\"}$", "\"value\":\"not json\"}"));
        lines.set(3, lines.get(3).replaceFirst("\"value\":\".*\"}$", "\"value\":null}"));
        lines.set(5, lines.get(5).replace("\\\"amount\\\":15.75", "\\\"amount\\\":\\\"lots\\\""));
        Path topic = temp.resolve("orders.jsonl");
        Files.write(topic, lines);
        String direct = """
                schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"
                orders = (spark.readStream.format("kafka").option("subscribe", "orders").load()
                          .select(from_json(col("value").cast("string"), schema).alias("o")).select("o.*"))
                orders.writeStream.start()
                """;
        String projected = direct.replace(".select(from_json(col(\"value\").cast(\"string\"), schema).alias(\"o\"))",
                ".withColumn(\"o\", from_json(col(\"value\").cast(\"string\"), schema))");
        assertTrue(!projected.equals(direct));
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-big-orders"));
        List<List<String>> results = new java.util.ArrayList<>();
        for (String job : List.of(direct, projected)) {
            try (TopicSource topics = JsonlTopicSource.open(Map.of("orders", topic))) {
                ReplayResult result = ReplaySession.run(new ReplayRequest(checkpoint, Optional.of(job), Optional.empty(),
                        Map.of(), Optional.empty(), Optional.empty()), topics);
                ReplayResult.Replayed replayed = assertInstanceOf(ReplayResult.Replayed.class, result,
                        () -> result.reason().orElse(""));
                List<String> rows = new java.util.ArrayList<>();
                replayed.full().steps().forEach(step -> step.inputRows().forEach(r -> rows.add(io.streamscope.sparktypes.SparkJson.text(r))));
                results.add(rows);
            }
        }
        assertEquals(results.get(0), results.get(1));
        assertEquals(7, results.get(0).size());
        assertEquals("{}", results.get(0).get(2), "not JSON: a row of nulls");
        assertEquals("{}", results.get(0).get(3), "a null value: a row of nulls");
        assertEquals("{\"order_id\":150,\"customer_id\":3,\"order_ts\":\"2026-01-22T10:05:00.000Z\"}",
                results.get(0).get(5), "a field that does not fit is null, the others kept");
    }
}
