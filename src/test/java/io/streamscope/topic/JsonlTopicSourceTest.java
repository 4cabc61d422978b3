package io.streamscope.topic;

import io.streamscope.task.Progress;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.KafkaPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The offline snapshot format of design.md: read, written, and every way a file can be wrong. */
class JsonlTopicSourceTest {

    private static Path shopSnapshot(Path dir) throws Exception {
        Path file = dir.resolve("orders.jsonl");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < ShopStream.ORDERS.size(); i++) {
            text.append(ShopStream.snapshotLine(i)).append('\n');
        }
        Files.writeString(file, text);
        return file;
    }

    private static List<TopicRecord> readAll(TopicSource source, OffsetRange... ranges) throws TopicException {
        List<TopicRecord> records = new ArrayList<>();
        source.read(List.of(ranges), ReadOptions.previews(), records::add);
        return records;
    }

    private static String error(Path dir, String content) throws Exception {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, content);
        return assertThrows(TopicException.class, () -> JsonlTopicSource.open(file)).getMessage();
    }

    @Test
    void theShopSnapshotGivesBatch2AsOrders150And151(@TempDir Path dir) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopStream.writeCheckpoint(dir.resolve("cp"), "orders", 3, true));
        try (JsonlTopicSource source = JsonlTopicSource.open(shopSnapshot(dir))) {
            assertEquals("snapshot orders.jsonl", source.description());
            assertEquals(List.of("orders"), source.topics());
            BatchRecords batch = BatchReader.read(source, checkpoint.batches().get(2L), ReadOptions.fullValues());
            assertEquals(List.of(5L, 6L), batch.records().stream().map(TopicRecord::offset).toList());
            RowDecoder decoder = RowDecoder.of(ShopStream.SCHEMA);
            List<Object> orderIds = batch.records().stream().map(r -> decoder.decode(r.value()).row().get("order_id")).toList();
            assertEquals(List.of(150, 151), orderIds);
            assertEquals(new BigDecimal("9.99"), decoder.decode(batch.records().get(1).value()).row().get("amount"));
            assertEquals(Instant.parse("2026-01-22T10:07:00Z").toEpochMilli(), batch.records().get(1).timestamp());
            assertTrue(batch.missing().isEmpty());
        }
    }

    @Test
    void writtenRecordsReadBackIdenticallyIncludingBinaryAndNulls(@TempDir Path dir) throws Exception {
        List<TopicRecord> records = List.of(
                new TopicRecord("t", 0, 0, 1000, RecordTimestampType.CREATE_TIME, Bytes.utf8("k\u00e9"), Bytes.utf8("{\"a\":\"\\n\"}"), List.of()),
                new TopicRecord("t", 0, 1, -1, RecordTimestampType.CREATE_TIME, Bytes.of(new byte[]{(byte) 0xff, 0, 1}),
                        Bytes.of(new byte[]{(byte) 0xc3, (byte) 0x28}), List.of()),
                new TopicRecord("t", 1, 7, 2000, RecordTimestampType.CREATE_TIME, null, null, List.of()));
        StringWriter text = new StringWriter();
        try (JsonGenerator json = new JsonFactory().createGenerator(text)) {
            json.setRootValueSeparator(null);
            for (TopicRecord record : records) {
                SnapshotFormat.write(json, record);
                json.writeRaw('\n');
            }
        }
        assertEquals("""
                {"partition":0,"offset":0,"timestamp":1000,"key":"k\u00e9","value":"{\\"a\\":\\"\\\\n\\"}"}
                {"partition":0,"offset":1,"timestamp":-1,"key":"/wAB","keyEncoding":"base64","value":"wyg=","valueEncoding":"base64"}
                {"partition":1,"offset":7,"timestamp":2000,"key":null,"value":null}
                """, text.toString());
        Path file = dir.resolve("t.jsonl");
        Files.writeString(file, text.toString());
        try (JsonlTopicSource source = JsonlTopicSource.open(file)) {
            List<TopicRecord> back = readAll(source, new OffsetRange(new KafkaPartition("t", 0), 0, 2),
                    new OffsetRange(new KafkaPartition("t", 1), 7, 8));
            assertEquals(records, back);
        }
    }

    @Test
    void otherToolsDumpsLoadUnknownFieldsBlankLinesCrLfAnyOrder(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("events.jsonl");
        Files.writeString(file, "{\"offset\":3,\"partition\":0,\"value\":\"c\",\"timestamp\":30,\"headers\":[],\"topic\":\"x\"}\r\n"
                + "\n"
                + "{\"partition\":0,\"offset\":1,\"value\":\"a\",\"timestamp\":10,\"key\":null}\r\n"
                + "   \n"
                + "{\"partition\":0,\"offset\":2,\"value\":\"b\"}");
        try (JsonlTopicSource source = JsonlTopicSource.open(file)) {
            List<TopicRecord> records = readAll(source, new OffsetRange(new KafkaPartition("events", 0), 0, 10));
            assertEquals(List.of("a", "b", "c"), records.stream().map(r -> r.value().utf8Text().orElseThrow()).toList());
            assertEquals(RecordTimestampType.NO_TIMESTAMP_TYPE, records.get(1).timestampType());
            KafkaPartition p = new KafkaPartition("events", 0);
            assertEquals(Map.of(p, 1L), source.beginningOffsets(List.of(p)));
            assertEquals(Map.of(p, 4L), source.endOffsets(List.of(p)));
            assertEquals(Map.of(p, Optional.of(3L)), source.offsetsForTimes(Map.of(p, 11L)));
            assertEquals(Map.of(p, Optional.empty()), source.offsetsForTimes(Map.of(p, 31L)));
        }
    }

    @Test
    void offsetsOutsideTheSnapshotAreReportedNotInvented(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("orders.jsonl");
        Files.writeString(file, IntStream.range(3, 6).mapToObj(ShopStream::snapshotLine).reduce("", (a, b) -> a + b + "\n"));
        KafkaPartition p0 = new KafkaPartition("orders", 0);
        KafkaPartition p1 = new KafkaPartition("orders", 1);
        try (JsonlTopicSource source = JsonlTopicSource.open(file)) {
            List<TopicRecord> records = new ArrayList<>();
            List<RangeRead> reads = source.read(List.of(new OffsetRange(p0, 0, 8), new OffsetRange(p1, 0, 2)),
                    ReadOptions.previews(), records::add);
            assertEquals(List.of(3L, 4L, 5L), records.stream().map(TopicRecord::offset).toList());
            assertEquals(List.of(new MissingRange(p0, 0, 3, MissingRange.Cause.NOT_IN_SNAPSHOT),
                    new MissingRange(p0, 6, 8, MissingRange.Cause.NOT_IN_SNAPSHOT)), reads.get(0).missing());
            assertEquals(List.of(new MissingRange(p1, 0, 2, MissingRange.Cause.NOT_IN_SNAPSHOT)), reads.get(1).missing());
            assertEquals("offsets 0–2 of orders-0 are not in the snapshot", reads.get(0).missing().get(0).message());

            TopicException noTopic = assertThrows(TopicException.class, () -> source.partitions("payments"));
            assertEquals("no snapshot of topic payments (snapshot orders.jsonl holds orders)", noTopic.getMessage());
        }
    }

    @Test
    void largeValuesArePreviewedAndFullOnDemand(@TempDir Path dir) throws Exception {
        byte[] big = new byte[3 * 1024 * 1024];
        java.util.Arrays.fill(big, (byte) 'z');
        Path file = dir.resolve("big.jsonl");
        Files.writeString(file, "{\"partition\":0,\"offset\":0,\"timestamp\":1,\"key\":\"small\",\"value\":\""
                + new String(big, StandardCharsets.US_ASCII) + "\"}\n{\"partition\":0,\"offset\":1,\"timestamp\":2,\"value\":\"x\"}\n");
        try (JsonlTopicSource source = JsonlTopicSource.open(file)) {
            KafkaPartition p = new KafkaPartition("big", 0);
            List<TopicRecord> previews = readAll(source, new OffsetRange(p, 0, 2));
            assertTrue(previews.get(0).value().truncated());
            assertEquals(big.length, previews.get(0).value().size());
            assertFalse(previews.get(0).key().truncated());
            TopicRecord full = source.record(p, 0).orElseThrow();
            assertArrayEquals(big, full.value().toByteArray());
            assertEquals("x", previews.get(1).value().utf8Text().orElseThrow());
            assertEquals(Optional.empty(), source.record(p, 9));
        }
    }

    @Test
    void progressAndCancellation(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("many.jsonl");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1_200; i++) {
            text.append("{\"partition\":0,\"offset\":").append(i).append(",\"timestamp\":").append(i).append(",\"value\":\"v\"}\n");
        }
        Files.writeString(file, text);
        KafkaPartition p = new KafkaPartition("many", 0);
        try (JsonlTopicSource source = JsonlTopicSource.open(file)) {
            List<Progress> reports = new ArrayList<>();
            int[] read = new int[1];
            source.read(List.of(new OffsetRange(p, 0, 1_300)), ReadOptions.previews().withProgress(reports::add), r -> read[0]++);
            assertEquals(new Progress("topic many", 1_300, 1_300, Progress.Unit.OFFSETS), reports.get(reports.size() - 1));
            assertEquals(1_200, read[0]);
            assertEquals(1.0, reports.get(reports.size() - 1).fraction());
            assertTrue(reports.size() >= 3, reports.toString());
            int[] seen = new int[1];
            assertThrows(CancellationException.class, () -> source.read(List.of(new OffsetRange(p, 0, 1_200)),
                    ReadOptions.previews().withCancellation(() -> seen[0] >= 500), r -> seen[0]++));
            assertEquals(500, seen[0]);
        }
    }

    @Test
    void damagedFilesAreRefusedWithFileAndLine(@TempDir Path dir) throws Exception {
        String good = "{\"partition\":0,\"offset\":0,\"timestamp\":1,\"value\":\"a\"}\n";
        assertTrue(error(dir, good + "{\"partition\":0,\"offset\":1,\"timestamp\":1,\"value\":\"a\"\n")
                .startsWith("bad.jsonl line 2: not valid JSON"));
        assertEquals("bad.jsonl line 2: missing \"offset\"", error(dir, good + "{\"partition\":0,\"value\":\"a\"}\n"));
        assertEquals("bad.jsonl line 1: \"offset\" must be an integer, found \"7\"", error(dir, "{\"partition\":0,\"offset\":\"7\"}"));
        assertEquals("bad.jsonl line 1: \"offset\" must not be negative, found -1", error(dir, "{\"partition\":0,\"offset\":-1}"));
        assertEquals("bad.jsonl line 1: \"value\" must be a string or null, found object (a JSON value is stored as its text)",
                error(dir, "{\"partition\":0,\"offset\":1,\"value\":{\"a\":1}}"));
        assertTrue(error(dir, "{\"partition\":0,\"offset\":1,\"value\":\"%%%\",\"valueEncoding\":\"base64\"}")
                .startsWith("bad.jsonl line 1: \"value\" is marked base64 but is not"));
        assertEquals("bad.jsonl line 1: \"keyEncoding\" must be \"base64\" when present, found \"hex\"",
                error(dir, "{\"partition\":0,\"offset\":1,\"key\":\"00\",\"keyEncoding\":\"hex\"}"));
        assertEquals("bad.jsonl partition 0: offset 0 appears twice (lines 1 and 3)", error(dir, good + "{\"partition\":0,"
                + "\"offset\":1}\n" + good));
        assertEquals("bad.jsonl line 1: expected a JSON object with partition, offset, timestamp, key and value",
                error(dir, "[1,2]"));
        Path missing = dir.resolve("nope.jsonl");
        assertEquals("snapshot file " + missing + " does not exist",
                assertThrows(TopicException.class, () -> JsonlTopicSource.open(missing)).getMessage());
    }

    @Test
    void severalTopicsOneFileEach(@TempDir Path dir) throws Exception {
        Path orders = shopSnapshot(dir);
        Path payments = dir.resolve("pay.jsonl");
        Files.writeString(payments, "{\"partition\":2,\"offset\":40,\"timestamp\":5,\"value\":\"paid\"}\n");
        try (JsonlTopicSource source = JsonlTopicSource.open(Map.of("orders", orders, "payments", payments))) {
            assertEquals("snapshots orders.jsonl, pay.jsonl", source.description());
            assertEquals(List.of(new KafkaPartition("payments", 2)), source.partitions("payments"));
            assertEquals("paid", readAll(source, new OffsetRange(new KafkaPartition("payments", 2), 40, 41))
                    .get(0).value().utf8Text().orElseThrow());
            assertEquals("110", readAll(source, new OffsetRange(new KafkaPartition("orders", 0), 0, 1)).get(0).key()
                    .utf8Text().orElseThrow());
        }
    }
}
