package io.streamscope.samples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.FileSinkLogReader;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.checkpoint.SourceKind;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateProvider;
import io.streamscope.checkpoint.StateStoreInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bundled samples of {@code sample-checkpoints/} (written by real Spark, see its generator) against the shop
 * stream as the chapter tells it: seven orders on {@code orders} partition 0, batch 0 reading offsets 0–3, batch 1
 * offset 4, batch 2 offsets 5–6. The expectations below are typed from that table, not from the files: the reader,
 * the sidecars, Spark's own progress reports and the captured sink rows must all agree with it and with each other.
 */
class SampleCheckpointsTest {

    static final Path SAMPLES = Path.of("sample-checkpoints");
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String SCHEMA = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP";
    private static final KafkaPartition ORDERS_0 = new KafkaPartition("orders", 0);

    /** The shop stream: offset → order id, customer, amount, order_ts. */
    record Order(long offset, int orderId, int customerId, String amount, String orderTs) {
        String value() {
            return "{\"order_id\":" + orderId + ",\"customer_id\":" + customerId + ",\"amount\":" + amount
                    + ",\"order_ts\":\"" + orderTs + "\"}";
        }

        /** The order as Spark's {@code toJSON} prints it (timestamps with milliseconds, UTC). */
        String sparkRow() {
            return "{\"order_id\":" + orderId + ",\"customer_id\":" + customerId + ",\"amount\":" + amount
                    + ",\"order_ts\":\"" + orderTs.replace("Z", ".000Z") + "\"}";
        }
    }

    static final List<Order> ORDERS = List.of(
            new Order(0, 110, 1, "25.50", "2026-01-22T09:01:00Z"),
            new Order(1, 111, 2, "7.25", "2026-01-22T09:04:30Z"),
            new Order(2, 112, 1, "12.00", "2026-01-22T09:12:00Z"),
            new Order(3, 113, 3, "3.99", "2026-01-22T09:18:00Z"),
            new Order(4, 114, 2, "42.10", "2026-01-22T09:41:00Z"),
            new Order(5, 150, 3, "15.75", "2026-01-22T10:05:00Z"),
            new Order(6, 151, 1, "9.99", "2026-01-22T10:07:00Z"));

    /** End offset (exclusive) of batches 0, 1, 2. */
    static final long[] END = {4, 5, 7};

    enum Kind { COMMITTED, CRASHED }

    /** Where a sample keeps state: nowhere, an aggregation's HDFS store, or transformWithState's RocksDB store. */
    enum Store { NONE, HDFS, ROCKSDB_TWS }

    record SampleSpec(String name, String outputMode, Kind kind, Store store) {
        boolean hasQuery() {
            return store != Store.ROCKSDB_TWS;
        }
    }

    static final List<SampleSpec> SPECS = List.of(
            new SampleSpec("shop-big-orders", "append", Kind.COMMITTED, Store.NONE),
            new SampleSpec("shop-totals-update", "update", Kind.COMMITTED, Store.HDFS),
            new SampleSpec("shop-totals-complete", "complete", Kind.COMMITTED, Store.HDFS),
            new SampleSpec("shop-copy-crash", "append", Kind.CRASHED, Store.NONE),
            new SampleSpec("shop-copy-crash-restarted", "append", Kind.COMMITTED, Store.NONE),
            new SampleSpec("shop-merge-crash", "append", Kind.CRASHED, Store.NONE),
            new SampleSpec("shop-merge-crash-restarted", "append", Kind.COMMITTED, Store.NONE),
            new SampleSpec("shop-available-now", "append", Kind.COMMITTED, Store.NONE),
            new SampleSpec("shop-windowed", "append", Kind.COMMITTED, Store.HDFS),
            new SampleSpec("state-codec-zstd", "update", Kind.COMMITTED, Store.HDFS),
            new SampleSpec("state-codec-snappy", "update", Kind.COMMITTED, Store.HDFS),
            new SampleSpec("state-codec-lzf", "update", Kind.COMMITTED, Store.HDFS),
            new SampleSpec("shop-tws", "update", Kind.COMMITTED, Store.ROCKSDB_TWS),
            new SampleSpec("shop-tws-avro", "update", Kind.COMMITTED, Store.ROCKSDB_TWS));

