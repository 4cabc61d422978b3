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
import org.apache.spark.sql.execution.streaming.state.StateStore;
import org.apache.spark.sql.streaming.DataStreamWriter;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.apache.spark.sql.streaming.Trigger;
import org.apache.spark.sql.types.StructType;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.from_json;
import static org.apache.spark.sql.functions.window;

/**
 * Writes every sample checkpoint of {@code sample-checkpoints/} with real Spark reading a real Kafka broker.
 *
 * <p>Usage: {@code Generator SAMPLES_DIR WORK_DIR [--only=NAME,NAME...]}. Everything Spark and Kafka need as scratch
 * space goes to WORK_DIR (the generator's {@code target/work}); only the samples, their sink outputs and the topic
 * snapshots are written to SAMPLES_DIR, each sample folder being replaced whole. With {@code --only} just the named
 * samples (and their crash/restart partners) are replaced; the other folders and the topic snapshots are left alone
 * (the run checks that every topic it produced is still its snapshot, byte for byte).
 *
 * <p>How the batches are laid out: stage 0 of the shop stream (offsets 0–3 of {@code orders}, and stage 0 of
 * {@code payments} and {@code refunds}) is produced, then every sample's query runs once with
 * {@code Trigger.AvailableNow} (batch 0); then stage 1 (offset 4) and every query again (batch 1); then stage 2
 * (offsets 5–6) and batch 2. The crash samples fail in batch 2 after their sink wrote its rows; a copy of each is then
 * restarted, which replays batch 2.
 *
 * <p>Every sample folder also gets its {@code job.py}, the PySpark job a user would have written for it, copied from
 * this project's resources ({@code jobs/<sample>.py}).
 */
public final class Generator {

    static final String TOPIC_FILE = ShopStream.ORDERS.fileFromSample();
    static final String JOB_FILE = "job.py";
    static final String JOB_RESOURCES = "/jobs/";
    static final String ONLY = "--only=";
    static final String PROVIDER_CLASS = "spark.sql.streaming.stateStore.providerClass";
    static final String MAINTENANCE_INTERVAL = "spark.sql.streaming.stateStore.maintenanceInterval";
    static final Duration SNAPSHOT_WAIT = Duration.ofSeconds(30);
    static final Map<String, String> SESSION_CONF = sessionConf();

    private static Map<String, String> sessionConf() {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("spark.sql.shuffle.partitions", "2");
        conf.put("spark.sql.session.timeZone", "UTC");
        conf.put(PROVIDER_CLASS, "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider");
        conf.put("spark.ui.enabled", "false");
        conf.put("spark.driver.host", "127.0.0.1");
        conf.put("spark.driver.bindAddress", "127.0.0.1");
        conf.put("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension");
        conf.put("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog");
        return conf;
    }

    /** Keeps decimals exactly as Spark wrote them ({@code 25.50} stays {@code 25.50}). */
    private static final ObjectMapper json = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();
    private static final ObjectMapper compact = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();

    private final Path samplesDir;
    private final Path workDir;
    private final Map<String, Sample> byName = new LinkedHashMap<>();
    private SparkSession spark;
    private String bootstrapServers;
    /** The interval the state store maintenance task was restarted with; null: whatever the first store chose. */
    private String maintenanceInterval;

