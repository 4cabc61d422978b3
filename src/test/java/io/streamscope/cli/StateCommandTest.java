package io.streamscope.cli;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.checkpoint.FolderSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code state} prints design.md's JSON: the rows of a store after a batch, or the changes of batches. */
class StateCommandTest {

    private static final Path CORPUS = Path.of("src/test/resources/spark-conformance");
    private static final String AGG = CORPUS.resolve("checkpoint-version-4.0.0/hdfs/agg").toString();
    private static final String ROCKSDB_AGG = CORPUS.resolve("checkpoint-version-4.0.0/rocksdb/agg").toString();
    /** Strict: one JSON document, nothing after it. */
    private static final ObjectMapper STRICT = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    @TempDir
    Path temp;

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    /** {@code _1 -> count} of the agg fixture's rows. */
    private static Map<Integer, Long> counts(JsonNode json) {
        Map<Integer, Long> counts = new TreeMap<>();
        for (JsonNode row : json.get("rows")) {
            counts.put(row.get("key").get("_1").asInt(), row.get("value").get("count").asLong());
        }
        return counts;
    }

    @Test
    void rowsAfterTheLastCommittedBatchByDefault() throws Exception {
        JsonNode json = CliRun.ok("state", AGG);
        assertEquals(List.of("batchId", "operatorId", "storeName", "rows"), fieldNames(json).subList(0, 4));
        assertEquals(3, json.get("batchId").asLong());
        assertTrue(json.get("batchId").isIntegralNumber());
        assertEquals(0, json.get("operatorId").asInt());
        assertEquals("default", json.get("storeName").asText());
        // inputs (1,2,3),(2,3,4),(3,4,5),(4,5,6): state v4 1→1, 2→2, 3→3, 4→3, 5→2, 6→1
        assertEquals(Map.of(1, 1L, 2, 2L, 3, 3L, 4, 3L, 5, 2L, 6, 1L), counts(json));
        for (JsonNode row : json.get("rows")) {
            assertEquals(List.of("partition", "key", "value"), fieldNames(row));
            assertTrue(row.get("partition").isIntegralNumber());
            assertEquals(List.of("_1"), fieldNames(row.get("key")), "the schema's field names verbatim");
            assertEquals(List.of("count"), fieldNames(row.get("value")));
            assertTrue(row.get("key").get("_1").isIntegralNumber());
        }
        List<Integer> partitions = new ArrayList<>();
        json.get("rows").forEach(row -> partitions.add(row.get("partition").asInt()));
        assertEquals(partitions.stream().sorted().toList(), partitions, "partition by partition");
        if (json.has("problems")) {
            assertEquals(0, json.get("problems").size(), json.get("problems").toString());
        }
    }

    @Test
    void batchOption() throws Exception {
        assertEquals(Map.of(1, 1L, 2, 1L, 3, 1L), counts(CliRun.ok("state", AGG, "--batch", "0")));
        JsonNode json = CliRun.ok("state", AGG, "--batch", "1");
        assertEquals(1, json.get("batchId").asLong());
        assertEquals(Map.of(1, 1L, 2, 2L, 3, 2L, 4, 1L), counts(json));
        assertEquals(Map.of(1, 1L, 2, 2L, 3, 3L, 4, 2L, 5, 1L), counts(CliRun.ok("state", ROCKSDB_AGG, "--batch", "2")));
        assertEquals(Map.of(1, 1L, 2, 2L, 3, 3L, 4, 2L, 5, 1L), counts(CliRun.ok("state", AGG, "--batch=2")));
    }

    @Test
    void defaultIsTheLastCommittedBatchNotTheLastOffsets() throws Exception {
        Path copy = temp.resolve("agg");
        FolderSnapshot.copyTree(Path.of(AGG), copy);
        Files.delete(copy.resolve("commits/3")); // batch 3 did not commit: it will be replayed
        Map<String, String> before = FolderSnapshot.of(copy);
        JsonNode json = CliRun.ok("state", copy.toString());
        assertEquals(2, json.get("batchId").asLong());
        assertEquals(Map.of(1, 1L, 2, 2L, 3, 3L, 4, 2L, 5, 1L), counts(json));
        assertEquals(before, FolderSnapshot.of(copy), "the command reads only");
    }

