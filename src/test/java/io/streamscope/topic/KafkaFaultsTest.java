package io.streamscope.topic;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.KafkaPartition;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every fault ends with a clear message within a bounded time, never a hang and never silently missing records. */
@ExtendWith(TestBroker.class)
class KafkaFaultsTest {

    private static final Duration BOUND = Duration.ofSeconds(30);

    private static List<ProducerRecord<byte[], byte[]>> numbered(String topic, int count, int valueBytes) {
        List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
        char[] padding = new char[Math.max(0, valueBytes - 20)];
        Arrays.fill(padding, 'x');
        for (int i = 0; i < count; i++) {
            records.add(new ProducerRecord<>(topic, 0, (long) i, null,
                    ("{\"i\":" + i + ",\"pad\":\"" + new String(padding) + "\"}").getBytes(StandardCharsets.UTF_8)));
        }
        return records;
    }

    private static Path properties(Path dir, String text) throws Exception {
        Path file = dir.resolve("client.properties");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void brokerNotReachable() throws Exception {
        int closedPort = EmbeddedKafka.freePort();
        KafkaSettings settings = KafkaSettings.of("127.0.0.1:" + closedPort).withTimeout(Duration.ofSeconds(2));
        long start = System.nanoTime();
        TopicException e = assertTimeoutPreemptively(BOUND, () -> assertThrows(TopicException.class, () -> {
            try (KafkaTopicSource source = KafkaTopicSource.open(settings)) {
                source.partitions("orders");
            }
        }));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds < 15, "took " + seconds + " s");
        assertTrue(e.getMessage().contains("Kafka at 127.0.0.1:" + closedPort + " did not answer within 2 s"), e.getMessage());
        assertTrue(e.getMessage().contains("orders"), e.getMessage());
    }

    @Test
    void unresolvableBootstrapServerIsNamed() {
        TopicException e = assertTimeoutPreemptively(BOUND, () -> assertThrows(TopicException.class, () -> {
            try (KafkaTopicSource source = KafkaTopicSource.open(KafkaSettings.of("no-such-host.invalid:9092")
                    .withTimeout(Duration.ofSeconds(2)))) {
                source.partitions("orders");
            }
        }));
        assertTrue(e.getMessage().contains("no-such-host.invalid:9092"), e.getMessage());
    }

    @Test
    void missingTopicIsNamedAndNotCreated(@TempDir Path dir) throws Exception {
        String topic = "absent-" + System.nanoTime();
        try (KafkaTopicSource source = KafkaTopicSource.open(KafkaSettings.of(TestBroker.bootstrapServers())
                .withTimeout(Duration.ofSeconds(5)))) {
            TopicException e = assertTimeoutPreemptively(BOUND, () -> assertThrows(TopicException.class,
                    () -> source.partitions(topic)));
            assertEquals("topic " + topic + " does not exist on Kafka at " + TestBroker.bootstrapServers(), e.getMessage());

            Checkpoint checkpoint = CheckpointReader.read(ShopStream.writeCheckpoint(dir.resolve("cp"), topic, 3, true));
            TopicException viaBatch = assertThrows(TopicException.class,
                    () -> BatchReader.read(source, checkpoint.batches().get(2L), ReadOptions.previews()));
            assertTrue(viaBatch.getMessage().contains(topic + " does not exist"), viaBatch.getMessage());
        }
        assertFalse(TestBroker.admin().listTopics().names().get(30, TimeUnit.SECONDS).contains(topic),
                "reading must never create a topic");
    }