    private Generator(Path samplesDir, Path workDir) {
        this.samplesDir = samplesDir;
        this.workDir = workDir;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || args.length > 3 || (args.length == 3 && !args[2].startsWith(ONLY))) {
            System.err.println("usage: Generator SAMPLES_DIR WORK_DIR [" + ONLY + "NAME,NAME...]");
            System.exit(2);
        }
        Set<String> only = args.length == 3 ? names(args[2].substring(ONLY.length())) : Set.of();
        long start = System.nanoTime();
        new Generator(Path.of(args[0]).toAbsolutePath().normalize(), Path.of(args[1]).toAbsolutePath().normalize())
                .generate(select(samples(), only), only.isEmpty());
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
        Sample totalsUpdate = Sample.of("shop-totals-update", "Totals per customer (update mode)",
                "A streaming aggregation in update mode: each batch emits only the customers whose total "
                        + "changed. The HDFS state store keeps one row per customer in state/0 (.delta files, "
                        + "version N+1 written by batch N).",
                "orders.groupBy(\"customer_id\").sum(\"amount\").withColumnRenamed(\"sum(amount)\", \"total\")",
                "update",
                o -> o.groupBy("customer_id").sum("amount").withColumnRenamed("sum(amount)", "total"),
                Sample.Sink.CAPTURE);
        Sample windowed = Sample.of("shop-windowed", "Orders per 10-minute window (5-minute watermark, append)",
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
                .withSessionConf("spark.sql.streaming.noDataMicroBatches.enabled", "false");
        List<Sample> shop = List.of(
                Sample.of("shop-big-orders", "Big orders (filter, append)",
                        "A stateless query: the orders of 10 or more, three columns, append mode. No state/ folder.",
                        "orders.filter(\"amount >= 10\").select(\"order_id\", \"customer_id\", \"amount\")", "append",
                        o -> o.filter("amount >= 10").select("order_id", "customer_id", "amount"),
                        Sample.Sink.CAPTURE),
                totalsUpdate,
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
                windowed);
        return Stream.of(shop, StateSamples.codecs(totalsUpdate), StateSamples.transformWithState(),
                        StateSamples.rocksDb(totalsUpdate, windowed),
                        TopicSamples.all(), SessionSamples.all())
                .flatMap(List::stream).toList();
    }

    /** Sample names from the command line ({@code a,b} or {@code a b}). */
    private static Set<String> names(String list) {
        Set<String> names = new LinkedHashSet<>();
        for (String name : list.split("[,\\s]+")) {
            if (!name.isBlank()) {
                names.add(name);
            }
        }
        return names;
    }

    /**
     * The samples to write: all, or the named ones plus their crash/restart partners (a restarted copy is made from
     * the crashed checkpoint of the same run, so the two are always written together).
     */
    static List<Sample> select(List<Sample> all, Set<String> names) {
        if (names.isEmpty()) {
            return all;
        }
        List<String> known = all.stream().map(s -> s.name).toList();
        List<String> unknown = names.stream().filter(n -> !known.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown sample(s) " + unknown + "; the samples are " + known);
        }
        Set<String> wanted = new HashSet<>(names);
        for (Sample s : all) {
            if (s.restartOf != null && (wanted.contains(s.name) || wanted.contains(s.restartOf.name))) {
                wanted.add(s.name);
                wanted.add(s.restartOf.name);
            }
        }
        return all.stream().filter(s -> wanted.contains(s.name)).toList();
    }