    static Stream<SampleSpec> samples() {
        return SPECS.stream();
    }

    private static Checkpoint read(SampleSpec spec) throws Exception {
        return CheckpointReader.read(SAMPLES.resolve(spec.name()));
    }

    private static JsonNode json(Path file) throws IOException {
        return MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
    }

    private static JsonNode ordersOffset(long offset) throws IOException {
        return MAPPER.readTree("{\"orders\":{\"0\":" + offset + "}}");
    }

    private static long ms(String isoInstant) {
        return Instant.parse(isoInstant).toEpochMilli();
    }

    @Test
    void everySampleFolderIsCovered() throws IOException {
        Set<String> found;
        try (Stream<Path> children = Files.list(SAMPLES)) {
            found = children.filter(p -> Files.isRegularFile(p.resolve("metadata")))
                    .map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> covered = SPECS.stream().map(SampleSpec::name).collect(Collectors.toCollection(TreeSet::new));
        covered.addAll(TwoTopicSamplesTest.SAMPLES_READING_TWO_TOPICS);
        covered.addAll(TwoTopicSamplesTest.SESSION_SAMPLES);
        covered.addAll(io.streamscope.checkpoint.state.ChangeFeedGroundTruthTest.ROCKSDB_SAMPLES);
        assertEquals(covered, found);
        assertTrue(Files.isRegularFile(SAMPLES.resolve("shop-totals-update/metadata")),
                "the app opens shop-totals-update by default");
    }

    @ParameterizedTest
    @MethodSource("samples")
    void parsesWithNoProblems(SampleSpec spec) throws Exception {
        Checkpoint checkpoint = read(spec);
        assertEquals(List.of(), checkpoint.problems(), spec.name());
        assertNotNull(checkpoint.queryId());
        assertEquals(1, checkpoint.sources().size());
        assertEquals(SourceKind.KAFKA, checkpoint.sources().get(0).kind());
        assertEquals(ordersOffset(0), checkpoint.sources().get(0).initialOffsets());
        assertEquals(List.of(0L, 1L, 2L), new ArrayList<>(checkpoint.batches().keySet()));
    }

    @ParameterizedTest
    @MethodSource("samples")
    void batchBoundariesAreTheChaptersOnes(SampleSpec spec) throws Exception {
        Checkpoint checkpoint = read(spec);
        long[] rows = {4, 1, 2};
        for (int id = 0; id < 3; id++) {
            Batch batch = checkpoint.batches().get((long) id);
            assertEquals(1, batch.sources().size());
            BatchSource source = batch.sources().get(0);
            assertEquals(ordersOffset(END[id]), source.endOffset(), spec.name() + " batch " + id);
            assertEquals(ordersOffset(id == 0 ? 0 : END[id - 1]), source.startOffset(), spec.name() + " batch " + id);
            assertEquals(Map.of(ORDERS_0, rows[id]), source.inputRowsByPartition(), spec.name() + " batch " + id);
            assertEquals(rows[id], batch.numInputRows().orElseThrow());
            assertEquals("2", batch.metadata().conf().get("spark.sql.shuffle.partitions"));
            assertEquals("org.apache.spark.sql.execution.streaming.state."
                            + (spec.store() == Store.ROCKSDB_TWS ? "RocksDBStateStoreProvider" : "HDFSBackedStateStoreProvider"),
                    batch.metadata().conf().get("spark.sql.streaming.stateStore.providerClass"));
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void commitsAndReplayAreAsStated(SampleSpec spec) throws Exception {
        Checkpoint checkpoint = read(spec);
        Batch b0 = checkpoint.batches().get(0L);
        Batch b1 = checkpoint.batches().get(1L);
        Batch b2 = checkpoint.batches().get(2L);
        assertTrue(b0.committed() && b1.committed());
        assertFalse(b0.willReplay() || b1.willReplay());
        if (spec.kind() == Kind.CRASHED) {
            assertTrue(b2.offsets().isPresent(), "batch 2 is planned: offsets/2 exists");
            assertFalse(b2.committed(), "no commits/2");
            assertTrue(b2.commit().isEmpty());
            assertTrue(b2.willReplay(), "Spark replays batch 2 on restart");
            assertTrue(checkpoint.notes().stream().anyMatch(n -> "offsets/2".equals(n.path())), checkpoint.notes()::toString);
            assertFalse(Files.exists(SAMPLES.resolve(spec.name()).resolve("commits/2")));
        } else {
            assertTrue(b2.committed());
            assertFalse(b2.willReplay());
            assertTrue(checkpoint.notes().stream().noneMatch(n -> n.path() != null && n.path().startsWith("offsets/")),
                    checkpoint.notes()::toString);
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void stateIsInTheStoreTheQueryNeeds(SampleSpec spec) throws Exception {
        Checkpoint checkpoint = read(spec);
        if (spec.store() == Store.NONE) {
            assertEquals(List.of(), checkpoint.stateOperators());
            return;
        }
        assertEquals(1, checkpoint.stateOperators().size());
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        assertEquals(0, operator.operatorId());
        assertEquals(spec.store() == Store.HDFS ? "stateStoreSave" : "transformWithStateExec", operator.operatorName());
        assertEquals(1, operator.stores().size());
        StateStoreInfo store = operator.stores().get(0);
        assertEquals("default", store.storeName());
        assertEquals(2, store.numPartitions(), "spark.sql.shuffle.partitions=2");
        assertEquals(spec.store() == Store.HDFS ? StateProvider.HDFS : StateProvider.ROCKSDB, store.provider());
        assertEquals(List.of(1L, 2L, 3L), new ArrayList<>(store.versions()));
        String suffix = spec.store() == Store.HDFS ? ".delta" : ".changelog";
        for (int partition = 0; partition < 2; partition++) {
            for (int version = 1; version <= 3; version++) {
                assertTrue(Files.isRegularFile(SAMPLES.resolve(spec.name())
                        .resolve("state/0/" + partition + "/" + version + suffix)));
            }
        }
        if (spec.store() == Store.HDFS) {
            assertTrue(store.schema().isPresent(), "state schema file");
        } else {
            assertEquals(Map.of("totalCents", "ValueState", "recentOrderIds", "ListState", "ordersPerHour", "MapState",
                    "lastOrder", "ValueState", "$procTimers_keyToTimestamp", "TimerState"), operator.stateVariables());
        }
    }

    @Test
    void windowedWatermarksFollowTheOrderTimes() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(SAMPLES.resolve("shop-windowed"));
        // 5-minute watermark: max order_ts seen so far minus 5 minutes, in effect from the next batch on
        assertEquals(0, checkpoint.batches().get(0L).watermarkMs());
        assertEquals(ms("2026-01-22T09:13:00Z"), checkpoint.batches().get(1L).watermarkMs());
        assertEquals(ms("2026-01-22T09:36:00Z"), checkpoint.batches().get(2L).watermarkMs());
        assertEquals(ms("2026-01-22T09:13:00Z"), checkpoint.batches().get(0L).nextWatermarkMs().orElseThrow());
        assertEquals(ms("2026-01-22T09:36:00Z"), checkpoint.batches().get(1L).nextWatermarkMs().orElseThrow());
        assertEquals(ms("2026-01-22T10:02:00Z"), checkpoint.batches().get(2L).nextWatermarkMs().orElseThrow());
    }

    @ParameterizedTest
    @MethodSource("samples")
    void sidecarIsValidAndPointsAtTheTopicSnapshot(SampleSpec spec) throws Exception {
        Path dir = SAMPLES.resolve(spec.name());
        JsonNode sidecar = json(dir.resolve("streamscope.json"));
        assertFalse(sidecar.path("title").asText().isBlank());
        // what code can say (query, schema, mode) is the job's: the sidecar holds what it cannot
        for (String field : List.of("query", "schema", "outputMode", "topic")) {
            assertTrue(sidecar.path(field).isMissingNode(), spec.name() + " still has " + field);
        }
        assertTrue(Files.isRegularFile(dir.resolve("job.py")), "every sample opens from its job");
        if (!spec.hasQuery()) {
            assertTrue(sidecar.path("processor").asText().contains("transformWithState"), sidecar.toString());
        }
        assertEquals("../topics/orders.jsonl", sidecar.path("topics").path("orders").asText());
        assertTrue(Files.isRegularFile(dir.resolve(sidecar.path("topics").path("orders").asText())));
        JsonNode sink = sidecar.path("sink");
        for (String key : List.of("table", "path")) {
            if (sink.has(key)) {
                assertTrue(Files.isDirectory(dir.resolve(sink.get(key).asText())), sink.toString());
            }
        }
    }

    @Test
    void generatorQueriesAreTheChaptersOnes() throws Exception {
        assertEquals("orders.groupBy(\"customer_id\").sum(\"amount\").withColumnRenamed(\"sum(amount)\", \"total\")",
                json(SAMPLES.resolve("shop-totals-update/spark-run.json")).path("query").asText());
        assertEquals("orders.groupBy(\"customer_id\").sum(\"amount\").withColumnRenamed(\"sum(amount)\", \"total\")",
                json(SAMPLES.resolve("shop-totals-complete/spark-run.json")).path("query").asText());
        assertEquals("orders.filter(\"amount >= 10\").select(\"order_id\", \"customer_id\", \"amount\")",
                json(SAMPLES.resolve("shop-big-orders/spark-run.json")).path("query").asText());
        assertEquals("orders.withWatermark(\"order_ts\", \"5 minutes\").groupBy(window(col(\"order_ts\"), "
                        + "\"10 minutes\")).count()",
                json(SAMPLES.resolve("shop-windowed/spark-run.json")).path("query").asText());
    }

    /** Spark's own progress reports agree with the checkpoint, batch by batch. */
    @ParameterizedTest
    @MethodSource("samples")
    void groundTruthAgreesWithTheCheckpoint(SampleSpec spec) throws Exception {
        Checkpoint checkpoint = read(spec);
        Path dir = SAMPLES.resolve(spec.name());
        JsonNode run = json(dir.resolve("spark-run.json"));
        assertEquals(spec.name(), run.path("sample").asText());
        assertEquals(spec.outputMode(), run.path("outputMode").asText());
        JsonNode batches = run.path("batches");
        assertTrue(batches.isArray() && !batches.isEmpty());

        List<JsonNode> progressReported = new ArrayList<>();
        TreeMap<Long, Integer> committedEntries = new TreeMap<>();
        for (JsonNode entry : batches) {
            long id = entry.path("batchId").asLong();
            Batch batch = checkpoint.batches().get(id);
            assertNotNull(batch, "batch " + id + " of spark-run.json is in the checkpoint");
            JsonNode progress = entry.path("lastProgress");
            if (entry.path("committed").asBoolean()) {
                committedEntries.merge(id, 1, Integer::sum);
                assertTrue(progress.isObject(), "a committed batch has Spark's progress");
                assertEquals(checkpoint.queryId(), progress.path("id").asText());
                assertEquals(id, progress.path("batchId").asLong());
                JsonNode source = progress.path("sources").path(0);
                assertEquals(batch.sources().get(0).endOffset(), source.path("endOffset"), spec.name() + " batch " + id);
                if (id > 0) {
                    assertEquals(batch.sources().get(0).startOffset(), source.path("startOffset"));
                }
                assertEquals(batch.numInputRows().orElseThrow().longValue(), progress.path("numInputRows").asLong());
                assertEquals(batch.numInputRows().orElseThrow().longValue(), source.path("numInputRows").asLong());
                if (progress.path("eventTime").has("watermark")) {
                    assertEquals(batch.watermarkMs(), ms(progress.path("eventTime").path("watermark").asText()),
                            "the watermark Spark reported is the one in offsets/" + id);
                }
                progressReported.add(progress);
            } else {
                assertTrue(progress.isNull(), "a batch that died reported no progress");
                assertTrue(spec.kind() == Kind.CRASHED || spec.name().endsWith("-restarted"),
                        "only the crash samples (and their restarted copies) have a batch that died");
                assertEquals(2, id);
            }
        }
        // every committed batch reported exactly one progress; the crashed batch none
        TreeMap<Long, Integer> expected = new TreeMap<>(Map.of(0L, 1, 1L, 1));
        if (spec.kind() == Kind.COMMITTED) {
            expected.put(2L, 1);
        }
        assertEquals(expected, committedEntries);

        // progress.jsonl holds the same reports, as the StreamingQueryListener received them
        List<String> lines = Files.readAllLines(dir.resolve("progress.jsonl"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank()).toList();
        assertEquals(progressReported.size(), lines.size());
        for (int i = 0; i < lines.size(); i++) {
            assertEquals(progressReported.get(i), MAPPER.readTree(lines.get(i)));
        }
    }

    /** The rows each sink received, as the shop table says they must be. */
    @ParameterizedTest
    @MethodSource("samples")
    void sinkRowsAreTheChaptersOnes(SampleSpec spec) throws Exception {
        JsonNode run = json(SAMPLES.resolve(spec.name()).resolve("spark-run.json"));
        for (JsonNode entry : run.path("batches")) {
            int id = entry.path("batchId").asInt();
            List<String> expected = switch (spec.name()) {
                case "shop-big-orders" -> ordersOf(id).stream().filter(o -> Double.parseDouble(o.amount()) >= 10)
                        .map(o -> "{\"order_id\":" + o.orderId() + ",\"customer_id\":" + o.customerId()
                                + ",\"amount\":" + o.amount() + "}").toList();
                case "shop-totals-update", "state-codec-zstd", "state-codec-snappy", "state-codec-lzf" -> List.of(
                        totals("1:37.50", "2:7.25", "3:3.99"), totals("2:49.35"), totals("1:47.49", "3:19.74")).get(id);
                case "shop-totals-complete" -> List.of(totals("1:37.50", "2:7.25", "3:3.99"),
                        totals("1:37.50", "2:49.35", "3:3.99"), totals("1:47.49", "2:49.35", "3:19.74")).get(id);
                case "shop-windowed" -> List.of(List.<String>of(),
                        List.of(window("2026-01-22T09:00:00.000Z", "2026-01-22T09:10:00.000Z", 2)),
                        List.of(window("2026-01-22T09:10:00.000Z", "2026-01-22T09:20:00.000Z", 2))).get(id);
                case "shop-tws", "shop-tws-avro" -> List.of(
                        List.of(activity(1, 3750, "110,112", 2, 112), activity(2, 725, "111", 1, 111), activity(3, 399, "113", 1, 113)),
                        List.of(activity(2, 4935, "111,114", 2, 114)),
                        List.of(activity(1, 4749, "112,151", 1, 151), activity(3, 1974, "113,150", 1, 150))).get(id);
                default -> ordersOf(id).stream().map(Order::sparkRow).toList();
            };
            assertEquals(rows(expected), rows(entry.path("sinkRows")), spec.name() + " batch " + id);
        }
    }

    @Test
    void copyCrashTableHasTheReplayedOrdersTwiceAndMergeHasThemOnce() throws Exception {
        assertEquals(7, lastTableRows("shop-copy-crash").size());
        assertEquals(7, lastTableRows("shop-merge-crash").size());
        List<JsonNode> copied = lastTableRows("shop-copy-crash-restarted");
        assertEquals(9, copied.size());
        for (int orderId : List.of(150, 151)) {
            assertEquals(2, copied.stream().filter(r -> r.path("order_id").asInt() == orderId).count());
        }
        List<JsonNode> merged = lastTableRows("shop-merge-crash-restarted");
        assertEquals(7, merged.size());
        assertEquals(rows(ORDERS.stream().map(Order::sparkRow).toList()), new TreeSet<>(merged.stream()
                .map(JsonNode::toString).toList()));
        for (String table : List.of("shop-copy-crash-table", "shop-copy-crash-restarted-table",
                "shop-merge-crash-table", "shop-merge-crash-restarted-table")) {
            assertTrue(Files.isDirectory(SAMPLES.resolve(table)), table);
        }
        assertTrue(Files.isDirectory(SAMPLES.resolve("shop-merge-crash-restarted-table/_delta_log")));
    }

    @Test
    void availableNowOutputHasItsFileSinkLog() throws Exception {
        Path output = SAMPLES.resolve("shop-available-now-output");
        FileSinkLogReader.FileSinkLog log = FileSinkLogReader.read(output);
        assertEquals(List.of(), log.problems());
        assertEquals(List.of(0L, 1L, 2L), log.log().files().stream().map(f -> f.batchId()).toList());
        assertEquals(3, log.log().entries().size(), "one parquet file per batch");
        for (JsonNode entry : log.log().entries()) {
            String path = entry.path("path").asText();
            String name = path.substring(path.lastIndexOf('/') + 1);
            assertTrue(name.endsWith(".parquet") && Files.isRegularFile(output.resolve(name)), path);
        }
    }

    @Test
    void topicSnapshotHoldsTheSevenOrders() throws Exception {
        List<String> lines = Files.readAllLines(SAMPLES.resolve("topics/orders.jsonl"), StandardCharsets.UTF_8)
                .stream().filter(l -> !l.isBlank()).toList();
        assertEquals(ORDERS.size(), lines.size());
        for (int i = 0; i < lines.size(); i++) {
            Order order = ORDERS.get(i);
            JsonNode record = MAPPER.readTree(lines.get(i));
            assertEquals(0, record.path("partition").asInt());
            assertEquals(order.offset(), record.path("offset").asLong());
            assertTrue(record.path("timestamp").isIntegralNumber());
            assertEquals(ms(order.orderTs()), record.path("timestamp").asLong(), "record timestamp = order_ts");
            assertEquals(Integer.toString(order.orderId()), record.path("key").asText());
            assertEquals(order.value(), record.path("value").asText());
        }
    }

    @Test
    void samplesHoldNoScratchFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(SAMPLES)) {
            List<Path> scratch = walk.filter(p -> !p.startsWith(SAMPLES.resolve("generator")))
                    .filter(p -> {
                        String name = p.getFileName().toString();
                        return name.endsWith(".tmp") || name.equals("_temporary") || name.equals("spark-warehouse")
                                || name.equals("metastore_db");
                    }).toList();
            assertEquals(List.of(), scratch);
        }
    }

    private static List<Order> ordersOf(int batchId) {
        long from = batchId == 0 ? 0 : END[batchId - 1];
        return ORDERS.stream().filter(o -> o.offset() >= from && o.offset() < END[batchId]).toList();
    }

    private static List<String> totals(String... customerTotals) {
        List<String> rows = new ArrayList<>();
        for (String ct : customerTotals) {
            String[] parts = ct.split(":");
            rows.add("{\"customer_id\":" + parts[0] + ",\"total\":" + parts[1] + "}");
        }
        return rows;
    }

    /** A row of the transformWithState samples' processor: the customer's running totals after the batch. */
    private static String activity(int customer, long totalCents, String recentOrderIds, int ordersThisHour, int lastOrderId) {
        return "{\"customer_id\":" + customer + ",\"total_cents\":" + totalCents + ",\"recent_order_ids\":[" + recentOrderIds
                + "],\"orders_this_hour\":" + ordersThisHour + ",\"last_order_id\":" + lastOrderId + "}";
    }

    private static String window(String start, String end, int count) {
        return "{\"window\":{\"start\":\"" + start + "\",\"end\":\"" + end + "\"},\"count\":" + count + "}";
    }

    /** Rows as canonical JSON text, as a sorted multiset-free set (no sink here emits a duplicate row in a batch). */
    private static TreeSet<String> rows(List<String> json) throws IOException {
        TreeSet<String> set = new TreeSet<>();
        for (String row : json) {
            set.add(MAPPER.readTree(row).toString());
        }
        assertEquals(json.size(), set.size(), "duplicate rows");
        return set;
    }

    private static TreeSet<String> rows(JsonNode array) throws IOException {
        List<String> json = new ArrayList<>();
        array.forEach(node -> json.add(node.toString()));
        return rows(json);
    }

    private static List<JsonNode> lastTableRows(String sample) throws IOException {
        JsonNode runs = json(SAMPLES.resolve(sample).resolve("spark-run.json")).path("runs");
        JsonNode last = runs.get(runs.size() - 1);
        List<JsonNode> rows = new ArrayList<>();
        last.path("tableRowsAfterRun").forEach(rows::add);
        return rows;
    }
}
