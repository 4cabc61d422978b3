package io.streamscope.cli;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.topic.BatchReader;
import io.streamscope.topic.BatchRecords;
import io.streamscope.topic.EmbeddedKafka;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.ReadOptions;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.ShopStream;
import io.streamscope.topic.TestBroker;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code topic export}: design.md's snapshot lines on stdout, warnings on stderr, exit 2 with one line on failure. */
@ExtendWith(TestBroker.class)
class TopicExportCommandTest {

    /**
     * @param failure the one-line reason of a failed run (Cli prints it after "streamscope topic: " and exits 2), or null
     */
    private record Result(String out, String err, String failure) {
    }

    /** Runs the command with its warnings captured (through {@link Cli} they go to the process's stderr). */
    private static Result run(String... args) throws UsageException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        TopicExportCommand command = new TopicExportCommand(new PrintStream(err, true, StandardCharsets.UTF_8));
        String failure = null;
        try {
            assertEquals(Cli.OK, command.run(args, new PrintStream(out, true, StandardCharsets.UTF_8)));
        } catch (CommandFailedException e) {
            failure = e.getMessage();
        }
        return new Result(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), failure);
    }

    private static String shopSnapshot(int count) {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < count; i++) {
            lines.append(ShopStream.snapshotLine(i)).append('\n');
        }
        return lines.toString();
    }

    @Test
    void exportsTheShopTopicExactlyInTheSnapshotFormat() throws Exception {
        String topic = TestBroker.createTopic("orders", 1, Map.of());
        TestBroker.produce(ShopStream.records(topic));
        Result result = run("export", "--bootstrap-servers", TestBroker.bootstrapServers(), "--topic", topic);
        assertEquals(null, result.failure(), result.err());
        assertTrue(result.out().startsWith("{\"partition\":0,\"offset\":0,\"timestamp\":1769072460000,\"key\":\"110\","
                + "\"value\":\"{\\\"order_id\\\":110,\\\"customer_id\\\":1,\\\"amount\\\":25.50,"
                + "\\\"order_ts\\\":\\\"2026-01-22T09:01:00Z\\\"}\"}\n"), result.out());
        assertEquals(shopSnapshot(7), result.out());
        assertEquals("streamscope topic: exported 7 records of topic " + topic + " (1 partition) from Kafka at "
                + TestBroker.bootstrapServers() + "\n", result.err());
    }

    @Test
    void theExportIsByteForByteTheBundledSnapshotThatRealSparkRead() throws Exception {
        String topic = TestBroker.createTopic("orders", 1, Map.of());
        TestBroker.produce(ShopStream.records(topic));
        Result result = run("export", "--bootstrap-servers", TestBroker.bootstrapServers(), "--topic", topic);
        assertEquals(Files.readString(Path.of("sample-checkpoints/topics/orders.jsonl")), result.out());
    }

    @Test
    void theExportReadsBackOfflineWithBatch2AsOrders150And151(@TempDir Path dir) throws Exception {
        String topic = TestBroker.createTopic("orders", 1, Map.of());
        TestBroker.produce(ShopStream.records(topic));
        Result result = run("export", "--bootstrap-servers=" + TestBroker.bootstrapServers(), "--topic=" + topic);
        Path snapshot = dir.resolve(topic + ".jsonl");
        Files.writeString(snapshot, result.out());
        Checkpoint checkpoint = CheckpointReader.read(ShopStream.writeCheckpoint(dir.resolve("cp"), topic, 3, true));
        try (JsonlTopicSource source = JsonlTopicSource.open(snapshot)) {
            BatchRecords batch = BatchReader.read(source, checkpoint.batches().get(2L), ReadOptions.fullValues());
            RowDecoder decoder = RowDecoder.of(ShopStream.SCHEMA);
            assertEquals(List.of(150, 151), batch.records().stream().map(r -> decoder.decode(r.value()).row().get("order_id")).toList());
            assertEquals(List.of(5L, 6L), batch.records().stream().map(r -> r.offset()).toList());
        }
    }

    @Test
    void fromACheckpointOnlyTheOffsetsItsBatchesRead(@TempDir Path dir) throws Exception {
        String topic = TestBroker.createTopic("orders", 1, Map.of());
        TestBroker.produce(ShopStream.records(topic));
        Path checkpoint = ShopStream.writeCheckpoint(dir.resolve("cp"), topic, 2, true);
        Result result = run("export", "--bootstrap-servers", TestBroker.bootstrapServers(), "--topic", topic,
                "--from-checkpoint", checkpoint.toString());
        assertEquals(null, result.failure(), result.err());
        assertEquals(shopSnapshot(5), result.out());

        Result other = run("export", "--bootstrap-servers", TestBroker.bootstrapServers(), "--topic", "payments",
                "--from-checkpoint", checkpoint.toString());
        assertEquals("", other.out());
        assertTrue(other.failure().contains("never read topic payments; it read " + topic), other.failure());

        Result notACheckpoint = run("export", "--bootstrap-servers", TestBroker.bootstrapServers(), "--topic", topic,
                "--from-checkpoint", dir.resolve("nowhere").toString());
        assertTrue(notACheckpoint.failure().contains("nowhere"), notACheckpoint.failure());
    }

    @Test
    void deletedRecordsAreReportedOnStderrAndNotInvented(@TempDir Path dir) throws Exception {
        String topic = TestBroker.createTopic("orders", 1, Map.of());
        TestBroker.produce(ShopStream.records(topic));
        TestBroker.admin().deleteRecords(Map.of(new TopicPartition(topic, 0), RecordsToDelete.beforeOffset(2)))
                .all().get(30, TimeUnit.SECONDS);
        Path checkpoint = ShopStream.writeCheckpoint(dir.resolve("cp"), topic, 3, true);
        Result result = run("export", "--bootstrap-servers", TestBroker.bootstrapServers(), "--topic", topic,
                "--from-checkpoint", checkpoint.toString());
        assertEquals(null, result.failure(), result.err());
        assertEquals(shopSnapshot(7).lines().skip(2).map(l -> l + "\n").reduce("", String::concat), result.out());
        assertTrue(result.err().contains("streamscope topic: offsets 0–1 of " + topic + "-0 are no longer in the topic:"
                + " retention deleted them\n"), result.err());
    }

    @Test
    void bytesThatAreNotUtf8AreBase64() throws Exception {
        String topic = TestBroker.createTopic("binary", 1, Map.of());
        TestBroker.produce(List.of(new ProducerRecord<>(topic, 0, 5L, new byte[]{(byte) 0xff}, new byte[]{0, (byte) 0xc3})));
        Result result = run("export", "--bootstrap-servers", TestBroker.bootstrapServers(), "--topic", topic);
        assertEquals("{\"partition\":0,\"offset\":0,\"timestamp\":5,\"key\":\"/w==\",\"keyEncoding\":\"base64\","
                + "\"value\":\"AMM=\",\"valueEncoding\":\"base64\"}\n", result.out());
    }

    @Test
    void badUsageExitsWith2AndSaysWhy() {
        assertUsage("missing the subcommand (export)", "topic");
        assertUsage("unknown subcommand import (the only one is export)", "topic", "import");
        assertUsage("missing --topic", "topic", "export", "--bootstrap-servers", "h:1");
        assertUsage("missing --bootstrap-servers and --topic", "topic", "export");
        assertUsage("unknown flag --group", "topic", "export", "--group", "g");
        assertUsage("--topic needs a value", "topic", "export", "--bootstrap-servers", "h:1", "--topic");
        assertUsage("--topic is given twice", "topic", "export", "--topic", "a", "--topic", "b");
        assertUsage("unexpected argument extra", "topic", "export", "extra");
    }

    private static void assertUsage(String reason, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, text);
        assertEquals("streamscope topic: " + reason + "\nusage: streamscope topic export --bootstrap-servers HOST:PORT"
                + " --topic TOPIC [--command-config CLIENT_PROPERTIES] [--from-checkpoint CHECKPOINT_DIR]\n", text);
    }

    @Test
    void anUnreachableBrokerFailsFastWithOneLine(@TempDir Path dir) throws Exception {
        int closed = EmbeddedKafka.freePort();
        Path properties = dir.resolve("client.properties");
        Files.writeString(properties, "default.api.timeout.ms=2000\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Cli.run(new String[]{"topic", "export",
                        "--bootstrap-servers", "127.0.0.1:" + closed, "--topic", "orders", "--command-config", properties.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        String text = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("streamscope topic: Kafka at 127.0.0.1:" + closed + " did not answer within 2 s"), text);
        assertTrue(text.contains("and the settings in " + properties), text);
    }

    @Test
    void secretsAreNeverPrintedAndGroupSettingsAreOverridden(@TempDir Path dir) throws Exception {
        String secret = "correct-horse-battery";
        Path properties = dir.resolve("client.properties");
        Files.writeString(properties, "group.id=analytics\nsecurity.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\n"
                + "default.api.timeout.ms=3000\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule"
                + " required username=\"svc\" password=\"" + secret + "\";\n");
        Result result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> run("export", "--bootstrap-servers",
                TestBroker.bootstrapServers(), "--topic", "orders", "--command-config", properties.toString()));
        assertFalse(result.failure().contains(secret), result.failure());
        assertFalse(result.err().contains(secret), result.err());
        assertFalse(result.out().contains(secret), result.out());
        assertEquals("streamscope topic: group.id is ignored: Streamscope never joins a consumer group\n", result.err());
        assertTrue(result.failure().contains("refused to authenticate"), result.failure());
    }
}
