package io.streamscope.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link CompactJson} against Jackson ({@link Json#MAPPER}), the oracle: on every line of every log file Spark wrote in
 * the samples and Spark's own fixtures, and on random and damaged lines, it gives Jackson's very tree (node types
 * included: an int node is not equal to a long node of the same value) or nothing at all.
 */
class CompactJsonTest {

    private static final List<Path> FOLDERS = List.of(Path.of("sample-checkpoints"), Path.of("src/test/resources/spark-conformance"));

    @Test
    void everyLineSparkWroteReadsAsJacksonReadsIt() throws IOException {
        int json = 0;
        int compact = 0;
        for (String line : sparkLines()) {
            if (isJson(line)) {
                json++;
            }
            if (check(line) != null) {
                compact++;
            }
        }
        assertTrue(json > 500, "JSON lines found: " + json);
        // Spark's lines are what the compact reader is for: all of these take it
        assertEquals(json, compact, compact + " of " + json + " JSON lines read compactly");
    }

    @Test
    void theShopStreamsOffsetsAreTheTreeJacksonGives() {
        JsonNode offsets = check("{\"orders\":{\"0\":7}}");
        assertNotNull(offsets);
        assertEquals(7, offsets.path("orders").path("0").intValue());
        JsonNode metadata = check("{\"batchWatermarkMs\":0,\"batchTimestampMs\":1769072405000,\"conf\":"
                + "{\"spark.sql.shuffle.partitions\":\"200\"}}");
        assertNotNull(metadata);
        assertInstanceOf(LongNode.class, metadata.get("batchTimestampMs"));
        assertInstanceOf(IntNode.class, metadata.get("batchWatermarkMs"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2147483647", "-2147483648", "2147483648", "-2147483649", "999999999999999999",
            "-999999999999999999", "0", "-1", "-2", "1000000000", "{\"a\":true,\"b\":false,\"c\":null,\"d\":\"\"}", "{}",
            "{\"a\":{}}", "\"x\"", "[]", "[1,[2,{}],\"a\"]", "{\"a\":[[\"b\"],[]]}"})
    void typesNumbersAndScalarsAsJacksonDoes(String text) {
        assertNotNull(check(text), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1234567890123456789", "-0", "01", "1.5", "1e3", "1E3", "{ \"a\":1}", "{\"a\": 1}",
            "{\"a\":1 }", " {}", "{} ", "[1,2", "[1,]", "[,1]", "{\"a\":[1}", "{\"a\\\"b\":1}", "{\"é\":1}", "{\"a\":1,\"a\":2}",
            "{\"a\":1,}", "{\"a\"1}", "{\"a\":1", "{\"a\":", "{", "", "-", "tru", "nul", "truex", "{}{}", "\"\u0001\"",
            "{\"a\":1}x", "\"unterminated"})
    void leavesToJacksonWhatIsNotSparksCompactShape(String text) {
        assertNull(CompactJson.parse(text), text);
    }

    @Test
    void leavesDeepNestingAndLongStringsToJackson() {
        String deep = "{\"a\":".repeat(CompactJson.MAX_DEPTH + 1) + "1" + "}".repeat(CompactJson.MAX_DEPTH + 1);
        assertNull(CompactJson.parse(deep));
        String deepEnough = "{\"a\":".repeat(CompactJson.MAX_DEPTH) + "1" + "}".repeat(CompactJson.MAX_DEPTH);
        assertNotNull(check(deepEnough));
        assertNull(CompactJson.parse("{\"" + "k".repeat(CompactJson.MAX_STRING + 1) + "\":1}"));
        assertNotNull(check("{\"" + "k".repeat(CompactJson.MAX_STRING) + "\":1}"));
    }

    @Test
    void keepsOneInstanceOfEachRepeatedKey() {
        JsonNode first = CompactJson.parse("{\"orders\":{\"15\":6015}}");
        JsonNode second = CompactJson.parse("{\"orders\":{\"15\":7015}}");
        assertNotNull(first);
        assertNotNull(second);
        assertSame(first.properties().iterator().next().getKey(), second.properties().iterator().next().getKey());
    }

    /** Spark-shaped lines, then each cut, with a byte changed, or with a piece repeated: Jackson's answer or none. */
    @Test
    void randomAndDamagedLinesReadAsJacksonReadsThemOrNotAtAll() {
        Random random = new Random(16);
        int compact = 0;
        for (int i = 0; i < 20_000; i++) {
            String line = randomValue(random, 0);
            if (check(line) != null) {
                compact++;
            }
            check(damaged(line, random));
        }
        assertTrue(compact > 15_000, "whole random lines read compactly: " + compact);
    }

    private static String damaged(String line, Random random) {
        if (line.isEmpty()) {
            return line;
        }
        int at = random.nextInt(line.length());
        return switch (random.nextInt(3)) {
            case 0 -> line.substring(0, at);
            case 1 -> line.substring(0, at) + "{}\":,-0123456789 e.x\\[]".charAt(random.nextInt(23)) + line.substring(at + 1);
            default -> line.substring(0, at) + line.substring(at / 2);
        };
    }

    private static String randomValue(Random random, int depth) {
        int kind = depth >= 3 ? 1 + random.nextInt(4) : random.nextInt(6);
        return switch (kind) {
            case 5 -> {
                StringBuilder array = new StringBuilder("[");
                int elements = random.nextInt(4);
                for (int e = 0; e < elements; e++) {
                    array.append(e == 0 ? "" : ",").append(randomValue(random, depth + 1));
                }
                yield array.append(']').toString();
            }
            case 0 -> {
                StringBuilder object = new StringBuilder("{");
                int fields = random.nextInt(5);
                for (int f = 0; f < fields; f++) {
                    object.append(f == 0 ? "" : ",").append('"').append(randomKey(random, f)).append("\":")
                            .append(randomValue(random, depth + 1));
                }
                yield object.append('}').toString();
            }
            case 1 -> Long.toString(switch (random.nextInt(4)) {
                case 0 -> random.nextInt(20) - 2;
                case 1 -> random.nextInt();
                case 2 -> Integer.MAX_VALUE + (long) random.nextInt(3) - 1;
                default -> random.nextLong() / (1 + random.nextInt(1000));
            });
            case 2 -> "\"" + randomKey(random, random.nextInt(50)) + "\"";
            case 3 -> random.nextBoolean() ? "true" : "false";
            default -> "null";
        };
    }

    private static String randomKey(Random random, int index) {
        return switch (random.nextInt(3)) {
            case 0 -> Integer.toString(index);
            case 1 -> "spark.sql.key" + index;
            default -> "orders";
        };
    }

    /** Compact's tree where it gives one, asserting it is Jackson's; Jackson's refusal means compact gave none. */
    private static JsonNode check(String text) {
        JsonNode compact = CompactJson.parse(text);
        JsonNode jackson;
        try {
            jackson = Json.mapper().readTree(text);
        } catch (JsonProcessingException | RuntimeException e) {
            assertNull(compact, () -> "compact read what Jackson refuses: " + text);
            return null;
        }
        if (compact != null) {
            assertEquals(jackson, compact, text);
            assertSameTypes(jackson, compact, text);
        }
        return compact;
    }

    private static void assertSameTypes(JsonNode expected, JsonNode actual, String text) {
        assertEquals(expected.getClass(), actual.getClass(), text);
        for (int i = 0; expected.isArray() && i < expected.size(); i++) {
            assertSameTypes(expected.get(i), actual.get(i), text);
        }
        Iterator<Map.Entry<String, JsonNode>> fields = expected.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            assertSameTypes(field.getValue(), actual.get(field.getKey()), text);
        }
        assertEquals(List.copyOf(names(expected)), List.copyOf(names(actual)), "field order: " + text);
    }

    private static boolean isJson(String text) {
        try {
            Json.mapper().readTree(text);
            return !text.isEmpty();
        } catch (JsonProcessingException | RuntimeException e) {
            return false;
        }
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> sparkLines() throws IOException {
        List<String> lines = new ArrayList<>();
        for (Path folder : FOLDERS) {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.filter(CompactJsonTest::isLogFile).toList()) {
                    lines.addAll(List.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\n")));
                }
            }
        }
        return lines;
    }

    private static boolean isLogFile(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        String parent = file.getParent().getFileName().toString();
        String name = file.getFileName().toString();
        return name.equals("metadata") || ((parent.equals("offsets") || parent.equals("commits")) && name.matches("\\d+"))
                || (file.toString().contains("/sources/") && name.matches("\\d+"));
    }
}