    @Test
    void rangeDeletedByRetentionIsReportedAsSuch(@TempDir Path dir) throws Exception {
        String topic = TestBroker.createTopic("retained", 1, Map.of());
        TestBroker.produce(numbered(topic, 100, 40));
        // Retention moves the log start offset forward; deleteRecords does the same thing, at once.
        TestBroker.admin().deleteRecords(Map.of(new TopicPartition(topic, 0), RecordsToDelete.beforeOffset(50)))
                .all().get(30, TimeUnit.SECONDS);
        Path cp = dir.resolve("cp");
        Files.createDirectories(cp.resolve("offsets"));
        Files.createDirectories(cp.resolve("commits"));
        Files.createDirectories(cp.resolve("sources/0"));
        Files.writeString(cp.resolve("metadata"), "{\"id\":\"0b7c1a52-3c2e-4a57-8d1d-6b1a1f0e2c11\"}");
        Files.write(cp.resolve("sources/0/0"), ("\u0000v1\n{\"" + topic + "\":{\"0\":0}}").getBytes(StandardCharsets.UTF_8));
        Files.writeString(cp.resolve("offsets/0"), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":1}\n{\"" + topic + "\":{\"0\":20}}");
        Files.writeString(cp.resolve("offsets/1"), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":2}\n{\"" + topic + "\":{\"0\":70}}");
        Files.writeString(cp.resolve("commits/0"), "v1\n{\"nextBatchWatermarkMs\":0}");
        Files.writeString(cp.resolve("commits/1"), "v1\n{\"nextBatchWatermarkMs\":0}");
        Checkpoint checkpoint = CheckpointReader.read(cp);

        try (KafkaTopicSource source = KafkaTopicSource.open(KafkaSettings.of(TestBroker.bootstrapServers()))) {
            KafkaPartition p = new KafkaPartition(topic, 0);
            assertEquals(50L, source.beginningOffsets(List.of(p)).get(p));
            BatchRecords batch1 = BatchReader.read(source, checkpoint.batches().get(1L), ReadOptions.previews());
            assertEquals(List.of(new MissingRange(p, 20, 50, MissingRange.Cause.DELETED_BY_RETENTION)), batch1.missing());
            assertEquals(50L, batch1.records().get(0).offset());
            assertEquals(20, batch1.records().size());
            assertEquals("offsets 20–49 of " + p + " are no longer in the topic: retention deleted them",
                    batch1.missing().get(0).message());

            BatchRecords batch0 = BatchReader.read(source, checkpoint.batches().get(0L), ReadOptions.previews());
            assertTrue(batch0.records().isEmpty());
            assertEquals(List.of(new MissingRange(p, 0, 20, MissingRange.Cause.DELETED_BY_RETENTION)), batch0.missing());
        }
    }