    private void generate(List<Sample> samples, boolean all) throws Exception {
        log("samples: " + samples.stream().map(s -> s.name).toList());
        samples.forEach(s -> byName.put(s.name, s));
        for (Sample s : samples) {
            job(s); // before anything is deleted: every sample has its job.py
        }
        for (Sample s : samples) {
            deleteTree(samplesDir.resolve(s.name));
            deleteTree(samplesDir.resolve(s.name + "-output"));
            deleteTree(samplesDir.resolve(s.name + "-table"));
        }
        if (all) {
            deleteTree(samplesDir.resolve("topics"));
        }
        deleteTree(workDir);
        Files.createDirectories(workDir);

        try (EmbeddedKafka kafka = new EmbeddedKafka(workDir.resolve("kafka"))) {
            bootstrapServers = kafka.bootstrapServers();
            log("Kafka (KRaft) broker on " + bootstrapServers);
            ShopStream shop = new ShopStream(bootstrapServers);
            shop.createTopics();
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
                    log("produced stage " + stage + ": topic end offsets " + ShopStream.endOffsetsAfterStage(stage));
                    for (Sample s : samples) {
                        if (s.restartOf == null) {
                            runOnce(s, stage, List.of((long) stage), List.of(inputRows(s, stage)));
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
                exportTopics(shop, all);
                spark.sparkContext().listenerBus().waitUntilEmpty(60_000);
                for (Sample s : samples) {
                    writeGroundTruth(s);
                    writeStateGroundTruth(s);
                }
            } finally {
                spark.stop();
            }
        }
        deleteTree(workDir.resolve("kafka"));
        log("done: " + samples.size() + " samples in " + samplesDir);
    }

    /**
     * Writes the topic snapshots. A run of named samples leaves a shipped snapshot alone: it only checks that the
     * topic it produced is the same, byte for byte, so that every sample still matches the snapshot.
     */
    private void exportTopics(ShopStream shop, boolean all) throws IOException {
        for (ShopStream.Topic topic : ShopStream.TOPICS) {
            Path shipped = samplesDir.resolve(topic.snapshot());
            if (all || !Files.exists(shipped)) {
                shop.export(topic, shipped, compact);
                continue;
            }
            Path fresh = workDir.resolve(topic.name() + ".jsonl");
            shop.export(topic, fresh, compact);
            if (Files.mismatch(fresh, shipped) != -1) {
                throw new IllegalStateException("the topic of this run (" + fresh + ") differs from " + shipped
                        + ": regenerate all the samples");
            }
        }
    }

    /** How many records the sample's batch of this stage reads: the stage's records of each of its topics. */
    private static int inputRows(Sample s, int stage) {
        return s.topics.stream().mapToInt(t -> ShopStream.topic(t).stages().get(stage).size()).sum();
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

    /**
     * A shop topic as the chapter reads it (for {@code orders}: the chapter's {@code orders}): the topic's values
     * parsed with the topic's schema, the value columns only.
     */
    private Dataset<Row> stream(ShopStream.Topic topic) {
        return spark.readStream().format("kafka")
                .option("kafka.bootstrap.servers", bootstrapServers)
                .option("subscribe", topic.name())
                .option("startingOffsets", "earliest")
                .load()
                .select(from_json(col("value").cast("string"), StructType.fromDDL(topic.schema())).alias("o"))
                .select("o.*");
    }

    /** The sample's topics as streaming DataFrames, by topic name. */
    private Map<String, Dataset<Row>> streams(Sample s) {
        Map<String, Dataset<Row>> streams = new LinkedHashMap<>();
        s.topics.forEach(t -> streams.put(t, stream(ShopStream.topic(t))));
        return streams;
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
        restartMaintenanceFor(s);
        int thisRun = s.runs.size() + 1;
        Map<Long, List<String>> sinkRows = new LinkedHashMap<>();
        DataStreamWriter<Row> writer = s.plan.apply(streams(s)).writeStream()
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
        awaitSnapshots(s, expectedBatchIds.get(expectedBatchIds.size() - 1) + 1);

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
        if (s.multiTopic()) {
            ObjectNode ends = runNode.putObject("topicEndOffsets");
            s.topics.forEach(t -> ends.put(t, ShopStream.topic(t).endOffsetAfterStage(stage)));
        } else {
            runNode.put("topicEndOffset", ShopStream.endOffsetAfterStage(stage));
        }
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

    /**
     * The state store maintenance task is one per JVM and keeps the interval of the query whose store started it. The
     * first sample that sets another interval stops it, so that the sample's first store starts it again with that
     * interval; it then stays (once only: stopping the task while RocksDB stores are loaded can hang for minutes).
     */
    private void restartMaintenanceFor(Sample s) {
        String interval = s.sessionConf.get(MAINTENANCE_INTERVAL);
        if (interval != null && !interval.equals(maintenanceInterval)) {
            StateStore.stopMaintenanceTask();
            maintenanceInterval = interval;
        }
    }

    /**
     * With changelog checkpointing, RocksDB writes {@code <version>.zip} from the maintenance task, after the batch:
     * waits (up to {@link #SNAPSHOT_WAIT}) for every partition's snapshot of this version, so that the next sample's
     * run cannot unload the store first. Without changelogs every commit uploads its zip; with them and fewer versions
     * than minDeltasForSnapshot no snapshot is due, and there is nothing to wait for.
     */
    private void awaitSnapshots(Sample s, long version) throws IOException, InterruptedException {
        if (!s.sessionConf.getOrDefault(PROVIDER_CLASS, "").endsWith(".RocksDBStateStoreProvider")) {
            return;
        }
        // with changelogs, a snapshot is due only every minDeltasForSnapshot versions (Spark's default 10)
        boolean changelog = Boolean.parseBoolean(s.sessionConf.getOrDefault(StateSamples.CHANGELOG, "false"));
        long minDeltas = Long.parseLong(s.sessionConf.getOrDefault(StateSamples.MIN_DELTAS_FOR_SNAPSHOT, "10"));
        if (changelog && version < minDeltas) {
            return;
        }
        Path operator = checkpoint(s).resolve("state/0");
        List<Path> partitions;
        try (Stream<Path> children = Files.list(operator)) {
            partitions = children.filter(p -> p.getFileName().toString().matches("\\d+")).toList();
        }
        long deadline = System.nanoTime() + SNAPSHOT_WAIT.toNanos();
        while (!partitions.stream().allMatch(p -> Files.exists(p.resolve(version + ".zip")))) {
            if (System.nanoTime() > deadline) {
                log("warning: " + s.name + ": no " + version + ".zip in every partition after " + SNAPSHOT_WAIT);
                return;
            }
            Thread.sleep(200);
        }
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
    static ArrayNode rowsNode(List<String> rows) throws JsonProcessingException {
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

    /** {@code state-ground-truth.json} for the samples that name State Data Source reads. */
    private void writeStateGroundTruth(Sample s) throws IOException {
        if (s.stateReads.isEmpty()) {
            return;
        }
        List<Long> committed = s.batches.stream().filter(b -> b.path("committed").asBoolean())
                .map(b -> b.path("batchId").asLong()).distinct().sorted().toList();
        ObjectNode truth = new StateGroundTruth(spark, json).of(s, checkpoint(s), committed);
        write(checkpoint(s).resolve(StateGroundTruth.FILE), json.writeValueAsString(truth) + "\n");
        log(s.name + ": " + StateGroundTruth.FILE + " for batches " + committed);
    }

    private void writeGroundTruth(Sample s) throws IOException {
        Path dir = checkpoint(s);
        ObjectNode sidecar = json.createObjectNode();
        sidecar.put("title", s.title);
        sidecar.put("description", s.description);
        // the query, the schemas and the output mode are the job's (job.py): the sidecar says only what code
        // cannot, the title, the description and where the topics' snapshots are
        ObjectNode topicFiles = sidecar.putObject("topics");
        s.topics.forEach(t -> topicFiles.put(t, ShopStream.topic(t).fileFromSample()));
        if (s.processor != null) {
            sidecar.put("processor", s.processor);
        }
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
        if (s.processor != null) {
            truth.put("processor", s.processor);
        }
        truth.put("outputMode", s.outputMode);
        if (s.queryInJob) {
            ObjectNode topics = truth.putObject("topics");
            for (String t : s.topics) {
                ShopStream.Topic topic = ShopStream.topic(t);
                topics.putObject(t).put("file", topic.fileFromSample()).put("schema", topic.schema());
            }
        }
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
        write(dir.resolve(JOB_FILE), job(s));
    }

    /** The sample's job.py: the resource {@code jobs/<sample>.py}, which every sample must have. */
    static String job(Sample s) throws IOException {
        try (InputStream in = Generator.class.getResourceAsStream(JOB_RESOURCES + s.name + ".py")) {
            if (in == null) {
                throw new IllegalStateException(s.name + " has no job: add src/main/resources" + JOB_RESOURCES
                        + s.name + ".py to the generator");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
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

    static String rootMessage(Throwable t) {
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
