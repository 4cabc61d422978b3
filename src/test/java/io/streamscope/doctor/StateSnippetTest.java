package io.streamscope.doctor;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.Json;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.cli.Cli;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The State Data Source snippet against what Spark 4.0.1 itself read each sample with (its
 * {@code state-ground-truth.json}, written by the generator with {@code spark.read.format("statestore")}): the
 * options of every read the snippet gives are those of a read Spark ran on that sample (Spark's defaults aside), and
 * the operator, store, side, variables and batches come from the checkpoint.
 */
class StateSnippetTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");

    private static Checkpoint read(String sample) throws Exception {
        return CheckpointReader.read(SAMPLES.resolve(sample));
    }

    private static StateStoreInfo store(StateOperatorInfo operator, String name) {
        return operator.stores().stream().filter(store -> store.storeName().equals(name)).findFirst().orElseThrow();
    }

    /** A read's options without Spark's defaults (operator 0, store {@code default}), as the generator wrote them. */
    private static Map<String, String> withoutDefaults(Map<String, String> options) {
        Map<String, String> kept = new TreeMap<>(options);
        kept.remove("operatorId", "0");
        kept.remove("storeName", "default");
        return kept;
    }

    /** Every read Spark ran on the sample for the batch (or its change feed), options only. */
    private static List<Map<String, String>> sparkReads(String sample, Long batchId) throws Exception {
        JsonNode truth = Json.mapper().readTree(SAMPLES.resolve(sample).resolve("state-ground-truth.json").toFile());
        List<Map<String, String>> reads = new ArrayList<>();
        Iterable<JsonNode> source = batchId == null ? truth.get("changeFeed") : () -> java.util.stream.StreamSupport
                .stream(truth.get("batches").spliterator(), false)
                .filter(batch -> batch.get("batchId").asLong() == batchId)
                .flatMap(batch -> java.util.stream.StreamSupport.stream(batch.get("reads").spliterator(), false)).iterator();
        for (JsonNode read : source) {
            Map<String, String> options = new TreeMap<>();
            read.get("options").fields().forEachRemaining(field -> options.put(field.getKey(), field.getValue().asText()));
            options.remove("flattenCollectionTypes", "true"); // Spark's default, the snippet leaves it out
            reads.add(options);
        }
        return reads;
    }

    private static void assertSparkRanIt(StateSnippet snippet, String sample, Long batchId) throws Exception {
        List<Map<String, String>> spark = sparkReads(sample, batchId);
        assertFalse(snippet.reads().isEmpty());
        for (StateSnippet.Read read : snippet.reads()) {
            assertTrue(spark.contains(withoutDefaults(read.options())),
                    sample + ": " + read.options() + " is no read Spark ran there: " + spark);
        }
    }

    @Test
    void anAggregationsStoreAfterABatch() throws Exception {
        Checkpoint checkpoint = read("shop-totals-rocksdb");
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateSnippet snippet = StateSnippet.of(checkpoint, operator, store(operator, "default"), 1, Optional.empty());
        assertEquals(List.of(Map.of("batchId", "1", "operatorId", "0", "storeName", "default")),
                snippet.reads().stream().map(StateSnippet.Read::options).map(LinkedHashMap::new).map(Map::copyOf).toList());
        assertSparkRanIt(snippet, "shop-totals-rocksdb", 1L);
        assertEquals(checkpoint.path().toString(), snippet.path());
        String python = snippet.python();
        assertTrue(python.contains("spark.read.format(\"statestore\")"), python);
        assertTrue(python.contains(".option(\"path\", path)"), python);
        assertTrue(python.contains(".option(\"batchId\", 1)"), python);
        assertTrue(python.contains("path = \"" + checkpoint.path() + "\""), python);
        assertTrue(snippet.scala().contains(".option(\"operatorId\", 0L)"), snippet.scala());
    }

    @Test
    void aJoinsStoreIsReadByItsSide() throws Exception {
        Checkpoint checkpoint = read("shop-join-inner");
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        for (String side : List.of("left", "right")) {
            StateSnippet snippet = StateSnippet.of(checkpoint, operator, store(operator, side + "-keyWithIndexToValue"), 2,
                    Optional.empty());
            assertEquals(side, snippet.reads().get(0).options().get("joinSide"));
            assertFalse(snippet.reads().get(0).options().containsKey("storeName"), "Spark refuses both together");
            assertSparkRanIt(snippet, "shop-join-inner", 2L);
            assertTrue(snippet.python().contains(".option(\"joinSide\", \"" + side + "\")"));
        }
    }

    @Test
    void transformWithStateIsReadOneVariableAtATime() throws Exception {
        Checkpoint checkpoint = read("shop-tws");
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateSnippet snippet = StateSnippet.of(checkpoint, operator, operator.stores().get(0), 2, Optional.empty());
        List<String> variables = snippet.reads().stream()
                .map(read -> read.options().getOrDefault("stateVarName", "timers:" + read.options().get("readRegisteredTimers")))
                .toList();
        assertEquals(List.of("totalCents", "recentOrderIds", "ordersPerHour", "timers:true", "lastOrder"), variables,
                "each variable the operator metadata names, the timer state as registered timers");
        assertSparkRanIt(snippet, "shop-tws", 2L);
    }

    @Test
    void theChangeFeedTakesTheBatchRange() throws Exception {
        Checkpoint checkpoint = read("shop-totals-rocksdb");
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        // changes of batches 0..2, the range the generator asked Spark for
        StateSnippet snippet = StateSnippet.of(checkpoint, operator, operator.stores().get(0), 2, Optional.of(-1L));
        assertSparkRanIt(snippet, "shop-totals-rocksdb", null);
        assertFalse(snippet.reads().get(0).options().containsKey("batchId"), "Spark refuses batchId with the change feed");
        assertTrue(snippet.python().contains(".option(\"readChangeFeed\", True)"), snippet.python());
        assertTrue(snippet.scala().contains(".option(\"readChangeFeed\", true)"), snippet.scala());
        assertFalse(String.join(" ", snippet.notes()).contains("no changelog files"));
    }

    @Test
    void aSnapshotOnlyRocksDbStoreIsToldWhereSparksChangeFeedFails() throws Exception {
        Checkpoint checkpoint = read("shop-totals-rocksdb-snapshots");
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateSnippet snippet = StateSnippet.of(checkpoint, operator, operator.stores().get(0), 2, Optional.of(-1L));
        JsonNode truth = Json.mapper().readTree(SAMPLES.resolve("shop-totals-rocksdb-snapshots/state-ground-truth.json").toFile());
        assertTrue(truth.get("changeFeed").get(0).has("error"), "Spark failed to read this change feed");
        assertTrue(String.join(" ", snippet.notes()).contains("no changelog files"), snippet.notes().toString());
    }

    @Test
    void theCommandPrintsItWithoutReadingTheState() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Cli.run(new String[] {"state", SAMPLES.resolve("shop-join-left-outer").toString(), "--store",
                "right-keyToNumValues", "--batch", "2", "--changes-from", "0", "--spark-snippet", "--language", "scala"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        JsonNode printed = Json.mapper().readTree(out.toString(StandardCharsets.UTF_8));
        assertEquals("statestore", printed.get("format").asText());
        assertEquals("right-keyToNumValues", printed.get("storeName").asText());
        JsonNode options = printed.get("reads").get(0).get("options");
        assertEquals("1", options.get("changeStartBatchId").asText(), "changes of batches M+1…N, as --changes-from");
        assertEquals("2", options.get("changeEndBatchId").asText());
        assertEquals("right-keyToNumValues", options.get("storeName").asText(), "a change feed reads a join store by name");
        assertEquals("scala", printed.get("language").asText());
        assertTrue(printed.get("snippet").asText().contains("val state = spark.read.format(\"statestore\")"));

        ByteArrayOutputStream refused = new ByteArrayOutputStream();
        int usage = Cli.run(new String[] {"state", SAMPLES.resolve("shop-totals-update").toString(), "--language", "scala"},
                new PrintStream(refused, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertTrue(usage != 0, "--language alone is a usage error");
    }
}
