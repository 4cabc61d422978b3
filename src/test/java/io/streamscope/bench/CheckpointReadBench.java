package io.streamscope.bench;

import io.streamscope.TempTree;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Benchmark of opening a big checkpoint: 10,000 batches of a 16-partition Kafka source (offsets and commits in the
 * shape Spark 3.5 writes), and one aggregation whose state has 200 partitions with 100 delta versions each.
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.CheckpointReadBench}
 */
public final class CheckpointReadBench {

    static final int BATCHES = 10_000;
    private static final int KAFKA_PARTITIONS = 16;
    private static final int STATE_PARTITIONS = 200;
    private static final int STATE_VERSIONS = 100;
    private static final String CONF = "{\"spark.sql.streaming.stateStore.providerClass\":\"org.apache.spark.sql.execution"
            + ".streaming.state.HDFSBackedStateStoreProvider\",\"spark.sql.shuffle.partitions\":\"200\","
            + "\"spark.sql.streaming.aggregation.stateFormatVersion\":\"2\",\"spark.sql.streaming.multipleWatermarkPolicy\":\"min\"}";

    private CheckpointReadBench() {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Files.createTempDirectory("streamscope-bench");
        try {
            long written = System.nanoTime();
            write(folder);
            System.out.printf("wrote %,d batches and %,d state files in %.1f s%n", BATCHES,
                    STATE_PARTITIONS * STATE_VERSIONS, (System.nanoTime() - written) / 1e9);
            for (int run = 1; run <= 5; run++) {
                System.gc();
                long heapBefore = usedHeap();
                long start = System.nanoTime();
                Checkpoint checkpoint = CheckpointReader.read(folder);
                long millis = (System.nanoTime() - start) / 1_000_000;
                long heapAfter = usedHeap();
                System.out.printf("run %d: %,d batches, %d problems, %d versions in %d ms (heap +%,d MB)%n", run,
                        checkpoint.batches().size(), checkpoint.problems().size(),
                        checkpoint.stateOperators().get(0).stores().get(0).versions().size(), millis,
                        (heapAfter - heapBefore) / (1024 * 1024));
            }
        } finally {
            TempTree.delete(folder);
        }
    }

    private static long usedHeap() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    static void write(Path folder) throws IOException {
        Files.writeString(folder.resolve("metadata"), "{\"id\":\"6f0a4f3e-1b5c-4d0e-9a57-0c9e0a6f1c11\"}");
        Path offsets = Files.createDirectories(folder.resolve("offsets"));
        Path commits = Files.createDirectories(folder.resolve("commits"));
        for (int batch = 0; batch < BATCHES; batch++) {
            StringBuilder kafka = new StringBuilder("{\"orders\":{");
            for (int p = KAFKA_PARTITIONS - 1; p >= 0; p--) {
                kafka.append('"').append(p).append("\":").append((batch + 1L) * 1000 + p).append(p == 0 ? "" : ",");
            }
            kafka.append("}}");
            String text = "v1\n{\"batchWatermarkMs\":" + batch * 1000L + ",\"batchTimestampMs\":" + (1769072400000L + batch * 1000L)
                    + ",\"conf\":" + CONF + "}\n" + kafka;
            Files.writeString(offsets.resolve(Integer.toString(batch)), text, StandardCharsets.UTF_8);
            Files.writeString(commits.resolve(Integer.toString(batch)), "v1\n{\"nextBatchWatermarkMs\":" + batch * 1000L + "}");
        }
        for (int partition = 0; partition < STATE_PARTITIONS; partition++) {
            Path dir = Files.createDirectories(folder.resolve("state/0/" + partition));
            for (int version = BATCHES - STATE_VERSIONS + 1; version <= BATCHES; version++) {
                Files.write(dir.resolve(version + ".delta"), new byte[46]);
            }
        }
    }
}