    @Test
    void changesFrom() throws Exception {
        for (String dir : List.of(AGG, ROCKSDB_AGG)) {
            JsonNode json = CliRun.ok("state", dir, "--changes-from", "1");
            assertEquals(3, json.get("batchId").asLong());
            assertFalse(json.has("rows"), "changes instead of rows");
            List<String> changes = new ArrayList<>();
            for (JsonNode change : json.get("changes")) {
                assertEquals(List.of("batchId", "type", "partition", "key", "value"), fieldNames(change), change.toString());
                changes.add(change.get("batchId").asLong() + " " + change.get("type").asText() + " " + change.get("partition").asInt()
                        + " " + change.get("key").get("_1").asInt() + "→" + change.get("value").get("count").asLong());
            }
            changes.sort(null);
            // batch 2 read (3,4,5), batch 3 read (4,5,6); keys 3,5 live in partition 1, 4 in 2, 2/6 in 4
            assertEquals(List.of("2 update 1 3→3", "2 update 1 5→1", "2 update 2 4→2", "3 update 1 5→2", "3 update 2 4→3",
                    "3 update 4 6→1"), changes, dir);
        }
        JsonNode single = CliRun.ok("state", AGG, "--batch", "1", "--changes-from", "0");
        assertEquals(1, single.get("batchId").asLong());
        assertEquals(3, single.get("changes").size(), single.toString());
    }

    @Test
    void changeFeedDeletesHaveNoValue() throws Exception {
        // the join evicts left rows below the watermark in later batches
        JsonNode json = CliRun.ok("state", CORPUS.resolve("checkpoint-version-4.0.0/hdfs/join1").toString(),
                "--store", "left-keyWithIndexToValue", "--changes-from", "0");
        int deletes = 0;
        for (JsonNode change : json.get("changes")) {
            if (change.get("type").asText().equals("delete")) {
                deletes++;
                assertFalse(change.has("value"), change.toString());
                assertTrue(change.get("key").has("field0"), change.toString());
            } else {
                assertEquals("update", change.get("type").asText());
                assertEquals(List.of("leftId", "leftTime", "matched"), fieldNames(change.get("value")));
            }
        }
        assertTrue(deletes > 0, json.toString());
    }

    @Test
    void joinStoresByNameWithSchemaFieldNamesVerbatim() throws Exception {
        String join = CORPUS.resolve("checkpoint-version-3.5.1-streaming-join").toString();
        JsonNode json = CliRun.ok("state", join, "--store", "left-keyWithIndexToValue");
        assertEquals("left-keyWithIndexToValue", json.get("storeName").asText());
        assertEquals(0, json.get("batchId").asLong());
        assertEquals(2, json.get("rows").size());
        JsonNode row = json.get("rows").get(1);
        assertEquals(4, row.get("partition").asInt());
        assertEquals("{\"field0\":2,\"index\":0}", row.get("key").toString());
        assertEquals("{\"leftId\":2,\"leftTime\":\"1970-01-01T00:00:02.000Z\",\"matched\":true}", row.get("value").toString());
        JsonNode counts = CliRun.ok("state", join, "--store", "right-keyToNumValues");
        assertEquals("{\"value\":1}", counts.get("rows").get(0).get("value").toString());
    }

    @Test
    void severalStoresWithoutStoreIsAUsageErrorNamingThem() {
        for (String fixture : List.of("checkpoint-version-3.5.1-streaming-join", "checkpoint-version-4.0.0/hdfs/join1",
                "checkpoint-version-4.0.0/rocksdb/join2")) {
            CliRun result = CliRun.run("state", CORPUS.resolve(fixture).toString());
            assertEquals(2, result.exitCode(), fixture);
            for (String store : List.of("left-keyToNumValues", "left-keyWithIndexToValue", "right-keyToNumValues", "right-keyWithIndexToValue")) {
                assertTrue(result.err().contains(store), fixture + ": " + result.err());
            }
            assertEquals("", result.out(), "nothing on stdout");
        }
        CliRun unknownStore = CliRun.run("state", CORPUS.resolve("checkpoint-version-3.5.1-streaming-join").toString(), "--store", "nope");
        assertEquals(2, unknownStore.exitCode());
        assertTrue(unknownStore.err().contains("nope"), unknownStore.err());
    }

    @Test
    void missingOperatorIsAUsageError() {
        CliRun result = CliRun.run("state", AGG, "--operator", "7");
        assertEquals(2, result.exitCode());
        assertTrue(result.err().contains("7"), result.err());
        assertEquals("", result.out());
        assertEquals(0, CliRun.run("state", AGG, "--operator", "0").exitCode());
    }

    @Test
    void badInvocations() {
        for (String[] args : List.of(new String[]{"state", AGG, "--bogus", "1"}, new String[]{"state", AGG, "--batch", "abc"},
                new String[]{"state", AGG, "--batch", "-1"}, new String[]{"state", AGG, "--batch"}, new String[]{"state"},
                new String[]{"state", AGG, AGG}, new String[]{"state", AGG, "--changes-from", "3"},
                new String[]{"state", temp.toString()})) {
            CliRun result = CliRun.run(args);
            assertEquals(2, result.exitCode(), String.join(" ", args) + " -> " + result.err());
            assertFalse(result.err().isBlank(), "a reason on stderr: " + String.join(" ", args));
            assertFalse(result.err().strip().contains("\n\tat "), "no stack trace");
        }
        assertTrue(CliRun.run("state", AGG, "--bogus", "1").err().contains("--bogus"));
    }

