package io.streamscope.cli;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code replay}: design.md's JSON, the sink rows Spark's sink received, refusals as answers. */
class ReplayCommandTest {

    private static final ObjectMapper EXACT = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);
    private static final Path SAMPLES = Path.of("sample-checkpoints");

    @TempDir
    Path temp;

    private static List<String> texts(JsonNode rows) {
        List<String> texts = new ArrayList<>();
        rows.forEach(row -> texts.add(row.toString()));
        return texts;
    }

    private static List<String> sorted(List<String> texts) {
        return texts.stream().sorted().toList();
    }

    @Test
    void totalsUpdatePrintsWhatSparksSinkReceivedPerBatch() throws Exception {
        JsonNode answer = CliRun.ok("replay", SAMPLES.resolve("shop-totals-update").toString());
        assertEquals("update", answer.get("mode").asText());
        assertTrue(answer.get("error").isNull());
        JsonNode spark = EXACT.readTree(SAMPLES.resolve("shop-totals-update/spark-run.json").toFile()).get("batches");
        assertEquals(3, answer.get("batches").size());
        for (int i = 0; i < 3; i++) {
            JsonNode batch = answer.get("batches").get(i);
            assertEquals(i, batch.get("batchId").asInt());
            assertEquals(texts(spark.get(i).get("sinkRows")), texts(batch.get("sinkRows")));
        }
        assertEquals(List.of("{\"customer_id\":1,\"total\":47.49}", "{\"customer_id\":3,\"total\":19.74}"),
                texts(answer.get("batches").get(2).get("sinkRows")));
        assertEquals(2, answer.get("batches").get(2).get("inputRows").size());
        assertEquals(3, answer.get("stateCheck").get("batchesChecked").asInt());
        assertEquals(0, answer.get("stateCheck").get("differences").size());
    }

    @Test
    void lagIsTheTopicEndMinusTheLastCommittedEnd() throws Exception {
        JsonNode caughtUp = CliRun.ok("replay", SAMPLES.resolve("shop-totals-update").toString()).get("lag");
        assertEquals(2, caughtUp.get("batchId").asInt());
        assertEquals(0, caughtUp.get("total").asLong());
        JsonNode crashed = CliRun.ok("replay", SAMPLES.resolve("shop-copy-crash").toString()).get("lag");
        assertEquals(1, crashed.get("batchId").asInt(), "batch 2 did not commit");
        assertEquals(2, crashed.get("total").asLong(), "orders 150 and 151 are still to be read");
        JsonNode partition = crashed.get("partitions").get(0);
        assertEquals("orders", partition.get("topic").asText());
        assertEquals(5, partition.get("committedOffset").asLong());
        assertEquals(7, partition.get("endOffset").asLong());
    }

    @Test
    void completeModePrintsEveryCustomersTotalPerBatch() throws Exception {
        JsonNode answer = CliRun.ok("replay", SAMPLES.resolve("shop-totals-update").toString(), "--mode", "complete");
        assertEquals("complete", answer.get("mode").asText());
        assertEquals(List.of("{\"customer_id\":1,\"total\":37.50}", "{\"customer_id\":2,\"total\":49.35}",
                "{\"customer_id\":3,\"total\":3.99}"), texts(answer.get("batches").get(1).get("sinkRows")));
        assertEquals(3, answer.get("batches").get(2).get("sinkRows").size());
    }

    @Test
    void aRefusedModeIsAnAnswerWithSparksReason() throws Exception {
        JsonNode answer = CliRun.ok("replay", SAMPLES.resolve("shop-totals-update").toString(), "--mode", "append");
        assertEquals("Append output mode not supported when there are streaming aggregations on streaming "
                + "DataFrames/DataSets without watermark", answer.get("error").asText());
        assertEquals(3, answer.get("batches").size(), "what each batch read is still listed");
        assertEquals(4, answer.get("batches").get(0).get("inputRows").size());
        assertTrue(answer.get("batches").get(0).get("sinkRows") == null, "no sink rows: the query does not run");
    }

    @Test
    void theJobFileSaysTheStreamsSchemaQueryAndMode() throws Exception {
        Path sample = SAMPLES.resolve("shop-union-refunds");
        JsonNode answer = CliRun.ok("replay", sample.toString(), "--job", sample.resolve("job.py").toString());
        JsonNode spark = EXACT.readTree(sample.resolve("spark-run.json").toFile()).get("batches");
        assertTrue(answer.get("error").isNull(), answer.toString());
        assertEquals("update", answer.get("mode").asText());
        assertEquals("availableNow", answer.get("trigger").asText());
        assertEquals(List.of("orders", "refunds"), List.of(answer.get("sources").get(0).get("topics").get(0).asText(),
                answer.get("sources").get(1).get("topics").get(0).asText()));
        for (int i = 0; i < 3; i++) {
            assertEquals(texts(spark.get(i).get("sinkRows")), texts(answer.get("batches").get(i).get("sinkRows")));
        }
    }

    @Test
    void aStreamStreamJoinFromItsJobMatchesSparksSinkAndItsJoinStores() throws Exception {
        Path sample = SAMPLES.resolve("shop-join-left-outer");
        JsonNode answer = CliRun.ok("replay", sample.toString());
        JsonNode spark = EXACT.readTree(sample.resolve("spark-run.json").toFile()).get("batches");
        for (int i = 0; i < 3; i++) {
            // a join emits its matches, then the outer rows; Spark's capture is sorted
            assertEquals(sorted(texts(spark.get(i).get("sinkRows"))), sorted(texts(answer.get("batches").get(i).get("sinkRows"))));
        }
        assertEquals(6, answer.get("stateCheck").get("batchesChecked").asInt(), "two sides, three batches");
        assertEquals(0, answer.get("stateCheck").get("differences").size(), answer.get("stateCheck").toString());
        assertEquals(0, answer.get("problems").size());
    }

    @Test
    void aDamagedStateFileIsNamedInProblemsAndTheReplayStillRuns() throws Exception {
        Path copy = temp.resolve("shop-totals-update");
        io.streamscope.checkpoint.FolderSnapshot.copyTree(SAMPLES.resolve("shop-totals-update"), copy);
        Path delta = copy.resolve("state/0/0/2.delta");
        byte[] bytes = Files.readAllBytes(delta);
        Files.write(delta, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        JsonNode answer = CliRun.ok("replay", copy.toString(), "--topic-file",
                SAMPLES.resolve("topics/orders.jsonl").toAbsolutePath().toString());
        assertTrue(answer.get("error").isNull(), answer.get("error").toString());
        assertEquals(3, answer.get("batches").size());
        List<String> paths = new ArrayList<>();
        answer.get("problems").forEach(problem -> paths.add(problem.get("path").asText()));
        assertTrue(paths.contains("state/0/0/2.delta"), paths.toString());
    }

    @Test
    void sessionWindowsFromTheJobMatchSparksSinkAndItsSessionStore() throws Exception {
        for (String name : List.of("shop-sessions", "shop-sessions-complete")) {
            Path sample = SAMPLES.resolve(name);
            JsonNode answer = CliRun.ok("replay", sample.toString());
            JsonNode spark = EXACT.readTree(sample.resolve("spark-run.json").toFile()).get("batches");
            for (int i = 0; i < 3; i++) {
                assertEquals(sorted(texts(spark.get(i).get("sinkRows"))),
                        sorted(texts(answer.get("batches").get(i).get("sinkRows"))), name + " batch " + i);
            }
            assertEquals(3, answer.get("stateCheck").get("batchesChecked").asInt(), name);
            assertEquals(0, answer.get("stateCheck").get("differences").size(), answer.get("stateCheck").toString());
        }
    }

    @Test
    void aDamagedOffsetsFileIsNamedAndTheOtherBatchesStillReplay() throws Exception {
        Path copy = temp.resolve("big-orders");
        io.streamscope.checkpoint.FolderSnapshot.copyTree(SAMPLES.resolve("shop-big-orders"), copy);
        Files.writeString(copy.resolve("offsets/1"), "v1\n{not json");
        JsonNode answer = CliRun.ok("replay", copy.toString(), "--topic-file",
                SAMPLES.resolve("topics/orders.jsonl").toAbsolutePath().toString());
        List<String> paths = new ArrayList<>();
        answer.get("problems").forEach(problem -> paths.add(problem.get("path").asText()));
        assertTrue(paths.contains("offsets/1"), paths.toString());
        assertEquals(0, answer.get("batches").get(0).get("batchId").asInt());
    }

    @Test
    void stateSaysWhenTheBatchAfterDiedWhileWritingItsState() throws Exception {
        Path copy = temp.resolve("totals");
        io.streamscope.checkpoint.FolderSnapshot.copyTree(SAMPLES.resolve("shop-totals-update"), copy);
        Files.delete(copy.resolve("commits/2"));
        Files.delete(copy.resolve("state/0/0/3.delta"));
        JsonNode answer = CliRun.ok("state", copy.toString());
        assertEquals(1, answer.get("batchId").asInt(), "the last committed batch");
        assertEquals(0, answer.get("problems").size(), answer.get("problems").toString());
        assertTrue(answer.get("notes").toString().contains("died while writing state"), answer.get("notes").toString());
    }

    @Test
    void aSchemaPerTopicOverridesTheJobs() throws Exception {
        Path sample = SAMPLES.resolve("shop-big-orders");
        JsonNode answer = CliRun.ok("replay", sample.toString(), "--schema",
                "orders=order_id BIGINT, customer_id INT, amount DOUBLE, order_ts STRING");
        assertEquals("given", answer.get("sources").get(0).get("schemaOrigin").asText());
        assertEquals("{\"order_id\":110,\"customer_id\":1,\"amount\":25.5}",
                answer.get("batches").get(0).get("sinkRows").get(0).toString());
    }

    @Test
    void aMalformedQueryIsAnAnswerWithItsPosition() throws Exception {
        JsonNode answer = CliRun.ok("replay", SAMPLES.resolve("shop-big-orders").toString(), "--query", "orders.filter(\"amount >=\")");
        assertEquals("the expression ends too early (at line 1, column 25)", answer.get("error").asText());
    }

    @Test
    void flagsOverrideTheSidecar() throws Exception {
        Path topic = SAMPLES.resolve("topics/orders.jsonl");
        JsonNode answer = CliRun.ok("replay", SAMPLES.resolve("shop-big-orders").toString(), "--topic-file", "orders=" + topic,
                "--query", "SELECT order_id FROM orders WHERE customer_id = 1", "--mode", "append",
                "--schema", "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP");
        assertEquals(List.of("{\"order_id\":110}", "{\"order_id\":112}"), texts(answer.get("batches").get(0).get("sinkRows")));
        assertEquals(List.of("{\"order_id\":151}"), texts(answer.get("batches").get(2).get("sinkRows")));
        assertEquals(3, answer.get("batches").get(2).get("resultTable").size());
        assertTrue(answer.get("stateCheck") == null, "a stateless query on a stateless checkpoint: nothing to check");
    }

    @Test
    void theCrashedBatchIsMarkedAsWillReplay() throws Exception {
        JsonNode answer = CliRun.ok("replay", SAMPLES.resolve("shop-copy-crash").toString());
        JsonNode batch2 = answer.get("batches").get(2);
        assertTrue(batch2.get("willReplay").asBoolean());
        assertEquals(false, batch2.get("committed").asBoolean());
        assertEquals(2, batch2.get("sinkRows").size());
    }

    @Test
    void recordsMissingFromTheTopicFileStopTheReplayWithAnError() throws Exception {
        Path partial = temp.resolve("orders.jsonl");
        List<String> lines = Files.readAllLines(SAMPLES.resolve("topics/orders.jsonl"));
        Files.write(partial, lines.subList(0, 5));
        JsonNode answer = CliRun.ok("replay", SAMPLES.resolve("shop-totals-update").toString(), "--topic-file", partial.toString());
        assertEquals(2, answer.get("batches").size());
        assertTrue(answer.get("error").asText().startsWith("batch 2: "), answer.get("error").asText());
    }

    @Test
    void badInvocationsExitWith2() {
        assertEquals(2, CliRun.run("replay").exitCode());
        assertEquals(2, CliRun.run("replay", SAMPLES.resolve("shop-big-orders").toString(), "--mode", "sideways").exitCode());
        assertEquals(2, CliRun.run("replay", temp.toString()).exitCode());
        CliRun noTopic = CliRun.run("replay", SAMPLES.resolve("shop-big-orders").toString(), "--topic-file", temp.resolve("none.jsonl").toString());
        assertEquals(2, noTopic.exitCode());
        assertTrue(noTopic.err().contains("no topic file"), noTopic.err());
    }
}
