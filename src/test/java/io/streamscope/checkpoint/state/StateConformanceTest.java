package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.Json;
import io.streamscope.checkpoint.Problem;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.sparktypes.SparkTypeJson;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The state reader against the conformance corpus: for every state store that {@code EXPECTED-DECODED.txt} decodes
 * (an independent reader's full state at the latest version), the same rows, value by value, partition by partition,
 * in key-byte order; plus the facts {@code INDEX.md} quotes from Spark's own tests, HDFS/RocksDB agreement and the
 * change feed's consistency with the full states.
 */
class StateConformanceTest {

    static final Path CORPUS = Path.of("src/test/resources/spark-conformance");

    // ------------------------------------------------------------------------------------------------------------
    // Every store of EXPECTED-DECODED.txt
    // ------------------------------------------------------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> everyStoreMatchesExpectedDecoded() {
        List<ExpectedState.Store> stores = ExpectedState.load();
        assertEquals(expectedStoreCount(), stores.size(), "every state section of EXPECTED-DECODED is parsed");
        return stores.stream().map(store -> DynamicTest.dynamicTest(store.fixture() + " :: " + store.storeName(),
                () -> assertStoreMatches(store)));
    }

    /** The number of {@code state op=} lines, counted independently of the parser. */
    private static int expectedStoreCount() {
        try {
            return (int) Files.readAllLines(ExpectedState.FILE, StandardCharsets.UTF_8).stream()
                    .filter(line -> line.startsWith("  state op=")).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void assertStoreMatches(ExpectedState.Store expected) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(CORPUS.resolve(expected.fixture()));
        StateOperatorInfo operator = operator(checkpoint, expected.operatorId());
        StateStoreInfo store = store(operator, expected.storeName());
        // operator metadata may declare more partitions than hold files (limit runs in one partition of 5)
        assertTrue(store.numPartitions() >= expected.partitions().size(), "partitions of " + expected.storeName()
                + ": " + store.numPartitions());

        Optional<StoreSchema> supplied = Optional.empty();
        if (expected.schemaTag().equals("manual")) {
            // No schema file (Spark <= 3.0): supply the schema taken from the Spark test's query.
            supplied = Optional.of(new StoreSchema(struct(expected.keySchemaJson()), struct(expected.valueSchemaJson()), "supplied"));
        }
        StateReader reader = StateReader.open(checkpoint, operator, store, supplied);
        long batch = expected.version() - 1;
        List<StateRow> rows = new ArrayList<>();
        reader.rows(batch, rows::add);

        SortedMap<Integer, List<String>> want = new TreeMap<>();
        SortedMap<Integer, List<String>> got = new TreeMap<>();
        for (Map.Entry<Integer, List<ExpectedState.Entry>> partition : expected.partitions().entrySet()) {
            for (ExpectedState.Entry entry : partition.getValue()) {
                want.computeIfAbsent(partition.getKey(), p -> new ArrayList<>()).add(entry.canonical());
            }
        }
        Map<Integer, List<ExpectedState.Entry>> byPartition = expected.partitions();
        Map<Integer, Integer> seen = new TreeMap<>();
        for (StateRow row : rows) {
            int index = seen.merge(row.partition(), 1, Integer::sum) - 1;
            List<ExpectedState.Entry> entries = byPartition.getOrDefault(row.partition(), List.of());
            ExpectedState.Entry entry = index < entries.size() ? entries.get(index) : null;
            got.computeIfAbsent(row.partition(), p -> new ArrayList<>()).add(canonical(row, entry));
        }
        assertEquals(want, got, "rows of " + expected.fixture() + " " + expected.storeName() + " after batch " + batch
                + " (partition -> rows in key-byte order)");

        boolean valueSchemaKnown = expected.valueSchemaJson() != null;
        if (valueSchemaKnown) {
            assertEquals(List.of(), reader.problems(), "a store with a schema decodes without problems");
        } else {
            // Undecoded aggregation buffers: the reader says why it shows bytes, and it is about the schema, not damage.
            assertFalse(reader.problems().isEmpty(), "bytes shown without a value schema need a problem saying so");
            for (Problem problem : reader.problems()) {
                assertTrue(problem.message().contains("schema"), problem.toString());
            }
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // INDEX.md facts asserted by Spark's own tests
    // ------------------------------------------------------------------------------------------------------------

    @Test
    void spark210CountsOfTheRestartTest() throws Exception {
        // INDEX §1: the checkpoint holds 1:1, 2:1, 3:2, 4:2, 5:2, 6:2, 7:1, 8:1 (format 1: the key again in the value;
        // 28-byte values of which 24 are the row).
        SparkType.Struct key = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"value\",\"type\":\"integer\",\"nullable\":true,\"metadata\":{}}]}");
        SparkType.Struct value = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"value\",\"type\":\"integer\",\"nullable\":true,\"metadata\":{}},"
                + "{\"name\":\"count\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}");
        Read read = read("checkpoint-version-2.1.0", "default", Optional.of(new StoreSchema(key, value, "supplied")), 1);
        Map<Integer, Long> counts = new TreeMap<>();
        Map<Integer, Integer> partitionOf = new TreeMap<>();
        for (StateRow row : read.rows()) {
            Row k = (Row) row.key();
            Row v = (Row) row.value();
            assertEquals(k.get("value"), v.get("value"), "format 1 repeats the key in the value");
            counts.put((Integer) k.get("value"), (Long) v.get("count"));
            partitionOf.put((Integer) k.get("value"), row.partition());
        }
        assertEquals(Map.of(1, 1L, 2, 1L, 3, 2L, 4, 2L, 5, 2L, 6, 2L, 7, 1L, 8, 1L), counts);
        assertEquals(Map.of(3, 1, 4, 2, 1, 3, 8, 3, 2, 4, 5, 6, 7, 7, 6, 9), partitionOf);
        assertEquals(List.of(), read.reader().problems());
        assertEquals(10, read.store().numPartitions());
    }

    @Test
    void spark231AggregationStateFormat1() throws Exception {
        SparkType.Struct key = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"value\",\"type\":\"integer\"}]}");
        SparkType.Struct value = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"value\",\"type\":\"integer\"},{\"name\":\"count\",\"type\":\"long\"}]}");
        Read read = read("checkpoint-version-2.3.1-streaming-aggregate-state-format-1", "default",
                Optional.of(new StoreSchema(key, value, "supplied")), 1);
        assertEquals(List.of("1 {value=3} -> {value=3, count=2}", "4 {value=2} -> {value=2, count=1}"), read.describe());
    }

    @Test
    void spark231FlatMapGroupsWithStateFormat1ReadsTheTimeoutAsLong() throws Exception {
        // INDEX §2: {value='a'} -> {value=15, timeoutTimestamp=20000}; Spark declares the timeout an int but stores a
        // long (checkpoint-format.md §11.3). Supplied as Spark declares it, the reader must still read the long slot.
        SparkType.Struct key = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"value\",\"type\":\"string\"}]}");
        SparkType.Struct value = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"value\",\"type\":\"long\"},"
                + "{\"name\":\"timeoutTimestamp\",\"type\":\"integer\"}]}");
        Read read = read("checkpoint-version-2.3.1-flatMapGroupsWithState-state-format-1", "default",
                Optional.of(new StoreSchema(key, value, "supplied")), 1);
        assertEquals(List.of("0 {value='a'} -> {value=15, timeoutTimestamp=20000}"), read.describe());
        Row stored = (Row) read.rows().get(0).value();
        assertEquals(20000L, ((Number) stored.get("timeoutTimestamp")).longValue());
    }

    @Test
    void spark231WindowedCountAndItsJson() throws Exception {
        String window = "{\"type\":\"struct\",\"fields\":[{\"name\":\"start\",\"type\":\"timestamp\"},{\"name\":\"end\",\"type\":\"timestamp\"}]}";
        SparkType.Struct key = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"window\",\"type\":" + window + "}]}");
        SparkType.Struct value = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"window\",\"type\":" + window + "},"
                + "{\"name\":\"count\",\"type\":\"long\"}]}");
        Read read = read("checkpoint-version-2.3.1-without-commit-log-metadata", "default",
                Optional.of(new StoreSchema(key, value, "supplied")), 1);
        assertEquals(List.of(
                "2 {window={start=15000000, end=20000000}} -> {window={start=15000000, end=20000000}, count=1}",
                "4 {window={start=10000000, end=15000000}} -> {window={start=10000000, end=15000000}, count=3}"), read.describe());
        JsonNode json = SparkJson.toTree((Row) read.rows().get(0).key());
        assertEquals("1970-01-01T00:00:15.000Z", json.path("window").path("start").asText());
        assertEquals("1970-01-01T00:00:20.000Z", json.path("window").path("end").asText());
    }

    @Test
    void spark240JoinFormat1HasNoMatchedColumn() throws Exception {
        SparkType.Struct keyWithIndex = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"field0\",\"type\":\"integer\"},{\"name\":\"index\",\"type\":\"long\"}]}");
        SparkType.Struct keyOnly = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"field0\",\"type\":\"integer\"}]}");
        SparkType.Struct count = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"value\",\"type\":\"long\"}]}");
        SparkType.Struct left = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"leftId\",\"type\":\"integer\"},{\"name\":\"leftTime\",\"type\":\"timestamp\"}]}");
        SparkType.Struct right = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"rightId\",\"type\":\"integer\"},{\"name\":\"rightTime\",\"type\":\"timestamp\"}]}");
        String fixture = "checkpoint-version-2.4.0-streaming-join";
        Read leftRows = read(fixture, "left-keyWithIndexToValue", Optional.of(new StoreSchema(keyWithIndex, left, "supplied")), 0);
        Read rightRows = read(fixture, "right-keyWithIndexToValue", Optional.of(new StoreSchema(keyWithIndex, right, "supplied")), 0);
        Read leftCounts = read(fixture, "left-keyToNumValues", Optional.of(new StoreSchema(keyOnly, count, "supplied")), 0);
        assertEquals(new TreeSet<>(List.of(1, 2, 3, 4, 5)), ids(leftRows, "leftId"));
        assertEquals(new TreeSet<>(List.of(2, 4)), ids(rightRows, "rightId"));
        for (StateRow row : leftRows.rows()) {
            Row value = (Row) row.value();
            assertEquals(List.of("leftId", "leftTime"), fieldNames(value), "join format 1: no matched column");
            Instant time = (Instant) value.get("leftTime");
            assertEquals(((Integer) value.get("leftId")) * 1000L, time.toEpochMilli());
            assertEquals(0L, ((Row) row.key()).get("index"));
        }
        assertEquals(5, leftCounts.rows().size());
        for (StateRow row : leftCounts.rows()) {
            assertEquals(1L, ((Row) row.value()).get("value"));
        }
    }

    @Test
    void spark243KafkaDeduplicationKeys() throws Exception {
        ExpectedState.Store expected = ExpectedState.store("checkpoint-version-2.4.3-kafka-include-headers-default", "default");
        Read read = read(expected.fixture(), "default", Optional.of(new StoreSchema(struct(expected.keySchemaJson()),
                struct(expected.valueSchemaJson()), "supplied")), 0);
        assertEquals(15, read.rows().size(), "15 Kafka records, all distinct");
        List<String> columns = fieldNames((Row) read.rows().get(0).key());
        assertEquals(List.of("timestamp", "partition", "timestampType", "key", "offset", "topic", "value"), columns,
                "dedup key columns in Scala Set order (SPARK-31990)");
        String topic = "spark-test-topic-2b8619f5-d3c4-4c2d-b5d1-8d9d9458aa62";
        StateRow example = read.rows().stream().filter(row -> row.partition() == 1).findFirst().orElseThrow();
        Row key = (Row) example.key();
        assertEquals(Instant.ofEpochSecond(0, 1568508281917000L * 1000), key.get("timestamp"));
        assertEquals(4, key.get("partition"));
        assertEquals(0, key.get("timestampType"));
        assertNull(key.get("key"));
        assertEquals(2L, key.get("offset"));
        assertEquals(topic, key.get("topic"));
        assertEquals("32 32", hex((byte[]) key.get("value")));
        JsonNode json = SparkJson.toTree(key);
        assertFalse(json.has("key"), "null fields left out");
        assertEquals("MjI=", json.path("value").asText(), "binary as base64");
        assertEquals("2019-09-15T00:44:41.917Z", json.path("timestamp").asText());
        // a value of offset -> per partition of the Kafka topic: offsets 0..2 of each of the 5 topic partitions
        Map<Integer, TreeSet<Long>> offsets = new TreeMap<>();
        for (StateRow row : read.rows()) {
            Row k = (Row) row.key();
            offsets.computeIfAbsent((Integer) k.get("partition"), p -> new TreeSet<>()).add((Long) k.get("offset"));
        }
        for (int p = 0; p < 5; p++) {
            assertEquals(new TreeSet<>(List.of(0L, 1L, 2L)), offsets.get(p), "topic partition " + p);
        }
    }

    @Test
    void spark245DeduplicateKeyColumnOrder() throws Exception {
        ExpectedState.Store expected = ExpectedState.store("checkpoint-version-2.4.5-for-compatibility-test-deduplicate", "default");
        Read read = read(expected.fixture(), "default", Optional.of(new StoreSchema(struct(expected.keySchemaJson()),
                struct(expected.valueSchemaJson()), "supplied")), 0);
        assertEquals(5, read.rows().size());
        assertTrue(read.describe().contains("4 {partition=102, key=12, offset=7, topic='2', value=2} -> {__dummy__=null}"),
                () -> read.describe().toString());
        for (StateRow row : read.rows()) {
            assertEquals("{}", SparkJson.toTree((Row) row.value()).toString(), "EMPTY_ROW renders as {}");
        }
    }

    @Test
    void spark245SumDecimalAndCollectListBuffers() throws Exception {
        // INDEX §11: {id=0} -> sum 20 (decimal(20,0): 1 big-endian byte in a 16-byte region), list [0,2,4,6,8];
        // {id=1} -> 25, [1,3,5,7,9].
        ExpectedState.Store expected = ExpectedState.store("checkpoint-version-2.4.5-for-compatibility-test-sum-decimal", "default");
        Read read = read(expected.fixture(), "default", Optional.of(new StoreSchema(struct(expected.keySchemaJson()),
                struct(expected.valueSchemaJson()), "supplied")), 0);
        SparkType.Struct listBuffer = new SparkType.Struct(List.of(new SparkType.Field("list",
                new SparkType.Array(SparkType.Atomic.INTEGER, true), true)));
        Map<Integer, String> sums = new TreeMap<>();
        Map<Integer, Object> lists = new TreeMap<>();
        for (StateRow row : read.rows()) {
            Row key = (Row) row.key();
            Row value = (Row) row.value();
            sums.put((Integer) key.get("id"), ((BigDecimal) value.get("sum")).toPlainString());
            lists.put((Integer) key.get("id"), UnsafeRowDecoder.decode((byte[]) value.get("col_list_buffer"), listBuffer).get("list"));
        }
        assertEquals(Map.of(0, "20", 1, "25"), sums);
        assertEquals(Map.of(0, List.of(0, 2, 4, 6, 8), 1, List.of(1, 3, 5, 7, 9)), lists);
        JsonNode json = SparkJson.toTree((Row) read.rows().get(0).value());
        assertTrue(json.path("sum").isNumber(), "decimals render as JSON numbers: " + json);
        assertEquals(0, new BigDecimal("20").compareTo(json.path("sum").decimalValue()));
    }

    @Test
    void spark245AggregationBuffersWithoutAValueSchemaAreBytes() throws Exception {
        SparkType.Struct intKey = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"integer\"}]}");
        Read common = read("checkpoint-version-2.4.5-for-compatibility-test-common-functions", "default",
                Optional.of(new StoreSchema(intKey, null, "supplied")), 0);
        assertEquals(new TreeSet<>(List.of(0, 1, 2, 3, 4)), ids(common, null));
        for (StateRow row : common.rows()) {
            assertEquals(376, assertInstanceOf(Row.Raw.class, row.value()).bytes().length);
        }
        SparkType.Struct longKey = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}");
        Read statistical = read("checkpoint-version-2.4.5-for-compatibility-test-statistical-functions", "default",
                Optional.of(new StoreSchema(longKey, null, "supplied")), 0);
        assertEquals(List.of(0L, 4L, 3L, 2L, 1L), statistical.rows().stream().map(r -> ((Row) r.key()).get("id")).toList(),
                "keys are longs here (value % 5 of longs), partition by partition");
        for (StateRow row : statistical.rows()) {
            assertEquals(2400, assertInstanceOf(Row.Raw.class, row.value()).bytes().length);
        }
    }

    @Test
    void spark300CodecFixture() throws Exception {
        SparkType.Struct key = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"value\",\"type\":\"integer\"}]}");
        SparkType.Struct value = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"count\",\"type\":\"long\"}]}");
        Read read = read("checkpoint-version-3.0.0-streaming-statestore-codec", "default",
                Optional.of(new StoreSchema(key, value, "supplied")), 0);
        assertEquals(List.of("0 {value=1} -> {count=1}", "0 {value=2} -> {count=1}", "0 {value=3} -> {count=1}"), read.describe());
        assertEquals(List.of(), read.reader().problems());
    }

    @Test
    void flatMapGroupsWithStateFixturesWithSchemaFiles() throws Exception {
        assertEquals(List.of("1 {_1='a', _2='a'} -> {groupState={count=1}, timeoutTimestamp=11000}"),
                readRecorded("checkpoint-version-3.1.0-flatmapgroupswithstate-repartition", 0).describe());
        assertEquals(List.of("1 {_1='a', _2='a'} -> {groupState={count=1}, timeoutTimestamp=11000}",
                        "1 {_1='c', _2='c'} -> {groupState={count=2}, timeoutTimestamp=11000}"),
                readRecorded("checkpoint-version-3.2.0-flatmapgroupswithstate1-repartition", 0).describe());
        assertEquals(List.of("1 {_1='a', _2='a'} -> {groupState={count=1}, timeoutTimestamp=11000}"),
                readRecorded("checkpoint-version-3.2.0-flatmapgroupswithstate2-repartition", 0).describe());
    }

    @Test
    void deduplicationWithWrongValueSchemaShowsAnEmptyValue() throws Exception {
        // SPARK-39650: 3.2.x/3.3.x schema files claim the full row as value; the stored value is the 16-byte EMPTY_ROW.
        Read v32 = readRecorded("checkpoint-version-3.2.0-deduplication-with-repartition", 1);
        assertEquals(List.of("1 {key1=3, key2=6} -> {}", "2 {key1=4, key2=8} -> {}", "3 {key1=1, key2=2} -> {}",
                "4 {key1=2, key2=4} -> {}"), v32.describe());
        Read v33 = readRecorded("checkpoint-version-3.3.0-streaming-deduplication", 1);
        assertEquals(List.of("0 {_1='a'} -> {}", "1 {_1='b'} -> {}"), v33.describe());
        for (Read read : List.of(v32, v33)) {
            assertEquals(List.of(), read.reader().problems());
            for (StateRow row : read.rows()) {
                assertEquals("{}", SparkJson.toTree((Row) row.value()).toString());
            }
        }
        Read v35 = readRecorded("checkpoint-version-3.5.1-streaming-deduplication", 1);
        assertEquals(List.of("0 {_1='a'} -> {__dummy__=null}", "1 {_1='b'} -> {__dummy__=null}"), v35.describe());
        assertEquals("{}", SparkJson.toTree((Row) v35.rows().get(0).value()).toString(), "a null void field is left out");
    }

    @Test
    void spark320SessionWindowAndAggregation() throws Exception {
        Read sessions = readRecorded("checkpoint-version-3.2.0-session-window-with-repartition", 1);
        assertEquals(8, sessions.rows().size());
        Map<String, Integer> starts = new TreeMap<>();
        for (StateRow row : sessions.rows()) {
            Row key = (Row) row.key();
            Row value = (Row) row.value();
            assertEquals(key.get("sessionId"), value.get("sessionId"));
            assertEquals(1L, value.get("count"));
            Row window = (Row) value.get("session_window");
            long start = ((Instant) window.get("start")).toEpochMilli();
            assertEquals(start + 10_000, ((Instant) window.get("end")).toEpochMilli(), "gap 10 s");
            assertEquals(key.get("sessionStartTime"), window.get("start"));
            starts.put(key.get("userId") + "/" + key.get("sessionId"), (int) (start / 1000));
            assertEquals(key.get("userId").equals("key1") ? 3 : 1, row.partition());
        }
        assertEquals(Map.of("key1/hello", 40, "key1/spark", 40, "key1/streaming", 40, "key1/world", 40,
                "key2/hello", 41, "key2/streaming", 41, "key2/structured", 41, "key2/world", 41), starts);

        assertEquals(List.of("1 {key1=3, key2=6} -> {count=2}", "4 {key1=2, key2=4} -> {count=1}"),
                readRecorded("checkpoint-version-3.2.0-streaming-aggregate-with-repartition", 1).describe());
    }

    @Test
    void spark351JoinMatchedRows() throws Exception {
        String fixture = "checkpoint-version-3.5.1-streaming-join";
        Read left = readRecorded(fixture, "left-keyWithIndexToValue", 0);
        Read right = readRecorded(fixture, "right-keyWithIndexToValue", 0);
        assertEquals(List.of("2 {field0=4, index=0} -> {leftId=4, leftTime=4000000, matched=true}",
                "4 {field0=2, index=0} -> {leftId=2, leftTime=2000000, matched=true}"), left.describe());
        assertEquals(List.of("2 {field0=4, index=0} -> {rightId=4, rightTime=4000000, matched=true}",
                "4 {field0=2, index=0} -> {rightId=2, rightTime=2000000, matched=true}"), right.describe());
        JsonNode json = SparkJson.toTree((Row) left.rows().get(1).value());
        assertEquals("1970-01-01T00:00:02.000Z", json.path("leftTime").asText());
        assertTrue(json.path("matched").asBoolean());
    }

    @Test
    void spark400AggregationAfterEveryBatchHdfsAndRocksDb() throws Exception {
        // Inputs (1,2,3),(2,3,4),(3,4,5),(4,5,6) over 4 batches; INDEX §22: state v4 1→1, 2→2, 3→3, 4→3, 5→2, 6→1.
        List<Map<Integer, Long>> afterBatch = List.of(
                Map.of(1, 1L, 2, 1L, 3, 1L),
                Map.of(1, 1L, 2, 2L, 3, 2L, 4, 1L),
                Map.of(1, 1L, 2, 2L, 3, 3L, 4, 2L, 5, 1L),
                Map.of(1, 1L, 2, 2L, 3, 3L, 4, 3L, 5, 2L, 6, 1L));
        for (String provider : List.of("hdfs", "rocksdb")) {
            for (int batch = 0; batch < afterBatch.size(); batch++) {
                Read read = readRecorded("checkpoint-version-4.0.0/" + provider + "/agg", batch);
                Map<Integer, Long> counts = new TreeMap<>();
                for (StateRow row : read.rows()) {
                    counts.put((Integer) ((Row) row.key()).get("_1"), (Long) ((Row) row.value()).get("count"));
                }
                assertEquals(new TreeMap<>(afterBatch.get(batch)), counts, provider + " after batch " + batch);
                assertEquals(List.of(), read.reader().problems(), provider + " after batch " + batch);
            }
        }
    }

    @Test
    void spark400DedupJoinLimit() throws Exception {
        for (String provider : List.of("hdfs", "rocksdb")) {
            String root = "checkpoint-version-4.0.0/" + provider + "/";
            Read dedup = readRecorded(root + "dedup", 3);
            assertEquals(new TreeSet<>(List.of(1, 2, 3, 4, 5, 6)), ids(dedup, "_1"), provider + " dedup");
            for (String join : List.of("join1", "join2")) {
                Read left = readRecorded(root + join, "left-keyWithIndexToValue", 4);
                Read right = readRecorded(root + join, "right-keyWithIndexToValue", 4);
                assertEquals(new TreeSet<>(List.of(4, 6, 8, 10, 12, 14)), ids(left, "leftId"), provider + " " + join + " left");
                assertEquals(new TreeSet<>(List.of(10, 12, 14)), ids(right, "rightId"), provider + " " + join + " right");
                Read leftCounts = readRecorded(root + join, "left-keyToNumValues", 4);
                assertEquals(new TreeSet<>(List.of(4, 6, 8, 10, 12, 14)), ids(leftCounts, "field0"), provider + " " + join);
            }
            Read limit = readRecorded(root + "limit", 3);
            assertEquals(List.of("0 {key=null} -> {value=10}"), limit.describe(), provider + " limit");
            JsonNode key = SparkJson.toTree((Row) limit.rows().get(0).key());
            assertEquals("{}", key.toString(), "the null key field is left out");
        }
    }

    @Test
    void spark400HdfsAndRocksDbAgreeOnEveryStore() throws Exception {
        for (String query : List.of("agg", "dedup", "join1", "join2", "limit")) {
            Checkpoint hdfs = CheckpointReader.read(CORPUS.resolve("checkpoint-version-4.0.0/hdfs/" + query));
            long lastBatch = hdfs.lastCommittedBatch().orElseThrow().id();
            for (StateStoreInfo store : hdfs.stateOperators().get(0).stores()) {
                List<String> fromHdfs = readRecorded("checkpoint-version-4.0.0/hdfs/" + query, store.storeName(), lastBatch).describe();
                List<String> fromRocksDb = readRecorded("checkpoint-version-4.0.0/rocksdb/" + query, store.storeName(), lastBatch).describe();
                assertFalse(fromHdfs.isEmpty(), query + " " + store.storeName() + " has state");
                assertEquals(fromHdfs, fromRocksDb, query + " " + store.storeName());
            }
        }
    }

    @Test
    void checkpointFormatV2DedupEqualsFixture22() throws Exception {
        List<String> v2 = readRecorded("checkpoint-version-4.0.0-checkpoint-v2/rocksdb/dedup", 3).describe();
        assertEquals(readRecorded("checkpoint-version-4.0.0/rocksdb/dedup", 3).describe(), v2);
        assertEquals(readRecorded("checkpoint-version-4.0.0/hdfs/dedup", 3).describe(), v2);
        assertEquals(6, v2.size());
    }

    @Test
    void checkpointFormatV2LimitAndJoins() throws Exception {
        assertEquals(List.of("0 {key=null} -> {value=10}"),
                readRecorded("checkpoint-version-4.0.0-checkpoint-v2/rocksdb/limit", 3).describe());
        for (String join : List.of("join1", "join2")) {
            String fixture = "checkpoint-version-4.0.0-checkpoint-v2/rocksdb/" + join;
            assertEquals(new TreeSet<>(List.of(4, 6, 8, 10, 12, 14)), ids(readRecorded(fixture, "left-keyWithIndexToValue", 4), "leftId"), join);
            assertEquals(new TreeSet<>(List.of(10, 12, 14)), ids(readRecorded(fixture, "right-keyWithIndexToValue", 4), "rightId"), join);
        }
        // join1 = join state format 1: no matched column, and a v1 schema file.
        Row value = (Row) readRecorded("checkpoint-version-4.0.0-checkpoint-v2/rocksdb/join1", "left-keyWithIndexToValue", 4).rows().get(0).value();
        assertEquals(List.of("leftId", "leftTime"), fieldNames(value));
    }

    @Test
    void spark401DedupKeepsItsFivePartitions() throws Exception {
        Read read = readRecorded("checkpoint-version-4.0.1-dedup-spark-53942", 0);
        assertEquals(5, read.store().numPartitions());
        assertEquals(List.of("{key1=1, key2=2}", "{key1=2, key2=4}", "{key1=3, key2=6}", "{key1=4, key2=8}"),
                read.rows().stream().map(row -> canonical(row.key())).sorted().toList());
    }

    @Test
    void transformWithStateWithTheRecordedV3SchemaUnsafeRowAndAvro() throws Exception {
        // INDEX §24/25: one ValueState countState (String key, Long value) in column family 1 = "countState"
        // (zip metadata columnFamilyMapping); state v2: 'a' -> 2 (partition 0), 'b' -> 1 (partition 1).
        for (String fixture : List.of("checkpoint-version-4.0.0-tws-unsaferow", "checkpoint-version-4.0.0-tws-avro")) {
            Read read = readRecorded(fixture, 1);
            assertEquals(List.of("0 {value='a'} -> {value=2}", "1 {value='b'} -> {value=1}"), read.describe(), fixture);
            for (StateRow row : read.rows()) {
                assertEquals("countState", row.columnFamily(), fixture + ": the state variable's name");
            }
            assertEquals(List.of("0 {value='a'} -> {value=1}"), readRecorded(fixture, 0).describe(), fixture + " after batch 0");
            JsonNode json = SparkJson.toTree((Row) read.rows().get(0).key());
            assertEquals("{\"value\":\"a\"}", json.toString());
        }
    }

    @Test
    void transformWithStateUnsafeRowWithASuppliedSchema() throws Exception {
        SparkType.Struct key = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"value\",\"type\":\"string\",\"nullable\":true,\"metadata\":{}}]}");
        SparkType.Struct value = struct("{\"type\":\"struct\",\"fields\":[{\"name\":\"value\",\"type\":\"long\",\"nullable\":false,\"metadata\":{}}]}");
        Read read = read("checkpoint-version-4.0.0-tws-unsaferow", "default", Optional.of(new StoreSchema(key, value, "supplied")), 1);
        assertEquals(List.of("0 {value='a'} -> {value=2}", "1 {value='b'} -> {value=1}"), read.describe());
        assertEquals(List.of(), read.reader().problems());
    }

    // ------------------------------------------------------------------------------------------------------------
    // Change feed: state(N) = state(N-1) + changes(N-1, N)
    // ------------------------------------------------------------------------------------------------------------

    @Test
    void changeFeedIsConsistentWithFullStates() throws Exception {
        assertChangeFeedConsistent("checkpoint-version-4.0.0/hdfs/agg", "default", 3, false);
        assertChangeFeedConsistent("checkpoint-version-4.0.0/rocksdb/agg", "default", 3, false);
        // the joins evict rows below the watermark: deletes too
        assertChangeFeedConsistent("checkpoint-version-4.0.0/hdfs/join1", "left-keyWithIndexToValue", 4, true);
        assertChangeFeedConsistent("checkpoint-version-4.0.0/rocksdb/join1", "left-keyWithIndexToValue", 4, true);
        assertChangeFeedConsistent("checkpoint-version-4.0.0-checkpoint-v2/rocksdb/dedup", "default", 3, false);
    }

    @Test
    void changeFeedOfTheAggregationNamesTheUpdatedKeys() throws Exception {
        // batch 2 read (3,4,5): 3→3, 4→2, 5→1; batch 3 read (4,5,6): 4→3, 5→2, 6→1
        for (String provider : List.of("hdfs", "rocksdb")) {
            Read read = readRecorded("checkpoint-version-4.0.0/" + provider + "/agg", 3);
            List<String> changes = new ArrayList<>();
            read.reader().changes(1, 3, change -> changes.add(change.batchId() + " " + change.type().label() + " "
                    + canonical(change.key()) + " -> " + canonical(change.value())));
            changes.sort(null);
            assertEquals(List.of("2 update {_1=3} -> {count=3}", "2 update {_1=4} -> {count=2}", "2 update {_1=5} -> {count=1}",
                    "3 update {_1=4} -> {count=3}", "3 update {_1=5} -> {count=2}", "3 update {_1=6} -> {count=1}"), changes, provider);
            assertEquals(List.of(), read.reader().problems(), provider);
        }
    }

    private static void assertChangeFeedConsistent(String fixture, String storeName, long lastBatch, boolean expectDeletes)
            throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(CORPUS.resolve(fixture));
        StateOperatorInfo operator = operator(checkpoint, 0);
        StateStoreInfo store = store(operator, storeName);
        StateReader reader = StateReader.open(checkpoint, operator, store, Optional.empty());
        Map<String, String> state = new TreeMap<>(); // empty before batch 0
        int deletes = 0;
        int updates = 0;
        for (long batch = 0; batch <= lastBatch; batch++) {
            long b = batch;
            List<StateChange> changes = new ArrayList<>();
            reader.changes(batch - 1, batch, changes::add);
            for (StateChange change : changes) {
                assertEquals(b, change.batchId(), fixture);
                String key = change.partition() + " " + canonical(change.key());
                if (change.type() == StateChange.Type.DELETE) {
                    assertNull(change.value(), "a delete has no value");
                    assertNotNull(state.remove(key), fixture + " batch " + b + " deletes a key that was not there: " + key);
                    deletes++;
                } else {
                    assertNotNull(change.value(), "an update has a value");
                    state.put(key, canonical(change.value()));
                    updates++;
                }
            }
            Map<String, String> full = new TreeMap<>();
            reader.rows(batch, row -> full.put(row.partition() + " " + canonical(row.key()), canonical(row.value())));
            assertEquals(full, state, fixture + " " + storeName + ": state after batch " + b
                    + " = state after batch " + (b - 1) + " + changes(" + (b - 1) + ", " + b + ")");
        }
        // the whole range at once gives the same final state
        Map<String, String> replayed = new TreeMap<>();
        reader.changes(-1, lastBatch, change -> {
            String key = change.partition() + " " + canonical(change.key());
            if (change.type() == StateChange.Type.DELETE) {
                replayed.remove(key);
            } else {
                replayed.put(key, canonical(change.value()));
            }
        });
        assertEquals(state, replayed, fixture + ": changes(-1, last) in one call");
        assertTrue(updates > 0, fixture + " has updates");
        if (expectDeletes) {
            assertTrue(deletes > 0, fixture + " evicts rows: the feed must contain deletes");
        }
        assertEquals(List.of(), reader.problems(), fixture);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Helpers
    // ------------------------------------------------------------------------------------------------------------

    record Read(StateStoreInfo store, StateReader reader, List<StateRow> rows) {
        /** "partition key -> value" per row, in reading order. */
        List<String> describe() {
            return rows.stream().map(row -> row.partition() + " " + canonical(row.key()) + " -> " + canonical(row.value())).toList();
        }
    }

    static Read read(String fixture, String storeName, Optional<StoreSchema> schema, long batch) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(CORPUS.resolve(fixture));
        StateOperatorInfo operator = operator(checkpoint, 0);
        StateStoreInfo store = store(operator, storeName);
        StateReader reader = StateReader.open(checkpoint, operator, store, schema);
        List<StateRow> rows = new ArrayList<>();
        reader.rows(batch, rows::add);
        return new Read(store, reader, rows);
    }

    static Read readRecorded(String fixture, long batch) throws Exception {
        return readRecorded(fixture, "default", batch);
    }

    static Read readRecorded(String fixture, String storeName, long batch) throws Exception {
        Read read = read(fixture, storeName, Optional.empty(), batch);
        assertEquals(List.of(), read.reader().problems(), fixture + " " + storeName + " has a schema file");
        return read;
    }

    static StateOperatorInfo operator(Checkpoint checkpoint, int id) {
        return checkpoint.stateOperators().stream().filter(op -> op.operatorId() == id).findFirst()
                .orElseThrow(() -> new AssertionError("no operator " + id + " in " + checkpoint.path()));
    }

    static StateStoreInfo store(StateOperatorInfo operator, String name) {
        return operator.stores().stream().filter(s -> s.storeName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no store " + name + " in " + operator.stores()));
    }

    static SparkType.Struct struct(String json) {
        if (json == null) {
            return null;
        }
        try {
            return SparkTypeJson.parseStruct(Json.mapper().readTree(json));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static TreeSet<Integer> ids(Read read, String valueField) {
        TreeSet<Integer> ids = new TreeSet<>();
        for (StateRow row : read.rows()) {
            Object id = valueField == null || !(row.value() instanceof Row value) || value.schema().indexOf(valueField) < 0
                    ? ((Row) row.key()).values().get(0) : value.get(valueField);
            ids.add(((Number) id).intValue());
        }
        return ids;
    }

    private static List<String> fieldNames(Row row) {
        return row.schema().fields().stream().map(SparkType.Field::name).toList();
    }

    private static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").formatHex(bytes);
    }

    /** A decoded row in EXPECTED-DECODED's notation, normalised (see {@link ExpectedState#canonicalValue}). */
    private static String canonical(StateRow row, ExpectedState.Entry entry) {
        String family = row.columnFamily() == null ? "" : "[" + row.columnFamily() + "] ";
        String key = canonical(row.key());
        String value;
        if (entry != null && entry.valueKind() == ExpectedState.Kind.BYTE_COUNT && row.value() instanceof Row.Raw raw) {
            value = "value " + raw.bytes().length + " bytes";
        } else if (entry != null && entry.valueKind() == ExpectedState.Kind.EMPTY_DEDUP_VALUE) {
            // the documented behaviour: an empty value, rendered {} (SparkJson)
            value = row.value() instanceof Row r && r.schema().size() == 0 && SparkJson.toTree(r).toString().equals("{}")
                    ? "EMPTY-VALUE{}" : "not the empty value: " + canonical(row.value());
        } else {
            value = canonical(row.value());
        }
        return family + key + " -> " + value;
    }

    /** Values normalised: numbers plain, strings quoted, binary 'bin:hex', timestamps as epoch microseconds. */
    static String canonical(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Row row) {
            StringBuilder text = new StringBuilder("{");
            for (int i = 0; i < row.schema().size(); i++) {
                if (i > 0) {
                    text.append(", ");
                }
                text.append(row.schema().field(i).name()).append('=').append(canonical(row.values().get(i)));
            }
            return text.append('}').toString();
        }
        if (value instanceof Boolean b) {
            return b.toString();
        }
        if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long
                || value instanceof BigInteger) {
            return ExpectedState.number(value.toString());
        }
        if (value instanceof BigDecimal d) {
            return ExpectedState.number(d.toPlainString());
        }
        if (value instanceof Float || value instanceof Double) {
            return ExpectedState.number(BigDecimal.valueOf(((Number) value).doubleValue()).toPlainString());
        }
        if (value instanceof String s) {
            return "'" + s + "'";
        }
        if (value instanceof byte[] bytes) {
            return "'bin:" + HexFormat.of().formatHex(bytes) + "'";
        }
        if (value instanceof Instant instant) {
            return Long.toString(Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000));
        }
        if (value instanceof LocalDateTime local) {
            return canonical(local.toInstant(ZoneOffset.UTC));
        }
        if (value instanceof LocalDate date) {
            return Long.toString(date.toEpochDay());
        }
        if (value instanceof List<?> list) {
            return list.stream().map(StateConformanceTest::canonical).collect(Collectors.joining(", ", "[", "]"));
        }
        if (value instanceof Row.Raw raw) {
            return "raw:" + HexFormat.of().formatHex(raw.bytes());
        }
        return "?" + value.getClass().getSimpleName() + ":" + value;
    }

    // ------------------------------------------------------------------------------------------------------------
    // The oracle: the state lines of EXPECTED-DECODED.txt (independent of every Streamscope class)
    // ------------------------------------------------------------------------------------------------------------

    static final class ExpectedState {

        static final Path FILE = CORPUS.resolve("EXPECTED-DECODED.txt");

        enum Kind { ROW, BYTE_COUNT, EMPTY_DEDUP_VALUE, BYTES }

        /** One row: key and value texts in the file's notation, and what kind of value text it is. */
        record Entry(String family, Kind keyKind, String keyText, Kind valueKind, String valueText) {
            /** The row in the test's normalised notation. */
            String canonical() {
                String prefix = family == null ? "" : "[" + family + "] ";
                String value = switch (valueKind) {
                    case ROW -> canonicalValue(valueText);
                    case BYTE_COUNT -> "value " + valueText + " bytes";
                    case EMPTY_DEDUP_VALUE -> "EMPTY-VALUE{}";
                    case BYTES -> "raw:" + valueText;
                };
                String key = keyKind == Kind.ROW ? canonicalValue(keyText) : "raw:" + keyText;
                return prefix + key + " -> " + value;
            }
        }

        /**
         * The Avro rows of the tws-avro fixture (pre-GA 4.0, INDEX.md §24): key bytes after the column family prefix =
         * version byte 00 + Avro record; value = Avro record without version byte. Decoded here with Spark's Avro
         * mapping of a struct (nullable field = union [type, null]; int/long zig-zag varints; string = length + UTF-8),
         * enough for the fixture's {@code struct<value:string>} / {@code struct<value:long>}.
         */
        static String avroCanonical(String hex, String schemaJson) {
            byte[] bytes = HexFormat.of().parseHex(hex);
            int[] pos = {0};
            JsonNode schema;
            try {
                schema = new com.fasterxml.jackson.databind.ObjectMapper().readTree(schemaJson);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            StringBuilder out = new StringBuilder("{");
            for (JsonNode field : schema.path("fields")) {
                if (out.length() > 1) {
                    out.append(", ");
                }
                out.append(field.path("name").asText()).append('=');
                if (field.path("nullable").asBoolean(true) && zigzag(bytes, pos) == 1) {
                    out.append("null");
                    continue;
                }
                switch (field.path("type").asText()) {
                    case "string" -> {
                        int length = (int) zigzag(bytes, pos);
                        out.append('\'').append(new String(bytes, pos[0], length, StandardCharsets.UTF_8)).append('\'');
                        pos[0] += length;
                    }
                    case "long", "integer" -> out.append(zigzag(bytes, pos));
                    default -> throw new IllegalStateException("the oracle's Avro reader lacks " + field);
                }
            }
            if (pos[0] != bytes.length) {
                throw new IllegalStateException("Avro bytes left over in " + hex);
            }
            return out.append('}').toString();
        }

        private static long zigzag(byte[] bytes, int[] pos) {
            long raw = 0;
            int shift = 0;
            while (true) {
                int b = bytes[pos[0]++] & 0xFF;
                raw |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return (raw >>> 1) ^ -(raw & 1);
                }
                shift += 7;
            }
        }

        /** One {@code state op=… store=…} section with the rows at the latest version. */
        record Store(String fixture, int operatorId, String storeName, String schemaTag, String keySchemaJson,
                     String valueSchemaJson, String provider, long version, SortedMap<Integer, List<Entry>> partitions) {
        }

        private static final Pattern FIXTURE = Pattern.compile("^## (.+)$");
        private static final Pattern STATE = Pattern.compile("^ {2}state op=(\\d+) store=(\\S+) schema=(\\S+)$");
        private static final Pattern SCHEMA = Pattern.compile("^ {4}schema\\[([^]]+)] key=(.*?) value=(.*)$");
        private static final Pattern HDFS_PART = Pattern.compile("^ {4}part (\\d+): files=.* -> version (\\d+) \\(base snapshot \\w+\\): (\\d+) rows$");
        private static final Pattern ROCKS_PART = Pattern.compile("^ {4}part (\\d+): files=.*$");
        private static final Pattern REPLAYED = Pattern.compile("^ {6}replayed state at version (\\d+): (\\d+) keys$");
        private static final Pattern HDFS_ROW = Pattern.compile("^ {6}(\\{.*) -> (.*)$");
        private static final Pattern ROCKS_ROW = Pattern.compile("^ {8}\\[([^]]+)] (.*?) -> (.*)$");
        private static final Pattern ZIP_METADATA = Pattern.compile("^ {6}\\S+\\.zip metadata: v1 \\| (\\{.*})$");
        private static final Pattern BYTE_COUNT = Pattern.compile("^value (\\d+) bytes$");
        private static final Pattern UNDECODABLE = Pattern.compile("^UNDECODABLE-with-schema\\((\\d+) bytes\\) hex:([0-9a-f]+)$");

        private static List<Store> cache;

        private ExpectedState() {
        }

        static synchronized List<Store> load() {
            if (cache == null) {
                try {
                    cache = List.copyOf(parse(Files.readAllLines(FILE, StandardCharsets.UTF_8)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return cache;
        }

        static Store store(String fixture, String storeName) {
            return load().stream().filter(s -> s.fixture().equals(fixture) && s.storeName().equals(storeName)).findFirst()
                    .orElseThrow(() -> new AssertionError("EXPECTED-DECODED has no " + fixture + " " + storeName));
        }

        private static final class Builder {
            String fixture;
            int operatorId;
            String storeName;
            String schemaTag;
            String keySchema;
            String valueSchema;
            String provider;
            long version = -1;
            final SortedMap<Integer, List<Entry>> partitions = new TreeMap<>();
            final Map<Integer, Integer> declaredCounts = new LinkedHashMap<>();
            final Map<Integer, String> familyNames = new TreeMap<>();
            int partition = -1;

            Store build() {
                for (Map.Entry<Integer, Integer> count : declaredCounts.entrySet()) {
                    int parsed = partitions.getOrDefault(count.getKey(), List.of()).size();
                    if (parsed != count.getValue()) {
                        throw new IllegalStateException(fixture + " " + storeName + " part " + count.getKey() + ": declares "
                                + count.getValue() + " rows, parsed " + parsed);
                    }
                }
                if (version < 1 || keySchema == null) {
                    throw new IllegalStateException(fixture + " " + storeName + ": incomplete section");
                }
                return new Store(fixture, operatorId, storeName, schemaTag, keySchema, valueSchema, provider, version, partitions);
            }
        }

        private static List<Store> parse(List<String> lines) {
            List<Store> stores = new ArrayList<>();
            String fixture = null;
            Builder current = null;
            for (String line : lines) {
                Matcher m;
                if ((m = FIXTURE.matcher(line)).matches()) {
                    if (current != null) {
                        stores.add(current.build());
                        current = null;
                    }
                    fixture = m.group(1).trim();
                } else if ((m = STATE.matcher(line)).matches()) {
                    if (current != null) {
                        stores.add(current.build());
                    }
                    current = new Builder();
                    current.fixture = fixture;
                    current.operatorId = Integer.parseInt(m.group(1));
                    current.storeName = m.group(2);
                    current.schemaTag = m.group(3);
                } else if (current == null) {
                    continue;
                } else if ((m = SCHEMA.matcher(line)).matches()) {
                    current.keySchema = m.group(2);
                    current.valueSchema = m.group(3).equals("null") ? null : m.group(3);
                } else if ((m = HDFS_PART.matcher(line)).matches()) {
                    current.provider = "hdfs";
                    current.partition = Integer.parseInt(m.group(1));
                    current.version = version(current, Long.parseLong(m.group(2)));
                    current.declaredCounts.put(current.partition, Integer.parseInt(m.group(3)));
                    current.partitions.put(current.partition, new ArrayList<>());
                } else if ((m = ROCKS_PART.matcher(line)).matches()) {
                    current.provider = "rocksdb";
                    current.partition = Integer.parseInt(m.group(1));
                    current.partitions.put(current.partition, new ArrayList<>());
                } else if ((m = REPLAYED.matcher(line)).matches()) {
                    current.version = version(current, Long.parseLong(m.group(1)));
                    current.declaredCounts.put(current.partition, Integer.parseInt(m.group(2)));
                } else if ((m = ROCKS_ROW.matcher(line)).matches()) {
                    current.partitions.get(current.partition).add(rocksRow(current, m.group(1), m.group(2), m.group(3)));
                } else if ((m = ZIP_METADATA.matcher(line)).matches()) {
                    familyNames(m.group(1), current.familyNames);
                } else if ((m = HDFS_ROW.matcher(line)).matches()) {
                    current.partitions.get(current.partition).add(hdfsRow(m.group(1), m.group(2)));
                }
            }
            if (current != null) {
                stores.add(current.build());
            }
            return stores;
        }

        /** {@code columnFamilyMapping} (name → id) of a zip's metadata JSON. */
        private static void familyNames(String json, Map<Integer, String> names) {
            try {
                JsonNode mapping = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json).path("columnFamilyMapping");
                mapping.fields().forEachRemaining(entry -> names.put(entry.getValue().asInt(), entry.getKey()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static long version(Builder builder, long version) {
            if (builder.version >= 0 && builder.version != version) {
                throw new IllegalStateException(builder.fixture + ": partitions at different versions");
            }
            return version;
        }

        private static Entry hdfsRow(String key, String value) {
            Matcher m;
            if ((m = BYTE_COUNT.matcher(value)).matches()) {
                return new Entry(null, Kind.ROW, key, Kind.BYTE_COUNT, m.group(1));
            }
            if ((m = UNDECODABLE.matcher(value)).matches()) {
                if (!m.group(2).equals("01000000000000000000000000000000")) {
                    throw new IllegalStateException("the SPARK-39650 value is EMPTY_ROW: " + value);
                }
                return new Entry(null, Kind.ROW, key, Kind.EMPTY_DEDUP_VALUE, m.group(2));
            }
            return new Entry(null, Kind.ROW, key, Kind.ROW, value);
        }

        private static Entry rocksRow(Builder store, String family, String key, String value) {
            String cf = null;
            if (!family.equals("default")) {
                Matcher id = Pattern.compile("^cfId=(\\d+)$").matcher(family);
                if (!id.matches() || !store.familyNames.containsKey(Integer.parseInt(id.group(1)))) {
                    throw new IllegalStateException("unknown column family " + family + " in " + store.fixture);
                }
                cf = store.familyNames.get(Integer.parseInt(id.group(1)));
            }
            if (key.startsWith("key bytes(after cf prefix)=")) {
                String keyHex = key.substring("key bytes(after cf prefix)=".length());
                Matcher v = Pattern.compile("^value bytes=([0-9a-f]*)\\s+\\(Avro.*$").matcher(value);
                if (!v.matches() || !keyHex.startsWith("00")) {
                    throw new IllegalStateException("Avro row expected: " + key + " -> " + value);
                }
                return new Entry(cf, Kind.ROW, avroCanonical(keyHex.substring(2), store.keySchema), Kind.ROW,
                        avroCanonical(v.group(1), store.valueSchema));
            }
            String keyPrefix = "key(verbyte=0)=";
            String valuePrefix = "value(verbyte=0)=";
            if (!key.startsWith(keyPrefix) || !value.startsWith(valuePrefix)) {
                throw new IllegalStateException("unknown RocksDB row notation: " + key + " -> " + value);
            }
            return new Entry(cf, Kind.ROW, key.substring(keyPrefix.length()), Kind.ROW, value.substring(valuePrefix.length()));
        }

        /** {@code {a=1, b='x', c=None, d=True, e='bin:3132', w={start=1, end=2}}} → the test's normalised text. */
        static String canonicalValue(String text) {
            Parser parser = new Parser(text);
            String value = parser.value();
            if (parser.pos != text.length()) {
                throw new IllegalStateException("trailing text at " + parser.pos + " in " + text);
            }
            return value;
        }

        static String number(String text) {
            BigDecimal d = new BigDecimal(text);
            return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
        }

        /** A recursive-descent reader of the Python-repr-like notation. */
        private static final class Parser {
            final String text;
            int pos;

            Parser(String text) {
                this.text = text;
            }

            String value() {
                char c = text.charAt(pos);
                if (c == '{') {
                    return struct();
                }
                if (c == '\'') {
                    String s = string();
                    return "'" + s + "'";
                }
                if (text.startsWith("None", pos)) {
                    pos += 4;
                    return "null";
                }
                if (text.startsWith("True", pos)) {
                    pos += 4;
                    return "true";
                }
                if (text.startsWith("False", pos)) {
                    pos += 5;
                    return "false";
                }
                int start = pos;
                while (pos < text.length() && "-+0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
                    pos++;
                }
                if (start == pos) {
                    throw new IllegalStateException("cannot read a value at " + pos + " in " + text);
                }
                return number(text.substring(start, pos));
            }

            String struct() {
                StringBuilder out = new StringBuilder("{");
                pos++; // {
                boolean first = true;
                while (text.charAt(pos) != '}') {
                    if (!first) {
                        expect(", ");
                        out.append(", ");
                    }
                    first = false;
                    int eq = text.indexOf('=', pos);
                    out.append(text, pos, eq).append('=');
                    pos = eq + 1;
                    out.append(value());
                }
                pos++; // }
                return out.append('}').toString();
            }

            String string() {
                StringBuilder out = new StringBuilder();
                pos++; // '
                while (text.charAt(pos) != '\'') {
                    char c = text.charAt(pos++);
                    if (c == '\\') {
                        c = text.charAt(pos++);
                    }
                    out.append(c);
                }
                pos++;
                return out.toString();
            }

            void expect(String token) {
                if (!text.startsWith(token, pos)) {
                    throw new IllegalStateException("expected '" + token + "' at " + pos + " in " + text);
                }
                pos += token.length();
            }
        }
    }

    @Test
    void oracleParsesEveryStateSection() {
        List<ExpectedState.Store> stores = ExpectedState.load();
        assertEquals(expectedStoreCount(), stores.size());
        // spot checks of the parser itself
        ExpectedState.Store agg = ExpectedState.store("checkpoint-version-4.0.0/hdfs/agg", "default");
        assertEquals(4, agg.version());
        assertEquals(List.of("{_1=3} -> {count=3}", "{_1=5} -> {count=2}"),
                agg.partitions().get(1).stream().map(ExpectedState.Entry::canonical).toList());
        ExpectedState.Store rocks = ExpectedState.store("checkpoint-version-4.0.0/rocksdb/agg", "default");
        assertEquals("rocksdb", rocks.provider());
        assertEquals(agg.partitions().values().stream().flatMap(List::stream).map(ExpectedState.Entry::canonical).toList(),
                rocks.partitions().values().stream().flatMap(List::stream).map(ExpectedState.Entry::canonical).toList());
        ExpectedState.Store kafka = ExpectedState.store("checkpoint-version-2.4.3-kafka-include-headers-default", "default");
        assertTrue(kafka.partitions().get(1).get(0).canonical().contains("key=null, offset=2, topic='spark-test-topic-"),
                kafka.partitions().get(1).get(0).canonical());
        ExpectedState.Store avro = ExpectedState.store("checkpoint-version-4.0.0-tws-avro", "default");
        assertEquals(List.of("[countState] {value='a'} -> {value=2}"), avro.partitions().get(0).stream().map(ExpectedState.Entry::canonical).toList());
        assertEquals(List.of("[countState] {value='b'} -> {value=1}"), avro.partitions().get(1).stream().map(ExpectedState.Entry::canonical).toList());
        ExpectedState.Store unsafe = ExpectedState.store("checkpoint-version-4.0.0-tws-unsaferow", "default");
        assertEquals(List.of("[countState] {value='a'} -> {value=2}"), unsafe.partitions().get(0).stream().map(ExpectedState.Entry::canonical).toList());
    }
}
