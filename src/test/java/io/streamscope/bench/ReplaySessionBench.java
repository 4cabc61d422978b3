package io.streamscope.bench;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.replay.ReplayRequest;
import io.streamscope.replay.ReplayResult;
import io.streamscope.replay.ReplaySession;
import io.streamscope.replay.Sidecar;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.OffsetRange;
import io.streamscope.topic.ReadOptions;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.TopicRecord;
import io.streamscope.topic.TopicSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The replay session over 1,000 batches of 100,000 shop-like records (two Kafka partitions, a JSONL snapshot): the
 * totals job (from_json, groupBy, sum, update mode) and a pass-through, against the floor of reading the same
 * records and decoding their values with from_json alone (no replay). Prints records per second for each.
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.ReplaySessionBench}
 */
public final class ReplaySessionBench {

    private static final int BATCHES = 1_000;
    private static final int PARTITIONS = 2;
    private static final int ROWS = 50;
    private static final String JOB = """
            schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"
            orders = (spark.readStream.format("kafka").option("subscribe", "orders").load()
                      .select(from_json(col("value").cast("string"), schema).alias("o")).select("o.*"))
            orders.groupBy("customer_id").sum("amount").writeStream.outputMode("update").start()
            """;

    private ReplaySessionBench() {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Files.createTempDirectory("replay-bench");
        SyntheticReplay.write(folder.resolve("cp"), BATCHES, PARTITIONS, ROWS, false);
        Path topicFile = folder.resolve("cp/orders.jsonl");
        Checkpoint checkpoint = CheckpointReader.read(folder.resolve("cp"));
        long records = (long) BATCHES * PARTITIONS * ROWS;
        for (int run = 1; run <= 5; run++) {
            long floor = floor(topicFile, records);
            long totals = session(checkpoint, topicFile, Optional.of(JOB));
            long passThrough = session(checkpoint, topicFile, Optional.empty());
            System.out.printf("run %d: %,d records · decode floor %,d ms (%,.0f rec/s) · totals job %,d ms (%,.0f rec/s)"
                            + " · input only %,d ms (%,.0f rec/s)%n", run, records, floor, records * 1000.0 / floor,
                    totals, records * 1000.0 / totals, passThrough, records * 1000.0 / passThrough);
        }
    }

    /** Reading the records and decoding each value, nothing else: what any replay must at least do. */
    private static long floor(Path topicFile, long records) throws Exception {
        long start = System.nanoTime();
        RowDecoder decoder = RowDecoder.of(SyntheticReplay.SCHEMA);
        List<TopicRecord> all = new ArrayList<>();
        try (TopicSource topics = JsonlTopicSource.open(Map.of("orders", topicFile))) {
            List<OffsetRange> ranges = new ArrayList<>();
            for (int partition = 0; partition < PARTITIONS; partition++) {
                ranges.add(new OffsetRange(new io.streamscope.checkpoint.KafkaPartition("orders", partition), 0,
                        records / PARTITIONS));
            }
            topics.read(ranges, ReadOptions.fullValues(), all::add);
        }
        long decoded = 0;
        for (TopicRecord record : all) {
            decoded += decoder.decode(record.value()).row().values().size();
        }
        if (decoded == 0) {
            throw new IllegalStateException("nothing decoded");
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static long session(Checkpoint checkpoint, Path topicFile, Optional<String> job) throws Exception {
        long start = System.nanoTime();
        try (TopicSource topics = JsonlTopicSource.open(Map.of("orders", topicFile))) {
            ReplayResult result = ReplaySession.run(new ReplayRequest(checkpoint, job, Optional.empty(),
                    Map.of(ReplayRequest.ANY_TOPIC, SyntheticReplay.SCHEMA), Optional.empty(),
                    Optional.<Sidecar>empty()), topics);
            if (result.replay().isEmpty() || result.replay().get().steps().size() != BATCHES) {
                throw new IllegalStateException("the replay did not run: " + result.reason().orElse(""));
            }
        }
        return (System.nanoTime() - start) / 1_000_000;
    }
}
