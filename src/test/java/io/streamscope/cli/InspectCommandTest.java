package io.streamscope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.FolderSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code inspect} prints design.md's JSON: its keys, types and values on real Spark checkpoints. */
class InspectCommandTest {

    private static final Path CORPUS = Path.of("src/test/resources/spark-conformance");

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    @Test
    void kafkaCheckpointHasTheContractShapeAndValues() throws Exception {
        CliRun result = CliRun.run("inspect", CORPUS.resolve("checkpoint-version-2.4.3-kafka-include-headers-default").toString());
        assertEquals(0, result.exitCode(), result.err());
        JsonNode json = result.json();
        assertEquals(List.of("queryId", "sources", "batches", "stateOperators", "problems", "notes"), fieldNames(json));

        JsonNode source = json.get("sources").get(0);
        assertEquals(List.of("index", "kind", "initialOffsets"), fieldNames(source));
        assertEquals("kafka", source.get("kind").asText());
        String topic = "spark-test-topic-2b8619f5-d3c4-4c2d-b5d1-8d9d9458aa62";
        assertEquals(0, source.get("initialOffsets").get(topic).get("4").asInt());

        JsonNode batch = json.get("batches").get(0);
        assertEquals(List.of("batchId", "committed", "willReplay", "watermarkMs", "timestampMs", "nextWatermarkMs", "sources"),
                fieldNames(batch));
        assertTrue(batch.get("batchId").isIntegralNumber());
        assertTrue(batch.get("committed").asBoolean());
        assertFalse(batch.get("willReplay").asBoolean());
        JsonNode batchSource = batch.get("sources").get(0);
        assertEquals(List.of("index", "startOffset", "endOffset", "numInputRows"), fieldNames(batchSource));
        assertTrue(batchSource.get("endOffset").isObject(), "offsets are embedded JSON, not strings");
        assertEquals(3, batchSource.get("endOffset").get(topic).get("2").asInt());
        assertEquals(15, batchSource.get("numInputRows").asLong());

        JsonNode store = json.get("stateOperators").get(0).get("stores").get(0);
        assertEquals(List.of("storeName", "numPartitions", "keySchema", "valueSchema", "provider", "versions"), fieldNames(store));
        assertEquals("default", store.get("storeName").asText());
        assertEquals("hdfs", store.get("provider").asText());
        assertEquals(0, json.get("problems").size());
    }

    @Test
    void sourceLineDashBecomesNullAndSchemasAreEmbedded() throws Exception {
        JsonNode json = CliRun.run("inspect", CORPUS.resolve("checkpoint-version-3.5.1-streaming-join").toString()).json();
        JsonNode stores = json.get("stateOperators").get(0).get("stores");
        assertEquals(4, stores.size());
        JsonNode keySchema = stores.get(1).get("keySchema");
        assertEquals("struct", keySchema.get("type").asText());
        assertEquals("field0", keySchema.get("fields").get(0).get("name").asText());
    }

    @Test
    void offsetsWithoutCommitAreMarkedAndExplainedInNotes() throws Exception {
        JsonNode json = CliRun.run("inspect", CORPUS.resolve("checkpoint-test-offsetId-commitId-inconsistent").toString()).json();
        JsonNode batches = json.get("batches");
        assertEquals(4, batches.size());
        assertEquals(4, batches.get(3).get("batchId").asLong());
        assertTrue(batches.get(3).get("willReplay").asBoolean());
        assertTrue(batches.get(3).get("nextWatermarkMs").isNull());
        assertEquals(0, json.get("problems").size(), "normal Spark behaviour is not a problem");
        assertTrue(json.get("notes").toString().contains("batch 3"), json.get("notes").toString());
    }

