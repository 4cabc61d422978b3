package io.streamscope.samples.generator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.delta.tables.DeltaTable;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.DataStreamWriter;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.apache.spark.sql.streaming.Trigger;
import org.apache.spark.sql.types.StructType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.from_json;
import static org.apache.spark.sql.functions.window;

/**
 * Writes every sample checkpoint of {@code sample-checkpoints/} with real Spark reading a real Kafka broker.
 *
 * <p>Usage: {@code Generator SAMPLES_DIR WORK_DIR}. Everything Spark and Kafka need as scratch space goes to
 * WORK_DIR (the generator's {@code target/work}); only the samples, their sink outputs and the topic snapshot are
 * written to SAMPLES_DIR, each sample folder being replaced whole.
 *
 * <p>How the batches are laid out: stage 0 of the shop stream (offsets 0–3) is produced, then every sample's query
 * runs once with {@code Trigger.AvailableNow} (batch 0); then stage 1 (offset 4) and every query again (batch 1);
 * then stage 2 (offsets 5–6) and batch 2. The crash samples fail in batch 2 after their sink wrote its rows; a copy
 * of each is then restarted, which replays batch 2.
 */
public final class Generator {

    static final String TOPIC_FILE = "../topics/orders.jsonl";
    static final Map<String, String> SESSION_CONF = sessionConf();

    private static Map<String, String> sessionConf() {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("spark.sql.shuffle.partitions", "2");
        conf.put("spark.sql.session.timeZone", "UTC");
        conf.put("spark.sql.streaming.stateStore.providerClass",
                "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider");
        conf.put("spark.ui.enabled", "false");
        conf.put("spark.driver.host", "127.0.0.1");
        conf.put("spark.driver.bindAddress", "127.0.0.1");
        conf.put("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension");
        conf.put("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog");
        return conf;
    }

    /** Keeps decimals exactly as Spark wrote them ({@code 25.50} stays {@code 25.50}). */
    private final ObjectMapper json = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();
    private final ObjectMapper compact = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();

    private final Path samplesDir;
    private final Path workDir;
    private final Map<String, Sample> byName = new LinkedHashMap<>();
    private SparkSession spark;
    private String bootstrapServers;