    @Test
    void recordsDeletedWhileReadingAreReportedAndTheReadGoesOn(@TempDir Path dir) throws Exception {
        String topic = TestBroker.createTopic("deleted-midway", 1, Map.of());
        TestBroker.produce(numbered(topic, 3_000, 1_000));
        KafkaPartition p = new KafkaPartition(topic, 0);
        // Small fetches, so that most of the range is still on the broker when the deletion happens.
        KafkaSettings settings = KafkaSettings.of(TestBroker.bootstrapServers()).withPropertiesFile(
                properties(dir, "max.partition.fetch.bytes=16384\nfetch.max.bytes=16384\n"));
        List<Long> offsets = new ArrayList<>();
        List<RangeRead> reads = assertTimeoutPreemptively(BOUND, () -> {
            try (KafkaTopicSource source = KafkaTopicSource.open(settings)) {
                return source.read(List.of(new OffsetRange(p, 0, 3_000)), ReadOptions.previews(), record -> {
                    offsets.add(record.offset());
                    if (offsets.size() == 50) {
                        try {
                            TestBroker.admin().deleteRecords(Map.of(new TopicPartition(topic, 0),
                                    RecordsToDelete.beforeOffset(1_500))).all().get(30, TimeUnit.SECONDS);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                });
            }
        });
        List<MissingRange> missing = reads.get(0).missing();
        assertEquals(1, missing.size(), missing.toString());
        MissingRange gone = missing.get(0);
        assertEquals(MissingRange.Cause.DELETED_BY_RETENTION, gone.cause());
        assertEquals(1_500, gone.until());
        assertTrue(gone.from() >= 50 && gone.from() < 1_500, gone.toString());
        // What was delivered plus what was reported gone is exactly the range, in order, with no overlap.
        List<Long> expected = new ArrayList<>();
        for (long o = 0; o < 3_000; o++) {
            if (o < gone.from() || o >= gone.until()) {
                expected.add(o);
            }
        }
        assertEquals(expected, offsets);
        assertEquals(offsets.size(), reads.get(0).recordsRead());
    }

    @Test
    void brokerStoppingInTheMiddleOfAReadFailsWithinTheTimeout(@TempDir Path dir) throws Exception {
        String topic = TestBroker.createTopic("outage", 1, Map.of());
        TestBroker.produce(numbered(topic, 3_000, 1_000));
        KafkaSettings settings = KafkaSettings.of(TestBroker.relayedBootstrapServers()).withPropertiesFile(
                properties(dir, "max.partition.fetch.bytes=16384\nfetch.max.bytes=16384\ndefault.api.timeout.ms=3000\n"));
        assertEquals(Duration.ofSeconds(3), settings.timeout());
        List<Long> offsets = new ArrayList<>();
        long start = System.nanoTime();
        try {
            TopicException e = assertTimeoutPreemptively(BOUND, () -> assertThrows(TopicException.class, () -> {
                try (KafkaTopicSource source = KafkaTopicSource.open(settings)) {
                    source.read(List.of(new OffsetRange(new KafkaPartition(topic, 0), 0, 3_000)), ReadOptions.previews(),
                            record -> {
                                offsets.add(record.offset());
                                if (offsets.size() == 100) {
                                    TestBroker.relay().cut();
                                }
                            });
                }
            }));
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            assertTrue(seconds < 20, "took " + seconds + " s");
            assertTrue(offsets.size() >= 100 && offsets.size() < 3_000, offsets.size() + " records");
            assertTrue(e.getMessage().startsWith("Kafka at " + TestBroker.relayedBootstrapServers() + " sent nothing for "
                    + topic + "-0 at offset " + offsets.size() + " for 3 s"), e.getMessage());
            assertTrue(e.getMessage().contains("no longer reachable"), e.getMessage());
        } finally {
            TestBroker.relay().restore();
        }
    }

    @Test
    void aValueOfSeveralMegabytesIsPreviewedAndFullOnDemand() throws Exception {
        String topic = TestBroker.createTopic("big", 1, Map.of("max.message.bytes", "8388608"));
        char[] blob = new char[5 * 1024 * 1024];
        Arrays.fill(blob, 'b');
        byte[] value = ("{\"id\":1,\"blob\":\"" + new String(blob) + "\"}").getBytes(StandardCharsets.UTF_8);
        TestBroker.produce(List.of(new ProducerRecord<>(topic, 0, 1L, "big".getBytes(StandardCharsets.UTF_8), value),
                new ProducerRecord<>(topic, 0, 2L, null, "{\"id\":2}".getBytes(StandardCharsets.UTF_8))),
                Map.of(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 8 * 1024 * 1024));
        KafkaPartition p = new KafkaPartition(topic, 0);
        try (KafkaTopicSource source = KafkaTopicSource.open(KafkaSettings.of(TestBroker.bootstrapServers()))) {
            List<TopicRecord> previews = new ArrayList<>();
            source.read(List.of(new OffsetRange(p, 0, 2)), ReadOptions.previews(), previews::add);
            TopicRecord preview = previews.get(0);
            assertTrue(preview.value().truncated());
            assertEquals(ReadOptions.DEFAULT_PREVIEW_BYTES, preview.value().length());
            assertEquals(value.length, preview.value().size());
            assertFalse(previews.get(1).value().truncated());

            RowDecoder decoder = RowDecoder.of("id INT, blob STRING");
            assertThrows(IllegalArgumentException.class, () -> decoder.decode(preview.value()));

            TopicRecord full = source.record(p, 0).orElseThrow();
            assertFalse(full.value().truncated());
            assertArrayEquals(value, full.value().toByteArray());
            DecodedRow row = decoder.decode(full.value());
            assertEquals(DecodedRow.Outcome.PARSED, row.outcome());
            assertEquals(blob.length, ((String) row.row().get("blob")).length());
        }
    }

    @Test
    void aValueThatIsNotJsonDecodesToANullRowWithTheReason() throws Exception {
        String topic = TestBroker.createTopic("garbage", 1, Map.of());
        TestBroker.produce(List.of(
                new ProducerRecord<>(topic, 0, 1L, null, "not json {".getBytes(StandardCharsets.UTF_8)),
                new ProducerRecord<>(topic, 0, 2L, null, "{\"order_id\":7,\"amount\":\"a lot\"}".getBytes(StandardCharsets.UTF_8)),
                new ProducerRecord<>(topic, 0, 3L, null, new byte[]{(byte) 0xff, (byte) 0xfe, 0x00, 0x01})));
        try (KafkaTopicSource source = KafkaTopicSource.open(KafkaSettings.of(TestBroker.bootstrapServers()))) {
            List<TopicRecord> records = new ArrayList<>();
            source.read(List.of(new OffsetRange(new KafkaPartition(topic, 0), 0, 3)), ReadOptions.fullValues(), records::add);
            RowDecoder decoder = RowDecoder.of(ShopStream.SCHEMA);

            DecodedRow malformed = decoder.decode(records.get(0).value());
            assertEquals(DecodedRow.Outcome.MALFORMED, malformed.outcome());
            assertTrue(malformed.allNull());
            assertTrue(malformed.problem().startsWith("not valid JSON"), malformed.problem());

            DecodedRow partial = decoder.decode(records.get(1).value());
            assertEquals(DecodedRow.Outcome.PARTIAL, partial.outcome());
            assertEquals(7, partial.row().get("order_id"));
            assertEquals(null, partial.row().get("amount"));
            assertTrue(partial.problem().startsWith("amount: "), partial.problem());

            assertEquals(DecodedRow.Outcome.MALFORMED, decoder.decode(records.get(2).value()).outcome());
        }
    }

    @Test
    void aGroupIdInThePropertiesFileIsIgnoredAndNoGroupAppears(@TempDir Path dir) throws Exception {
        String topic = TestBroker.createTopic("nogroup", 1, Map.of());
        TestBroker.produce(ShopStream.records(topic));
        KafkaSettings settings = KafkaSettings.of(TestBroker.bootstrapServers()).withPropertiesFile(properties(dir,
                "group.id=would-be-spy\nenable.auto.commit=true\nauto.offset.reset=earliest\n"));
        assertEquals(List.of("auto.offset.reset is ignored: Streamscope reads exactly the offsets asked for",
                "enable.auto.commit is ignored: Streamscope never commits offsets",
                "group.id is ignored: Streamscope never joins a consumer group"), settings.notes());
        try (KafkaTopicSource source = KafkaTopicSource.open(settings)) {
            List<TopicRecord> records = new ArrayList<>();
            source.read(List.of(new OffsetRange(new KafkaPartition(topic, 0), 0, 7)), ReadOptions.previews(), records::add);
            assertEquals(7, records.size());
        }
        TestBroker.assertNoGroupsAndNoCommits();
    }

    @Test
    void secretsFromThePropertiesFileNeverAppearInMessages(@TempDir Path dir) throws Exception {
        String secret = "hunter2-not-for-logs";
        // A JAAS entry without its closing semicolon: the client refuses it while it is being built.
        KafkaSettings broken = KafkaSettings.of(TestBroker.bootstrapServers()).withPropertiesFile(properties(dir,
                "security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security"
                        + ".plain.PlainLoginModule required username=\"alice\" password=\"" + secret + "\"\n"));
        TopicException e = assertThrows(TopicException.class, () -> {
            try (KafkaTopicSource source = KafkaTopicSource.open(broken)) {
                source.partitions("orders");
            }
        });
        assertFalse(e.getMessage().contains(secret), e.getMessage());
        assertFalse(broken.toString().contains(secret), broken.toString());
        assertTrue(e.getMessage().contains("client.properties") || e.getMessage().contains("Kafka client"), e.getMessage());

        // A valid SASL setup against a listener without SASL: refused, with the password nowhere in the message.
        Path wellFormed = dir.resolve("sasl");
        Files.createDirectories(wellFormed);
        KafkaSettings sasl = KafkaSettings.of(TestBroker.bootstrapServers()).withPropertiesFile(properties(wellFormed,
                "security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\ndefault.api.timeout.ms=3000\nsasl.jaas.config="
                        + "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"alice\" password=\""
                        + secret + "\";\n"));
        TopicException refused = assertTimeoutPreemptively(BOUND, () -> assertThrows(TopicException.class, () -> {
            try (KafkaTopicSource source = KafkaTopicSource.open(sasl)) {
                source.partitions("orders");
            }
        }));
        assertFalse(refused.getMessage().contains(secret), refused.getMessage());
        assertTrue(refused.getMessage().contains("Kafka at " + TestBroker.bootstrapServers()), refused.getMessage());
        assertEquals("error: " + secret.replace(secret, "[hidden]"), "error: " + sasl.redact(secret));
    }
}