    @Test
    void nullFieldsAreLeftOutAndTimestampsAreIso() throws Exception {
        // limit: key struct<key: void> is always null -> {}
        JsonNode limit = CliRun.ok("state", CORPUS.resolve("checkpoint-version-4.0.0/hdfs/limit").toString());
        assertEquals(1, limit.get("rows").size());
        assertEquals("{}", limit.get("rows").get(0).get("key").toString());
        assertEquals("{\"value\":10}", limit.get("rows").get(0).get("value").toString());

        JsonNode sessions = CliRun.ok("state", CORPUS.resolve("checkpoint-version-3.2.0-session-window-with-repartition").toString());
        JsonNode first = sessions.get("rows").get(0);
        assertEquals(List.of("sessionId", "userId", "sessionStartTime"), fieldNames(first.get("key")));
        assertEquals(List.of("session_window", "sessionId", "userId", "count"), fieldNames(first.get("value")));
        assertEquals("{\"start\":\"1970-01-01T00:00:41.000Z\",\"end\":\"1970-01-01T00:00:51.000Z\"}",
                first.get("value").get("session_window").toString());

        JsonNode dedup = CliRun.ok("state", CORPUS.resolve("checkpoint-version-3.5.1-streaming-deduplication").toString());
        assertEquals("{}", dedup.get("rows").get(0).get("value").toString(), "the null __dummy__ field is left out");
        JsonNode lying = CliRun.ok("state", CORPUS.resolve("checkpoint-version-3.3.0-streaming-deduplication").toString());
        assertEquals("{}", lying.get("rows").get(0).get("value").toString(), "SPARK-39650: an empty value");
    }

    @Test
    void suppliedSchemaDecodesOldCheckpoints() throws Exception {
        String key = "{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"integer\",\"nullable\":true,\"metadata\":{}}]}";
        String value = "{\"type\":\"struct\",\"fields\":[{\"name\":\"sum\",\"type\":\"decimal(20,0)\",\"nullable\":true,\"metadata\":{}},"
                + "{\"name\":\"col_list_buffer\",\"type\":\"binary\",\"nullable\":true,\"metadata\":{}}]}";
        JsonNode json = CliRun.ok("state", CORPUS.resolve("checkpoint-version-2.4.5-for-compatibility-test-sum-decimal").toString(),
                "--key-schema", key, "--value-schema", value);
        Map<Integer, String> sums = new TreeMap<>();
        for (JsonNode row : json.get("rows")) {
            assertTrue(row.get("value").get("sum").isNumber(), "decimal as a JSON number: " + row);
            assertTrue(row.get("value").get("col_list_buffer").isTextual(), "binary as base64 text: " + row);
            sums.put(row.get("key").get("id").asInt(), row.get("value").get("sum").decimalValue().toPlainString());
        }
        assertEquals(Map.of(0, "20", 1, "25"), sums);
        CliRun half = CliRun.run("state", CORPUS.resolve("checkpoint-version-3.0.0-streaming-statestore-codec").toString(), "--key-schema", key);
        assertEquals(2, half.exitCode(), "both schemas or none");
        CliRun broken = CliRun.run("state", CORPUS.resolve("checkpoint-version-3.0.0-streaming-statestore-codec").toString(),
                "--key-schema", "{not json", "--value-schema", value);
        assertEquals(2, broken.exitCode());
    }

    /** No schema file (Spark 2.3), no flags: a sidecar's query implies the schema, as in the window. */
    @Test
    void aSidecarsQueryImpliesTheSchemaOfAnOldCheckpoint() throws Exception {
        Path copy = temp.resolve("old-with-sidecar");
        FolderSnapshot.copyTree(CORPUS.resolve("checkpoint-version-2.3.1-streaming-aggregate-state-format-1"), copy);
        JsonNode raw = CliRun.ok("state", copy.toString());
        assertTrue(raw.get("rows").get(0).get("key").isTextual(), "bytes without a schema: " + raw);
        Files.writeString(copy.resolve("streamscope.json"), "{\"query\":\"input.groupBy(\\\"value\\\").count()\","
                + "\"schema\":\"value INT\",\"outputMode\":\"update\"}");
        JsonNode json = CliRun.ok("state", copy.toString());
        Map<Integer, Long> counts = new TreeMap<>();
        for (JsonNode row : json.get("rows")) {
            assertEquals(row.get("key").get("value"), row.get("value").get("value"), "format 1 repeats the key: " + row);
            counts.put(row.get("key").get("value").asInt(), row.get("value").get("count").asLong());
        }
        assertEquals(Map.of(2, 1L, 3, 2L), counts);
        assertEquals(0, json.get("problems").size(), json.toString());
    }