    private Generator(Path samplesDir, Path workDir) {
        this.samplesDir = samplesDir;
        this.workDir = workDir;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: Generator SAMPLES_DIR WORK_DIR");
            System.exit(2);
        }
        long start = System.nanoTime();
        new Generator(Path.of(args[0]).toAbsolutePath().normalize(), Path.of(args[1]).toAbsolutePath().normalize())
                .generate();
        System.out.printf("samples written in %d s%n", (System.nanoTime() - start) / 1_000_000_000L);
        // Spark and Kafka leave non-daemon threads behind; everything is flushed and closed by now
        System.exit(0);
    }

    static List<Sample> samples() {
        Sample copy = Sample.of("shop-copy-crash",
                "Copy to a table, crashed before the commit (Version A: plain append)",
                "foreachBatch appends every batch to the parquet table ../shop-copy-crash-table. In batch 2 the "
                        + "function fails right after the table received orders 150 and 151, before Spark could write "
                        + "commits/2: offsets/2 exists, commits/2 does not, so Spark will replay batch 2 on restart. "
                        + "The table holds 7 rows.",
                "orders", "append", o -> o, Sample.Sink.APPEND_TABLE).crashingAfterBatch2();
        Sample merge = Sample.of("shop-merge-crash",
                "Upsert into a Delta table, crashed before the commit (Version B: MERGE)",
                "foreachBatch MERGEs every batch into the Delta table ../shop-merge-crash-table on order_id. In "
                        + "batch 2 the function fails right after the MERGE, before Spark could write commits/2: "
                        + "offsets/2 exists, commits/2 does not. The table holds 7 rows.",
                "orders", "append", o -> o, Sample.Sink.MERGE_TABLE).crashingAfterBatch2();
        return List.of(
                Sample.of("shop-big-orders", "Big orders (filter, append)",
                        "A stateless query: the orders of 10 or more, three columns, append mode. No state/ folder.",
                        "orders.filter(\"amount >= 10\").select(\"order_id\", \"customer_id\", \"amount\")", "append",
                        o -> o.filter("amount >= 10").select("order_id", "customer_id", "amount"),
                        Sample.Sink.CAPTURE),
                Sample.of("shop-totals-update", "Totals per customer (update mode)",
                        "A streaming aggregation in update mode: each batch emits only the customers whose total "
                                + "changed. The HDFS state store keeps one row per customer in state/0 (.delta files, "
                                + "version N+1 written by batch N).",
                        "orders.groupBy(\"customer_id\").sum(\"amount\").withColumnRenamed(\"sum(amount)\", \"total\")",
                        "update",
                        o -> o.groupBy("customer_id").sum("amount").withColumnRenamed("sum(amount)", "total"),
                        Sample.Sink.CAPTURE),
                Sample.of("shop-totals-complete", "Totals per customer (complete mode)",
                        "The same aggregation in complete mode: each batch emits the whole result table.",
                        "orders.groupBy(\"customer_id\").sum(\"amount\").withColumnRenamed(\"sum(amount)\", \"total\")",
                        "complete",
                        o -> o.groupBy("customer_id").sum("amount").withColumnRenamed("sum(amount)", "total"),
                        Sample.Sink.CAPTURE),
                copy,
                copy.restarted("Copy to a table, after the restart (Version A: plain append)",
                        "The crashed shop-copy-crash checkpoint and its table, copied and restarted: Spark replays "
                                + "batch 2 with exactly the offsets in offsets/2 and then writes commits/2. The plain "
                                + "append writes orders 150 and 151 a second time: the table "
                                + "../shop-copy-crash-restarted-table holds 9 rows."),
                merge,
                merge.restarted("Upsert into a Delta table, after the restart (Version B: MERGE)",
                        "The crashed shop-merge-crash checkpoint and its Delta table, copied and restarted: Spark "
                                + "replays batch 2, the MERGE finds orders 150 and 151 already there and updates them "
                                + "in place: ../shop-merge-crash-restarted-table still holds 7 rows."),
                Sample.of("shop-available-now", "Parquet sink, Trigger.AvailableNow run three times",
                        "The orders copied to a parquet file sink, started three times with Trigger.AvailableNow and "
                                + "new orders in between. The sink's own log is ../shop-available-now-output/"
                                + "_spark_metadata (one file per batch, listing the parquet files it added).",
                        "orders", "append", o -> o, Sample.Sink.PARQUET),
                Sample.of("shop-windowed", "Orders per 10-minute window (5-minute watermark, append)",
                        "Windowed count on order_ts with a 5-minute watermark in append mode: a window is emitted "
                                + "once the watermark passes its end. Batch 1 (watermark 09:13) emits 09:00-09:10, "
                                + "batch 2 (watermark 09:36) emits 09:10-09:20; after batch 2 the watermark is 10:02. "
                                + "No-data batches are off, so there are three batches like in the other samples.",
                        "orders.withWatermark(\"order_ts\", \"5 minutes\").groupBy(window(col(\"order_ts\"), "
                                + "\"10 minutes\")).count()",
                        "append",
                        o -> o.withWatermark("order_ts", "5 minutes").groupBy(window(col("order_ts"), "10 minutes"))
                                .count(),
                        Sample.Sink.CAPTURE)
                        .withSessionConf("spark.sql.streaming.noDataMicroBatches.enabled", "false"));
    }

    private void generate() throws Exception {
        List<Sample> samples = samples();
        samples.forEach(s -> byName.put(s.name, s));
        for (Sample s : samples) {
            deleteTree(samplesDir.resolve(s.name));
            deleteTree(samplesDir.resolve(s.name + "-output"));
            deleteTree(samplesDir.resolve(s.name + "-table"));
        }
        deleteTree(samplesDir.resolve("topics"));
        deleteTree(workDir);
        Files.createDirectories(workDir);

        try (EmbeddedKafka kafka = new EmbeddedKafka(workDir.resolve("kafka"))) {
            bootstrapServers = kafka.bootstrapServers();
            log("Kafka (KRaft) broker on " + bootstrapServers);
            ShopStream shop = new ShopStream(bootstrapServers);
            shop.createTopic();
            spark = startSpark();
            try {
                spark.streams().addListener(new ProgressListener());
                for (Sample s : samples) {
                    if (s.sink == Sample.Sink.MERGE_TABLE && s.restartOf == null) {
                        createEmptyDeltaTable(table(s));
                    }
                }
                for (int stage = 0; stage < ShopStream.STAGES.size(); stage++) {
                    shop.produce(stage);
                    log("produced stage " + stage + ": topic end offset " + ShopStream.endOffsetAfterStage(stage));
                    for (Sample s : samples) {
                        if (s.restartOf == null) {
                            runOnce(s, stage, List.of((long) stage), List.of(ShopStream.STAGES.get(stage).size()));
                        }
                    }
                }
                for (Sample s : samples) {
                    if (s.restartOf != null) {
                        copyTree(samplesDir.resolve(s.restartOf.name), samplesDir.resolve(s.name));
                        copyTree(table(s.restartOf), table(s));
                        s.runs.addAll(copies(s.restartOf.runs));
                        s.batches.addAll(copies(s.restartOf.batches));
                        s.progressEvents.addAll(s.restartOf.progressEvents);
                        runOnce(s, 2, List.of(2L), List.of(2));
                    }
                }
                shop.export(samplesDir.resolve("topics/orders.jsonl"), compact);
                spark.sparkContext().listenerBus().waitUntilEmpty(60_000);
                for (Sample s : samples) {
                    writeGroundTruth(s);
                }
            } finally {
                spark.stop();
            }
        }
        deleteTree(workDir.resolve("kafka"));
        log("done: " + samples.size() + " samples in " + samplesDir);
    }

    private SparkSession startSpark() {
        SparkSession.Builder builder = SparkSession.builder().master("local[2]").appName("streamscope-samples")
                .config("spark.local.dir", workDir.resolve("spark-local").toString())
                .config("spark.sql.warehouse.dir", workDir.resolve("spark-warehouse").toString());
        SESSION_CONF.forEach(builder::config);
        SparkSession session = builder.getOrCreate();
        session.sparkContext().setLogLevel("WARN");
        return session;
    }

    /** The chapter's {@code orders}: the topic's values parsed with the shop schema, the value columns only. */
    private Dataset<Row> orders() {
        return spark.readStream().format("kafka")
                .option("kafka.bootstrap.servers", bootstrapServers)
                .option("subscribe", ShopStream.TOPIC)
                .option("startingOffsets", "earliest")
                .load()
                .select(from_json(col("value").cast("string"), StructType.fromDDL(ShopStream.SCHEMA)).alias("o"))
                .select("o.*");
    }

    private Path checkpoint(Sample s) {
        return samplesDir.resolve(s.name);
    }

    private Path table(Sample s) {
        return samplesDir.resolve(s.name + "-table");
    }

    private Path output(Sample s) {
        return samplesDir.resolve(s.name + "-output");
    }

    /** Starts the sample's query once with Trigger.AvailableNow and waits for it to stop (or fail). */
    private void runOnce(Sample s, int stage, List<Long> expectedBatchIds, List<Integer> expectedRows) throws Exception {
        s.sessionConf.forEach((k, v) -> spark.conf().set(k, v));
        int thisRun = s.runs.size() + 1;
        Map<Long, List<String>> sinkRows = new LinkedHashMap<>();
        DataStreamWriter<Row> writer = s.plan.apply(orders()).writeStream()
                .queryName(s.name)
                .outputMode(s.outputMode)
                .option("checkpointLocation", checkpoint(s).toString())
                .trigger(Trigger.AvailableNow());
        boolean crash = s.crashAfterBatch2;
        String tablePath = table(s).toString();
        switch (s.sink) {
            case CAPTURE -> writer = writer.foreachBatch((VoidFunction2<Dataset<Row>, Long>) (batch, batchId) ->
                    sinkRows.put(batchId, batch.toJSON().collectAsList()));
            case PARQUET -> writer = writer.format("parquet").option("path", output(s).toString());
            case APPEND_TABLE -> writer = writer.foreachBatch((VoidFunction2<Dataset<Row>, Long>) (batch, batchId) -> {
                batch.persist();
                sinkRows.put(batchId, batch.toJSON().collectAsList());
                batch.write().mode("append").parquet(tablePath);
                batch.unpersist();
                if (crash && batchId == 2) {
                    throw new IllegalStateException("simulated crash: batch 2 was written to the table, "
                            + "and the query dies before Spark writes commits/2");
                }
            });
            case MERGE_TABLE -> writer = writer.foreachBatch((VoidFunction2<Dataset<Row>, Long>) (batch, batchId) -> {
                batch.persist();
                sinkRows.put(batchId, batch.toJSON().collectAsList());
                DeltaTable.forPath(batch.sparkSession(), tablePath).as("t")
                        .merge(batch.as("s"), "t.order_id = s.order_id")
                        .whenMatched().updateAll()
                        .whenNotMatched().insertAll()
                        .execute();
                batch.unpersist();
                if (crash && batchId == 2) {
                    throw new IllegalStateException("simulated crash: batch 2 was merged into the table, "
                            + "and the query dies before Spark writes commits/2");
                }
            });
        }
        long started = System.nanoTime();
        StreamingQuery query = writer.start();
        String error = null;
        try {
            query.awaitTermination();
        } catch (StreamingQueryException e) {
            error = e.cause() == null ? e.getMessage() : rootMessage(e.cause());
        }
        s.sessionConf.keySet().forEach(k -> spark.conf().unset(k));
        boolean expectCrash = crash && stage == 2;
        if (expectCrash != (error != null)) {
            throw new IllegalStateException(s.name + " run " + thisRun + ": " + (error == null
                    ? "expected the simulated crash" : "failed: " + error));
        }

        StreamingQueryProgress[] progress = query.recentProgress();
        List<Long> batchIds = new ArrayList<>();
        for (StreamingQueryProgress p : progress) {
            batchIds.add(p.batchId());
        }
        List<Long> expectedProgress = expectCrash ? List.of() : expectedBatchIds;
        if (!batchIds.equals(expectedProgress)) {
            throw new IllegalStateException(s.name + " run " + thisRun + ": batches " + batchIds + ", expected "
                    + expectedProgress);
        }
        ObjectNode runNode = json.createObjectNode();
        runNode.put("run", thisRun);
        runNode.put("checkpoint", s.name);
        runNode.put("trigger", "AvailableNow");
        runNode.put("topicEndOffset", ShopStream.endOffsetAfterStage(stage));
        runNode.put("queryId", query.id().toString());
        runNode.put("runId", query.runId().toString());
        if (!s.sessionConf.isEmpty()) {
            runNode.set("sessionConf", json.valueToTree(s.sessionConf));
        }
        ArrayNode ids = runNode.putArray("batchIds");
        expectedBatchIds.forEach(ids::add);
        runNode.put("outcome", error == null ? "stopped after the available data" : "failed");
        if (error != null) {
            runNode.put("error", error);
        }
        for (int i = 0; i < expectedBatchIds.size(); i++) {
            long batchId = expectedBatchIds.get(i);
            StreamingQueryProgress p = expectCrash ? null : progress[i];
            if (p != null && p.numInputRows() != expectedRows.get(i)) {
                throw new IllegalStateException(s.name + " batch " + batchId + ": " + p.numInputRows()
                        + " input rows, expected " + expectedRows.get(i));
            }
            List<String> rows = s.sink == Sample.Sink.PARQUET ? fileSinkRows(s, batchId) : sinkRows.get(batchId);
            if (rows == null) {
                throw new IllegalStateException(s.name + " batch " + batchId + ": the sink received nothing");
            }
            ObjectNode batchNode = json.createObjectNode();
            batchNode.put("batchId", batchId);
            batchNode.put("run", thisRun);
            batchNode.put("committed", !expectCrash);
            batchNode.set("lastProgress", p == null ? null : compact.readTree(p.json()));
            batchNode.set("sinkRows", rowsNode(rows));
            s.batches.add(batchNode);
        }
        if (s.hasTable()) {
            Dataset<Row> table = s.sink == Sample.Sink.MERGE_TABLE
                    ? spark.read().format("delta").load(tablePath) : spark.read().parquet(tablePath);
            runNode.set("tableRowsAfterRun", rowsNode(table.toJSON().collectAsList()));
        }
        s.runs.add(runNode);
        log(String.format("%s run %d: batches %s%s (%d s)", s.name, thisRun, expectedBatchIds,
                error == null ? "" : ", crashed as planned", (System.nanoTime() - started) / 1_000_000_000L));
    }

    /** The rows of the parquet files that the file sink's log lists for this batch. */
    private List<String> fileSinkRows(Sample s, long batchId) throws IOException {
        Path log = output(s).resolve("_spark_metadata").resolve(Long.toString(batchId));
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        List<String> files = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            JsonNode entry = compact.readTree(line);
            if ("add".equals(entry.path("action").asText())) {
                files.add(entry.get("path").asText());
            }
        }
        if (files.isEmpty()) {
            return List.of();
        }
        return spark.read().parquet(files.toArray(String[]::new)).toJSON().collectAsList();
    }

    /** Rows as JSON objects, sorted by their JSON text so that every run lists them in the same order. */
    private ArrayNode rowsNode(List<String> rows) throws JsonProcessingException {
        ArrayNode array = json.createArrayNode();
        for (String row : rows.stream().sorted().toList()) {
            array.add(compact.readTree(row));
        }
        return array;
    }

    private void createEmptyDeltaTable(Path path) {
        spark.createDataFrame(List.of(), StructType.fromDDL(ShopStream.SCHEMA))
                .write().format("delta").save(path.toString());
    }

    private void writeGroundTruth(Sample s) throws IOException {
        Path dir = checkpoint(s);
        ObjectNode sidecar = json.createObjectNode();
        sidecar.put("title", s.title);
        sidecar.put("description", s.description);
        sidecar.put("query", s.query);
        sidecar.put("schema", ShopStream.SCHEMA);
        sidecar.put("outputMode", s.outputMode);
        sidecar.putObject("topic").put("file", TOPIC_FILE);
        switch (s.sink) {
            case PARQUET -> sidecar.putObject("sink").put("kind", "file").put("format", "parquet")
                    .put("path", "../" + s.name + "-output");
            case APPEND_TABLE -> sidecar.putObject("sink").put("kind", "foreachBatch").put("write", "append")
                    .put("tableFormat", "parquet").put("table", "../" + s.name + "-table");
            case MERGE_TABLE -> sidecar.putObject("sink").put("kind", "foreachBatch").put("write", "merge")
                    .put("mergeKey", "order_id").put("tableFormat", "delta").put("table", "../" + s.name + "-table");
            case CAPTURE -> { }
        }
        write(dir.resolve("streamscope.json"), json.writeValueAsString(sidecar) + "\n");

        ObjectNode truth = json.createObjectNode();
        truth.put("sample", s.name);
        truth.put("generator", "sample-checkpoints/generator (see the README's \"Sample checkpoints\")");
        truth.put("sparkVersion", spark.version());
        truth.put("kafkaBrokerVersion", org.apache.kafka.common.utils.AppInfoParser.getVersion());
        truth.put("master", "local[2]");
        truth.set("sessionConf", json.valueToTree(SESSION_CONF));
        truth.put("query", s.query);
        truth.put("outputMode", s.outputMode);
        truth.put("sinkRowsCapture", switch (s.sink) {
            case CAPTURE -> "foreachBatch: each batch's DataFrame collected with toJSON (the only action on it)";
            case PARQUET -> "the parquet files the file sink's log (_spark_metadata/N) lists for batch N, read back";
            case APPEND_TABLE, MERGE_TABLE -> "foreachBatch: the batch DataFrame (persisted) collected with toJSON, "
                    + "then written to the table";
        });
        truth.put("sinkRowsOrder", "sorted by their JSON text");
        truth.set("runs", json.valueToTree(s.runs));
        truth.set("batches", json.valueToTree(s.batches));
        write(dir.resolve("spark-run.json"), json.writeValueAsString(truth) + "\n");

        StringBuilder lines = new StringBuilder();
        for (String event : s.progressEvents) {
            lines.append(compact.writeValueAsString(compact.readTree(event))).append('\n');
        }
        write(dir.resolve("progress.jsonl"), lines.toString());
    }

    /** Logs every progress event of every query, by query name (= sample name). */
    private final class ProgressListener extends StreamingQueryListener {
        @Override
        public void onQueryStarted(QueryStartedEvent event) {
        }

        @Override
        public void onQueryProgress(QueryProgressEvent event) {
            Sample s = byName.get(event.progress().name());
            if (s != null) {
                synchronized (s.progressEvents) {
                    s.progressEvents.add(event.progress().json());
                }
            }
        }

        @Override
        public void onQueryTerminated(QueryTerminatedEvent event) {
        }
    }

    private List<ObjectNode> copies(List<ObjectNode> nodes) {
        return nodes.stream().map(ObjectNode::deepCopy).toList();
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getName() + ": " + root.getMessage();
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private static void log(String message) {
        System.out.println("[samples] " + message);
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            walk.forEach(p -> {
                try {
                    Path target = to.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
