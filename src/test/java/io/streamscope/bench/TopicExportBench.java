package io.streamscope.bench;

import io.streamscope.TempTree;
import io.streamscope.topic.EmbeddedKafka;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * 1M Kafka records (4 partitions, shop-like JSON values) on the in-process broker, read by whole processes in one
 * loop: Kafka's own {@code kafka-console-consumer} ({@code org.apache.kafka.tools.consumer.ConsoleConsumer}, the
 * anchor), {@code topic export} (target ≥ 1.5× the console consumer), and the replay's input table over the same
 * records ({@code replay} of a checkpoint whose 10 batches read them all, no job: the input rows decoded with the
 * schema; target ≥ 1.0×). All print to a file; the app image too when built.
 * Run after {@code mvn -B -o -q package -DskipTests}:
 * {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.TopicExportBench}
 */
public final class TopicExportBench {

    private static final int RECORDS = 1_000_000;
    private static final int PARTITIONS = 4;
    private static final int BATCHES = 10;
    private static final int RUNS = 5;
    private static final String SCHEMA = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP";

    private TopicExportBench() {
    }

    public static void main(String[] args) throws Exception {
        if (!Files.isRegularFile(Path.of("target/streamscope.jar"))) {
            System.out.println("TopicExportBench: build the jar first: mvn -B -o -q package -DskipTests");
            return;
        }
        Path checkpoint = Files.createTempDirectory("streamscope-topic-bench");
        File out = Files.createTempFile("streamscope-topic-bench", ".out").toFile();
        try (EmbeddedKafka kafka = EmbeddedKafka.startTemporary(null)) {
            String servers = kafka.bootstrapServers();
            produce(servers);
            writeCheckpoint(checkpoint);
            List<String> console = List.of("java", "-cp", testClasspath(), "org.apache.kafka.tools.consumer.ConsoleConsumer",
                    "--bootstrap-server", servers, "--topic", "orders", "--from-beginning",
                    "--max-messages", Integer.toString(RECORDS), "--timeout-ms", "30000");
            boolean image = Files.isExecutable(WholeProcess.IMAGE);
            Map<String, List<WholeProcess.Run>> runs = new java.util.LinkedHashMap<>();
            for (int run = 0; run < RUNS; run++) {
                measure(runs, "kafka-console-consumer (anchor)", console, out);
                measure(runs, "topic export, java -jar", WholeProcess.jar(List.of(), "topic", "export",
                        "--bootstrap-servers", servers, "--topic", "orders"), out);
                measure(runs, "input table (replay), java -jar", WholeProcess.jar(List.of(), "replay", checkpoint.toString(),
                        "--bootstrap-servers", servers, "--schema", SCHEMA), out);
                if (image) {
                    measure(runs, "topic export, app image", WholeProcess.image("topic", "export",
                            "--bootstrap-servers", servers, "--topic", "orders"), out);
                    measure(runs, "input table (replay), app image", WholeProcess.image("replay", checkpoint.toString(),
                            "--bootstrap-servers", servers, "--schema", SCHEMA), out);
                }
            }
            long anchor = WholeProcess.median(millis(runs.values().iterator().next()));
            System.out.printf("%,d records, %d partitions, JSON values, in-process broker; whole processes, medians of %d"
                    + " (min–max)%n", RECORDS, PARTITIONS, RUNS);
            runs.forEach((what, list) -> System.out.printf("  %-34s %s (CPU %s) = %.2f× the console consumer's speed%n",
                    what, WholeProcess.seconds(millis(list)), WholeProcess.seconds(list.stream().map(WholeProcess.Run::cpuMillis)
                            .toList()), anchor / (double) WholeProcess.median(millis(list))));
            System.out.println("  target: topic export ≥ 1.5×, the input table ≥ 1.0×");
        } finally {
            Files.deleteIfExists(out.toPath());
            TempTree.delete(checkpoint);
        }
    }

    private static void measure(Map<String, List<WholeProcess.Run>> runs, String what, List<String> command, File out)
            throws Exception {
        runs.computeIfAbsent(what, k -> new ArrayList<>()).add(WholeProcess.run(command, out));
    }

    private static List<Long> millis(List<WholeProcess.Run> runs) {
        return runs.stream().map(WholeProcess.Run::millis).toList();
    }

    /** The class path this bench runs with (exec:java's class loader, or the JVM's own), for the console consumer. */
    private static String testClasspath() {
        if (TopicExportBench.class.getClassLoader() instanceof URLClassLoader loader && loader.getURLs().length > 1) {
            return Stream.of(loader.getURLs()).map(URL::getPath).collect(Collectors.joining(File.pathSeparator));
        }
        return System.getProperty("java.class.path");
    }

    private static void produce(String servers) throws Exception {
        long start = System.nanoTime();
        ShopOrders.produce(servers, RECORDS, PARTITIONS);
        System.out.printf("produced %,d records in %.1f s%n", RECORDS, (System.nanoTime() - start) / 1e9);
    }

    /** A checkpoint whose batches read the whole topic: batch b ends at (b + 1) / BATCHES of every partition. */
    private static void writeCheckpoint(Path folder) throws Exception {
        Files.writeString(folder.resolve("metadata"), "{\"id\":\"5b9f0d1e-2a3c-4e5f-8a7b-9c0d1e2f3a4b\"}");
        Path offsets = Files.createDirectories(folder.resolve("offsets"));
        Path commits = Files.createDirectories(folder.resolve("commits"));
        Files.createDirectories(folder.resolve("sources/0"));
        Files.write(folder.resolve("sources/0/0"), ("\0v1\n" + kafkaOffsets(0)).getBytes(StandardCharsets.UTF_8));
        for (int batch = 0; batch < BATCHES; batch++) {
            long end = (long) RECORDS / PARTITIONS * (batch + 1) / BATCHES;
            Files.writeString(offsets.resolve(Integer.toString(batch)), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":"
                    + (1769072460000L + batch) + ",\"conf\":{\"spark.sql.shuffle.partitions\":\"2\"}}\n" + kafkaOffsets(end));
            Files.writeString(commits.resolve(Integer.toString(batch)), "v1\n{\"nextBatchWatermarkMs\":0}");
        }
    }

    private static String kafkaOffsets(long offset) {
        StringBuilder json = new StringBuilder("{\"orders\":{");
        for (int p = 0; p < PARTITIONS; p++) {
            json.append(p == 0 ? "" : ",").append('"').append(p).append("\":").append(offset);
        }
        return json.append("}}").toString();
    }
}
