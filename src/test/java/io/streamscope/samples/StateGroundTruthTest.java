package io.streamscope.samples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.state.StateReader;
import io.streamscope.checkpoint.state.StateRow;
import io.streamscope.sparktypes.SparkJson;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The state Streamscope reads from the samples, batch by batch, against what Spark's own State Data Source read from
 * the same folders when the generator wrote them ({@code state-ground-truth.json}): the HDFS store under each
 * compression codec, and every transformWithState variable (value, list, map with TTL) and the timers, in both
 * state encodings. The rows are compared as Spark's data source shapes them ({@code list_element},
 * {@code user_map_key}, {@code expiration_timestamp_ms}, …).
 */
class StateGroundTruthTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TIMERS = "$procTimers_keyToTimestamp";

    @ParameterizedTest
    @ValueSource(strings = {"state-codec-zstd", "state-codec-snappy", "state-codec-lzf", "shop-tws", "shop-tws-avro"})
    void everyReadOfSparksStateDataSource(String sample) throws Exception {
        Path folder = SampleCheckpointsTest.SAMPLES.resolve(sample);
        JsonNode truth = MAPPER.readTree(Files.readString(folder.resolve("state-ground-truth.json")));
        Checkpoint checkpoint = CheckpointReader.read(folder);
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateReader reader = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty());
        int reads = 0;
        for (JsonNode batch : truth.path("batches")) {
            long batchId = batch.path("batchId").asLong();
            List<StateRow> rows = new ArrayList<>();
            reader.rows(batchId, rows::add);
            for (JsonNode read : batch.path("reads")) {
                JsonNode options = read.path("options");
                String what = sample + " batch " + batchId + " " + options;
                assertEquals(expected(read.path("rows")), actual(rows, options, operator), what);
                reads++;
            }
        }
        assertEquals(List.of(), reader.problems(), sample);
        assertTrue(reads >= 3, reads + " reads");
    }

    /** Spark's rows with {@code partition_id} renamed {@code partition}; map keys (UnsafeRow debug text) set aside. */
    private static TreeSet<String> expected(JsonNode rows) {
        TreeSet<String> expected = new TreeSet<>();
        for (JsonNode row : rows) {
            ObjectNode copy = row.deepCopy();
            copy.set("partition", copy.remove("partition_id"));
            if (copy.has("map_value")) {
                copy.set("map_value", mapValues(copy.get("map_value")));
            }
            expected.add(canonical(copy));
        }
        return expected;
    }

    /** Our rows in the shape of the read's options. */
    private static TreeSet<String> actual(List<StateRow> rows, JsonNode options, StateOperatorInfo operator) {
        boolean timers = options.path("readRegisteredTimers").asBoolean(false);
        String variable = timers ? TIMERS : options.path("stateVarName").asText(null);
        String type = variable == null ? "" : operator.stateVariables().getOrDefault(variable, "");
        boolean flatten = options.path("flattenCollectionTypes").asBoolean(true);
        TreeSet<String> actual = new TreeSet<>();
        for (StateRow row : rows) {
            if (variable != null && !variable.equals(row.columnFamily())) {
                continue;
            }
            JsonNode key = tree(row.key());
            JsonNode value = tree(row.value());
            ObjectNode shaped = MAPPER.createObjectNode();
            shaped.put("partition", row.partition());
            if (timers) {
                shaped.set("key", key.get("key"));
                shaped.set("expiration_timestamp_ms", key.get("expiryTimestampMs"));
            } else if (type.equals("ListState") && flatten) {
                shaped.set("key", key);
                for (JsonNode element : value) {
                    actual.add(canonical(shaped.deepCopy().set("list_element", element)));
                }
                continue;
            } else if (type.equals("ListState")) {
                shaped.set("key", key);
                shaped.set("list_value", value);
            } else if (type.equals("MapState")) {
                shaped.set("key", key.get("key"));
                shaped.set("user_map_key", key.get("userKey"));
                shaped.set("user_map_value", value);
            } else {
                shaped.set("key", key);
                shaped.set("value", value);
            }
            actual.add(canonical(shaped));
        }
        if (type.equals("MapState") && !flatten) {
            return groupedByKey(actual);
        }
        return actual;
    }

    /** Map state unflattened: one row per grouping key with the map's values (Spark prints struct map keys as bytes). */
    private static TreeSet<String> groupedByKey(TreeSet<String> entries) {
        java.util.Map<String, ObjectNode> byKey = new java.util.TreeMap<>();
        for (String entry : entries) {
            JsonNode row = read(entry);
            ObjectNode grouped = byKey.computeIfAbsent(row.get("key").toString() + row.get("partition"), k -> {
                ObjectNode node = MAPPER.createObjectNode();
                node.set("key", row.get("key"));
                node.set("partition", row.get("partition"));
                node.putArray("map_value");
                return node;
            });
            ((com.fasterxml.jackson.databind.node.ArrayNode) grouped.get("map_value")).add(row.get("user_map_value"));
        }
        TreeSet<String> grouped = new TreeSet<>();
        byKey.values().forEach(node -> {
            node.set("map_value", mapValues(node.get("map_value")));
            grouped.add(canonical(node));
        });
        return grouped;
    }

    private static JsonNode mapValues(JsonNode map) {
        TreeSet<String> values = new TreeSet<>();
        map.forEach(value -> values.add(canonical(value)));
        return MAPPER.valueToTree(values);
    }

    private static JsonNode tree(Object value) {
        return read(SparkJson.text(value));
    }

    private static JsonNode read(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** JSON text with object keys sorted, numbers as Jackson reads them (37.50 and 37.5 are one number). */
    private static String canonical(JsonNode node) {
        try {
            Object plain = MAPPER.treeToValue(node, Object.class);
            return MAPPER.copy().configure(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
                    .writeValueAsString(plain);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