    @Test
    void damagedFileIsListedAndExitIsStillZero(@TempDir Path temp) throws Exception {
        Path copy = temp.resolve("chk");
        FolderSnapshot.copyTree(CORPUS.resolve("checkpoint-version-4.0.0/hdfs/agg"), copy);
        Files.writeString(copy.resolve("offsets/1"), "v1\n{garbage");
        CliRun result = CliRun.run("inspect", copy.toString());
        assertEquals(0, result.exitCode());
        JsonNode problem = result.json().get("problems").get(0);
        assertEquals("offsets/1", problem.get("path").asText());
        assertEquals("line 2", problem.get("where").asText());
        assertTrue(result.json().get("batches").get(1).get("watermarkMs").isNull());
    }

    @Test
    void fileSinkOutputFolderPrintsItsLog() throws Exception {
        JsonNode json = CliRun.run("inspect", CORPUS.resolve("escaped-path-2.4.0/output%20%25@%23output").toString()).json();
        assertEquals(1, json.get("fileSink").get("files").size());
        assertEquals("add", json.get("fileSink").get("files").get(0).get("action").asText());
    }

    @Test
    void notACheckpointExitsNonZeroWithOneLine() {
        CliRun result = CliRun.run("inspect", CORPUS.resolve("testCommitLogV1").toString());
        assertEquals(2, result.exitCode());
        assertEquals("", result.out());
        assertEquals(1, result.err().lines().count(), result.err());
        assertTrue(result.err().contains("is not a checkpoint"), result.err());
    }