    @Test
    void suppliedSchemaInDdl() throws Exception {
        // Spark 2.1's count(*) group by value, aggregation state format 1: the value repeats the key (INDEX.md #1);
        // batch 1 never committed (no commit log in 2.1), but its state version 2 is on disk
        JsonNode json = CliRun.ok("state", CORPUS.resolve("checkpoint-version-2.1.0").toString(), "--batch", "1",
                "--key-schema", "value INT", "--value-schema", "value INT, count BIGINT");
        Map<Integer, Long> counts = new TreeMap<>();
        for (JsonNode row : json.get("rows")) {
            counts.put(row.get("key").get("value").asInt(), row.get("value").get("count").asLong());
        }
        assertEquals(Map.of(1, 1L, 2, 1L, 3, 2L, 4, 2L, 5, 2L, 6, 2L, 7, 1L, 8, 1L), counts);
        assertEquals(0, json.get("problems").size());
        CliRun broken = CliRun.run("state", CORPUS.resolve("checkpoint-version-2.1.0").toString(),
                "--key-schema", "value INTEGRAL", "--value-schema", "count BIGINT");
        assertEquals(2, broken.exitCode());
        assertTrue(broken.err().contains("--key-schema"), broken.err());
    }

    @Test
    void transformWithStateRowsNameTheirColumnFamily() throws Exception {
        JsonNode json = CliRun.ok("state", CORPUS.resolve("checkpoint-version-4.0.0-tws-unsaferow").toString());
        assertEquals(1, json.get("batchId").asLong());
        assertEquals(2, json.get("rows").size());
        JsonNode row = json.get("rows").get(0);
        assertEquals("countState", row.get("columnFamily").asText());
        assertEquals("{\"value\":\"a\"}", row.get("key").toString());
        assertEquals("{\"value\":2}", row.get("value").toString());
    }

    /** Customer 1's list of recent orders in batch 2: rewritten to [112] (a put), then 151 appended (a merge). */
    @Test
    void listAppendsAreAppendsInTheChangeFeed() throws Exception {
        for (String sample : List.of("shop-tws", "shop-tws-avro")) {
            JsonNode json = CliRun.ok("state", Path.of("sample-checkpoints", sample).toString(), "--changes-from", "1");
            List<String> list = new java.util.ArrayList<>();
            for (JsonNode change : json.get("changes")) {
                if (change.get("columnFamily").asText().equals("recentOrderIds") && change.get("key").toString().equals("{\"value\":1}")) {
                    list.add(change.get("type").asText() + " " + change.get("value"));
                }
            }
            assertEquals(List.of("update [{\"value\":112}]", "append [{\"value\":151}]"), list, sample);
        }
    }

    /** {@code --figures}: the files' counts as Spark's stateOperators counts them, beside Spark's own report. */
    @Test
    void figuresBesideSparksProgress() throws Exception {
        JsonNode windowed = CliRun.ok("state", Path.of("sample-checkpoints", "shop-windowed").toString(), "--batch", "1", "--figures");
        assertEquals(List.of("batchId", "operatorId", "figures", "spark", "explanations"), fieldNames(windowed).subList(0, 5));
        assertEquals(windowed.get("spark"), windowed.get("figures"), windowed.toString());
        assertEquals("{\"numRowsTotal\":2,\"numRowsUpdated\":1,\"numRowsRemoved\":1}", windowed.get("figures").toString());
        JsonNode join = CliRun.ok("state", Path.of("sample-checkpoints", "shop-join-left-outer").toString(), "--batch", "2", "--figures");
        assertEquals(7, join.get("figures").get("numRowsRemoved").asInt(), "both sides' expired rows, no --store needed");
        assertEquals(4, join.get("spark").get("numRowsRemoved").asInt());
        assertTrue(join.get("explanations").get(0).asText().contains("outer join"), join.toString());
        JsonNode fixture = CliRun.ok("state", AGG, "--batch", "3", "--figures");
        assertFalse(fixture.has("spark"), "no progress.jsonl beside Spark's own fixture");
        assertEquals(6, fixture.get("figures").get("numRowsTotal").asInt());
        assertEquals(3, fixture.get("figures").get("numRowsUpdated").asInt(), "keys 4, 5 and 6 put by batch 3");
    }
}