    @Test
    void missingFolderAndBadFlagAreUsageErrors() {
        CliRun missing = CliRun.run("inspect", "no/such/folder");
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("does not exist"));
        CliRun flag = CliRun.run("inspect", "--frobnicate");
        assertEquals(2, flag.exitCode());
        assertTrue(flag.err().contains("unknown flag --frobnicate"), flag.err());
    }

    /**
     * A thousand batches are rendered in chunks on several threads: the answer is the one Jackson's generator lays
     * out for the same tree in one go, byte for byte, with every batch in order.
     */
    @Test
    void manyBatchesRenderedInChunksReadAsOneGeneratorWritesThem(@TempDir Path folder) throws Exception {
        int batches = 1_000;
        JsonNode json = inspectManyBatches(folder, batches, batch -> "{\"orders\":{\"1\":" + (batch + 1) * 3 + ",\"0\":"
                + (batch + 1) * 2 + "},\"refunds\":{\"0\":" + batch + "}}");
        JsonNode listed = json.get("batches");
        for (int batch = 0; batch < batches; batch++) {
            JsonNode read = listed.get(batch);
            assertEquals(batch, read.get("batchId").asInt());
            assertEquals(batch < batches - 1, read.get("committed").asBoolean());
            JsonNode end = read.get("sources").get(0).get("endOffset");
            assertEquals((batch + 1) * 3L, end.get("orders").get("1").asLong(), "batch " + batch);
            assertEquals(batch, end.get("refunds").get("0").asInt(), "batch " + batch);
            assertEquals(1769072400000L + batch, read.get("timestampMs").asLong(), "batch " + batch);
            if (batch > 0) {
                assertEquals(2 + 3 + 1, read.get("sources").get(0).get("numInputRows").asLong(), "batch " + batch);
            }
        }
        assertTrue(listed.get(batches - 1).get("willReplay").asBoolean());
    }

    /**
     * Two sources: each batch's start offsets are the trees written just before as the end offsets of the batch before,
     * which the bytes writer writes again as a copy of their bytes; the answer is still the one generator's.
     */
    @Test
    void twoSourcesRenderedInChunksReadAsOneGeneratorWritesThem(@TempDir Path folder) throws Exception {
        int batches = 600;
        JsonNode json = inspectManyBatches(folder, batches, batch -> "{\"orders\":{\"0\":" + (batch + 1) * 2 + "}}\n"
                + "{\"refunds\":{\"1\":" + batch + ",\"0\":" + (batch + 1) * 5 + "}}");
        JsonNode last = json.get("batches").get(batches - 1).get("sources");
        assertEquals(batches * 2 - 2L, last.get(0).get("startOffset").get("orders").get("0").asLong());
        assertEquals(batches * 5 - 5L, last.get(1).get("startOffset").get("refunds").get("0").asLong());
        assertEquals(1 + 5, last.get(1).get("numInputRows").asLong());
    }

    /**
     * Offsets of every kind JSON has, as sources other than Kafka write them (text with escapes and beyond ASCII,
     * fractions, arrays, empty objects, no offset at all): the chunks still read as one generator writes them.
     */
    @Test
    void offsetsOfEveryKindRenderedInChunksReadAsOneGeneratorWritesThem(@TempDir Path folder) throws Exception {
        // The chunks hold batches 1-256, 257-512, 513-768 and 769-899: those the bytes writer writes in the first and
        // the last, and in the middle two what it leaves to Jackson (text beyond ASCII; fractions, big integers), up
        // to a few batches before the last chunk (whose first batch starts where the one before it ended).
        List<String> written = List.of("{\"logOffset\":%d}", "%d", "-", "{\"ids\":[%d,[],{},[1,-2]],\"none\":null,\"on\":true}",
                "{\"path\":\"s3a://bucket/a \\\"quoted\\\"\\t%d.json\"}", "{}");
        JsonNode json = inspectManyBatches(folder, 900, batch -> switch (batch == 0 ? 0 : (batch - 1) / 256) {
            case 1 -> String.format("{\"snapshot\":\"caf\u00e9-%d\"}", batch);
            case 2 -> batch > 760 ? String.format(written.get(batch % written.size()), batch)
                    : String.format(batch % 2 == 0 ? "{\"ratio\":%d.5}" : "{\"big\":12345678901234567%d}", batch);
            default -> String.format(written.get(batch % written.size()), batch);
        });
        assertEquals("caf\u00e9-400", json.get("batches").get(400).get("sources").get(0).get("endOffset").get("snapshot").asText());
        assertEquals("s3a://bucket/a \"quoted\"\t832.json",
                json.get("batches").get(832).get("sources").get(0).get("endOffset").get("path").asText());
    }

    /**
     * Writes {@code batches} batches of one source whose offsets file holds {@code offsets.apply(batch)}, runs inspect,
     * and checks its answer against Jackson's one generator laying out the same tree.
     */
    private static JsonNode inspectManyBatches(Path folder, int batches, java.util.function.IntFunction<String> offsets)
            throws Exception {
        Files.writeString(folder.resolve("metadata"), "{\"id\":\"6f0a4f3e-1b5c-4d0e-9a57-0c9e0a6f1c11\"}");
        Path offsetLog = Files.createDirectories(folder.resolve("offsets"));
        Path commits = Files.createDirectories(folder.resolve("commits"));
        for (int batch = 0; batch < batches; batch++) {
            Files.writeString(offsetLog.resolve(Integer.toString(batch)), "v1\n{\"batchWatermarkMs\":" + batch * 10
                    + ",\"batchTimestampMs\":" + (1769072400000L + batch) + ",\"conf\":{\"spark.sql.shuffle.partitions\":\"4\"}}\n"
                    + offsets.apply(batch), java.nio.charset.StandardCharsets.UTF_8);
            if (batch < batches - 1) {
                Files.writeString(commits.resolve(Integer.toString(batch)), "v1\n{\"nextBatchWatermarkMs\":" + batch * 10 + "}");
            }
        }
        CliRun result = CliRun.run("inspect", folder.toString());
        assertEquals(0, result.exitCode(), result.err());
        JsonNode json = result.json();
        assertEquals(batches, json.get("batches").size());
        assertEquals(0, json.get("problems").size(), json.get("problems").toString());

        java.io.ByteArrayOutputStream oneGo = new java.io.ByteArrayOutputStream();
        try (com.fasterxml.jackson.core.JsonGenerator generator = JsonOutput.pretty(oneGo)) {
            JsonOutput.writeTree(generator, json);
            generator.writeRaw('\n');
        }
        assertEquals(oneGo.toString(java.nio.charset.StandardCharsets.UTF_8), result.out());
        return json;
    }
}
