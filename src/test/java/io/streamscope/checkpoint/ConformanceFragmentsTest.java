package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The checkpoint fragments of the Spark conformance corpus (INDEX.md #29-#40 and the escaped-path sink log #28)
 * through the single-file parsers and the log readers, with the values the Spark tests assert.
 */
class ConformanceFragmentsTest {

    private static final Path CORPUS = ConformanceCorpusTest.CORPUS;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static byte[] bytes(String relative) throws IOException {
        return Files.readAllBytes(CORPUS.resolve(relative));
    }

    private static String text(JsonNode node) {
        return ConformanceCorpusTest.text(node);
    }

    // ---- #33 offset-log-version-2.1.0 -------------------------------------------------------------------------

    @Test
    void offsetLog210() throws Exception {
        OffsetSeq seq = OffsetLogParser.parse(bytes("offset-log-version-2.1.0/0"));
        assertAll(
                () -> assertEquals(1, seq.version(), "version"),
                () -> assertEquals(0L, seq.metadata().batchWatermarkMs(), "batchWatermarkMs"),
                () -> assertEquals(1480981499528L, seq.metadata().batchTimestampMs(), "batchTimestampMs"),
                () -> assertTrue(seq.metadata().conf().isEmpty(), "no conf in 2.1.0"),
                () -> assertEquals(2, seq.offsets().size(), "two sources"),
                () -> assertEquals("{\"logOffset\":345}", text(seq.offsets().get(0)), "file source offset"),
                () -> assertEquals("{\"topic-0\":{\"0\":1}}", text(seq.offsets().get(1)), "kafka source offset"),
                () -> assertEquals(345L, seq.offsets().get(0).path("logOffset").asLong(-1), "logOffset"),
                () -> assertEquals(Optional.of(new TreeMap<>(Map.of(new KafkaPartition("topic-0", 0), 1L))),
                        KafkaOffsets.parse(seq.offsets().get(1)), "kafka offsets"),
                () -> assertEquals(SourceKind.FILE, SourceReader.kindOf(seq.offsets().get(0)), "kind of source 0"),
                () -> assertEquals(SourceKind.KAFKA, SourceReader.kindOf(seq.offsets().get(1)), "kind of source 1"));
    }

    // ---- #34 query-metadata-logs-version-2.1.0 ----------------------------------------------------------------

    @Test
    void prettyPrintedQueryMetadata210() throws Exception {
        byte[] file = bytes("query-metadata-logs-version-2.1.0/query-metadata-logs-version-2.1.0.txt");
        assertTrue(new String(file, StandardCharsets.UTF_8).contains("\n  \"id\""), "the fixture is pretty-printed");
        assertEquals("d366a8bf-db79-42ca-b5a4-d9ca0a11d63e", QueryMetadataParser.parseQueryId(file));
    }

    // ---- #35-37 commit logs -----------------------------------------------------------------------------------

    @Test
    void commitLogV1() throws Exception {
        Commit commit = CommitLogParser.parse(bytes("testCommitLogV1/testCommitLog"));
        assertAll(
                () -> assertEquals(1, commit.version(), "version"),
                () -> assertEquals(1L, commit.nextBatchWatermarkMs(), "nextBatchWatermarkMs"),
                () -> assertEquals(Map.of(), commit.stateUniqueIds(), "no stateUniqueIds in v1"));
    }

    @Test
    void commitLogV2WithUniqueIds() throws Exception {
        Commit commit = CommitLogParser.parse(bytes("testCommitLogV2/testCommitLog"));
        Map<Integer, List<List<String>>> expected = Map.of(
                0, List.of(List.of("unique_id1", "unique_id2"), List.of("unique_id3", "unique_id4")),
                1, List.of(List.of("unique_id5", "unique_id6"), List.of("unique_id7", "unique_id8")));
        assertAll(
                () -> assertEquals(2, commit.version(), "version"),
                () -> assertEquals(0L, commit.nextBatchWatermarkMs(), "nextBatchWatermarkMs"),
                () -> assertEquals(expected, commit.stateUniqueIds(), "stateUniqueIds"));
    }

    @Test
    void commitLogV2WithEmptyUniqueIds() throws Exception {
        byte[] file = bytes("testCommitLogV2-empty-unique-id/testCommitLog");
        assertTrue(new String(file, StandardCharsets.UTF_8).contains("\"stateUniqueIds\":{}"),
                "the fixture has stateUniqueIds present as an empty map");
        Commit commit = CommitLogParser.parse(file);
        assertAll(
                () -> assertEquals(2, commit.version(), "version"),
                () -> assertEquals(0L, commit.nextBatchWatermarkMs(), "nextBatchWatermarkMs"),
                () -> assertEquals(Map.of(), commit.stateUniqueIds(), "stateUniqueIds empty"));
    }

    // ---- #38-40 Kafka -----------------------------------------------------------------------------------------

    @Test
    void kafkaInitialOffset210WithLengthByte() throws Exception {
        byte[] file = bytes("kafka-source-initial-offset-version-2.1.0/kafka-source-initial-offset-version-2.1.0.bin");
        assertEquals(0x32, file[0], "first byte = JSON length 50 (the 2.1.0 bug)");
        assertEquals(50, file.length - 1, "50 bytes of JSON follow");
        JsonNode offsets = KafkaInitialOffsetParser.parse(file);
        SortedMap<KafkaPartition, Long> expected = new TreeMap<>();
        for (int p = 0; p <= 2; p++) {
            expected.put(new KafkaPartition("kafka-initial-offset-2-1-0", p), (long) p);
        }
        assertAll(
                () -> assertEquals("{\"kafka-initial-offset-2-1-0\":{\"2\":2,\"1\":1,\"0\":0}}", text(offsets), "JSON"),
                () -> assertEquals(Optional.of(expected), KafkaOffsets.parse(offsets), "per partition"));
    }

    @Test
    void kafkaInitialOffsetFromTheFutureIsRejected() throws Exception {
        byte[] file = bytes("kafka-source-initial-offset-future-version/kafka-source-initial-offset-future-version.bin");
        FormatException e = assertThrows(FormatException.class, () -> KafkaInitialOffsetParser.parse(file));
        assertAll(
                () -> assertTrue(e.getMessage().contains("v99999"), "names the version found: " + e.getMessage()),
                () -> assertTrue(e.getMessage().matches("(?s).*\\bv1\\b.*"), "names the maximum supported v1: " + e.getMessage()));
    }

    @Test
    void kafkaSourceOffset210() throws Exception {
        String file = new String(bytes("kafka-source-offset-version-2.1.0/kafka-source-offset-version-2.1.0.txt"),
                StandardCharsets.UTF_8);
        assertTrue(file.endsWith("\n"), "the fixture ends with a newline");
        JsonNode json = Json.parse(file.trim(), null);
        SortedMap<KafkaPartition, Long> expected = new TreeMap<>(Map.of(
                new KafkaPartition("topic1", 0), 456L,
                new KafkaPartition("topic1", 1), 789L,
                new KafkaPartition("topic2", 0), 0L));
        assertEquals(Optional.of(expected), KafkaOffsets.parse(json));
        assertTrue(KafkaOffsets.isKafkaOffsets(json), "isKafkaOffsets");
        assertEquals(SourceKind.KAFKA, SourceReader.kindOf(json), "kind");
    }

    // ---- #31-32 file source offsets ---------------------------------------------------------------------------

    @Test
    void fileSourceOffsetJson() throws Exception {
        byte[] file = bytes("file-source-offset-version-2.1.0-json/file-source-offset-version-2.1.0-json.txt");
        JsonNode json = Json.parse(new String(file, StandardCharsets.UTF_8).trim(), null);
        assertEquals(345L, json.path("logOffset").asLong(-1), "logOffset");
        assertEquals(SourceKind.FILE, SourceReader.kindOf(json), "kind");
        // the same line as line 3 of an offset log
        OffsetSeq seq = OffsetLogParser.parse(offsetLogWith(file));
        assertEquals(1, seq.offsets().size(), "one source line");
        assertEquals(345L, seq.offsets().get(0).path("logOffset").asLong(-1), "logOffset via the offset log parser");
    }

    @Test
    void fileSourceOffsetLong() throws Exception {
        byte[] file = bytes("file-source-offset-version-2.1.0-long/file-source-offset-version-2.1.0-long.txt");
        assertTrue(new String(file, StandardCharsets.UTF_8).endsWith("\n"), "the fixture ends with a newline");
        JsonNode json = Json.parse(new String(file, StandardCharsets.UTF_8).trim(), null);
        assertTrue(json.isIntegralNumber(), "a bare long");
        assertEquals(345L, json.asLong(), "value");
        // as the (last) line of an offset log, trailing newline included: still exactly one source line
        OffsetSeq seq = OffsetLogParser.parse(offsetLogWith(file));
        assertEquals(1, seq.offsets().size(), "one source line, the trailing newline adds none");
        assertEquals(345L, seq.offsets().get(0).asLong(), "value via the offset log parser");
    }

    private static byte[] offsetLogWith(byte[] sourceLine) {
        byte[] head = "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":0}\n".getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[head.length + sourceLine.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(sourceLine, 0, all, head.length, sourceLine.length);
        return all;
    }

    // ---- #30 file source log ----------------------------------------------------------------------------------

    @Test
    void fileSourceLog210() {
        Path dir = CORPUS.resolve("file-source-log-version-2.1.0").toAbsolutePath().normalize();
        Findings findings = new Findings();
        CompactibleLog log = CompactibleLogReader.read(new FolderAccess(dir, findings), dir);
        assertAll(
                () -> assertEquals(List.of(), findings.problems(), "problems"),
                () -> assertEquals(List.of(new CompactibleLog.LogFile(2, true, 3), new CompactibleLog.LogFile(3, false, 1),
                        new CompactibleLog.LogFile(4, false, 1)), log.files(), "files 2.compact, 3, 4"),
                () -> assertEquals(IntStream.rangeClosed(0, 4).mapToObj(i -> "/a/b/" + i).toList(),
                        field(log.entries(), "path"), "5 FileEntry paths"),
                () -> assertEquals(IntStream.rangeClosed(0, 4).mapToObj(Integer::toString).toList(),
                        field(log.entries(), "batchId"), "batchIds"));
    }

    // ---- #29 file sink log ------------------------------------------------------------------------------------

    @Test
    void fileSinkLog210(@TempDir Path temp) throws Exception {
        Path out = temp.resolve("out");
        Path metadata = Files.createDirectories(out.resolve("_spark_metadata"));
        Path fixture = CORPUS.resolve("file-sink-log-version-2.1.0");
        try (Stream<Path> files = Files.list(fixture)) {
            for (Path file : files.toList()) {
                Files.copy(file, metadata.resolve(file.getFileName().toString()));
            }
        }
        FileSinkLogReader.FileSinkLog sink = FileSinkLogReader.read(out);
        assertAll(
                () -> assertEquals(List.of(), sink.problems(), "problems"),
                () -> assertEquals(out.toAbsolutePath().normalize(), sink.outputFolder(), "output folder"),
                () -> assertEquals(List.of(new CompactibleLog.LogFile(7, true, 8), new CompactibleLog.LogFile(8, false, 1),
                        new CompactibleLog.LogFile(9, false, 1)), sink.log().files(), "files 7.compact, 8, 9"),
                () -> assertEquals(IntStream.rangeClosed(0, 9).mapToObj(i -> "/a/b/" + i).toList(),
                        field(sink.log().entries(), "path"), "10 SinkFileStatus paths"),
                () -> assertEquals(IntStream.rangeClosed(0, 9).mapToObj(i -> i == 0 ? "1" : Integer.toString(i * 100)).toList(),
                        field(sink.log().entries(), "size"), "sizes"),
                () -> assertTrue(sink.log().entries().stream().allMatch(e -> e.path("action").asText().equals("add")), "all add"));
    }

    // ---- #28 escaped-path sink log ----------------------------------------------------------------------------

    @Test
    void escapedPathSinkLog() throws Exception {
        Path out = CORPUS.resolve("escaped-path-2.4.0/output%20%25@%23output");
        FileSinkLogReader.FileSinkLog sink = FileSinkLogReader.read(out);
        assertAll(
                () -> assertEquals(List.of(), sink.problems(), "problems"),
                () -> assertEquals(List.of(new CompactibleLog.LogFile(0, false, 1)), sink.log().files(), "one file, 0"),
                () -> assertEquals(1, sink.log().entries().size(), "one entry"),
                () -> assertEquals("file://TEMPDIR/output%20%25@%23output/part-00000-97f675a2-bb82-4201-8245-05f3dae4c372-c000.snappy.parquet",
                        sink.log().entries().get(0).path("path").asText(), "path with the TEMPDIR placeholder"),
                () -> assertEquals(404L, sink.log().entries().get(0).path("size").asLong(), "size"),
                () -> assertTrue(Files.isRegularFile(CORPUS.resolve(
                        "escaped-path-2.4.0/output %@#output/part-00000-97f675a2-bb82-4201-8245-05f3dae4c372-c000.snappy.parquet")),
                        "the data file is in the unescaped folder"));
        NotACheckpointException e = assertThrows(NotACheckpointException.class, () -> CheckpointReader.read(out),
                "a sink output folder is not a checkpoint");
        assertTrue(e.getMessage().contains("_spark_metadata"), e.getMessage());
    }

    private static List<String> field(List<JsonNode> entries, String field) {
        List<String> values = new ArrayList<>();
        entries.forEach(e -> values.add(e.path(field).asText()));
        return values;
    }

    // ---- schema files (checkpoint-format.md §11.2), against EXPECTED-DECODED.txt ----------------------------------

    @Test
    void stateSchemaFilesV1AndV2() throws Exception {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("checkpoint-version-3.1.0-flatmapgroupswithstate-repartition", "state/0/0/_metadata/schema");
        files.put("checkpoint-version-3.5.1-streaming-deduplication", "state/0/0/_metadata/schema");
        files.put("checkpoint-version-4.0.0-checkpoint-v2/rocksdb/join1", "state/0/0/left-keyToNumValues/_metadata/schema");
        Map<String, Integer> versions = Map.of(
                "checkpoint-version-3.1.0-flatmapgroupswithstate-repartition", 1,
                "checkpoint-version-3.5.1-streaming-deduplication", 2,
                "checkpoint-version-4.0.0-checkpoint-v2/rocksdb/join1", 1);
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        for (Map.Entry<String, String> file : files.entrySet()) {
            String fixture = file.getKey();
            String store = file.getValue().contains("left-keyToNumValues") ? "left-keyToNumValues" : "default";
            ConformanceDecodedOracle.StoreSection section = ConformanceDecodedOracle.fixture(fixture).stores().stream()
                    .filter(s -> s.storeName().equals(store)).findFirst().orElseThrow();
            StateSchemaFileParser.KeyValueSchema schema = StateSchemaFileParser.parse(bytes(fixture + "/" + file.getValue()));
            checks.add(() -> assertEquals(versions.get(fixture), schema.version(), fixture + " version"));
            checks.add(() -> assertEquals("v" + versions.get(fixture), section.schemaTag(), fixture + " oracle tag"));
            checks.add(() -> assertEquals(MAPPER.readTree(section.keySchema()), schema.keySchema(), fixture + " key schema"));
            checks.add(() -> assertEquals(MAPPER.readTree(section.valueSchema()), schema.valueSchema(), fixture + " value schema"));
        }
        assertAll(checks);
    }

    // ---- folders that are not checkpoints ----------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"testCommitLogV1", "testCommitLogV2", "testCommitLogV2-empty-unique-id",
            "offset-log-version-2.1.0", "query-metadata-logs-version-2.1.0", "file-sink-log-version-2.1.0",
            "file-source-log-version-2.1.0", "file-source-offset-version-2.1.0-json", "file-source-offset-version-2.1.0-long",
            "kafka-source-initial-offset-version-2.1.0", "kafka-source-initial-offset-future-version",
            "kafka-source-offset-version-2.1.0"})
    void aFragmentFolderIsNotACheckpoint(String fragment) {
        Path folder = CORPUS.resolve(fragment);
        assertTrue(Files.isDirectory(folder), "fixture folder exists");
        NotACheckpointException e = assertThrows(NotACheckpointException.class, () -> CheckpointReader.read(folder));
        assertFalse(e.getMessage().isBlank(), "a reason");
    }

    @Test
    void aParentOfCheckpointsNamesTheCheckpointsInside() {
        NotACheckpointException e = assertThrows(NotACheckpointException.class,
                () -> CheckpointReader.read(CORPUS.resolve("checkpoint-version-4.0.0")));
        List<String> inside = Stream.of("hdfs", "rocksdb")
                .flatMap(p -> Stream.of("agg", "dedup", "join1", "join2", "limit").map(q -> p + "/" + q)).toList();
        assertAll(inside.stream().map(name -> () -> assertTrue(e.getMessage().contains(name),
                "names " + name + ": " + e.getMessage())));
    }

    @Test
    void aGrandparentOfCheckpointsNamesTheCheckpointsInside() {
        NotACheckpointException e = assertThrows(NotACheckpointException.class,
                () -> CheckpointReader.read(CORPUS.resolve("checkpoint-version-4.0.0-checkpoint-v2")));
        assertAll(Stream.of("dedup", "join1", "join2", "limit").map(q -> () -> assertTrue(
                e.getMessage().contains("rocksdb/" + q), "names rocksdb/" + q + ": " + e.getMessage())));
    }

    @Test
    void theEscapedPathParentNamesTheEscapedCheckpoint() {
        NotACheckpointException e = assertThrows(NotACheckpointException.class,
                () -> CheckpointReader.read(CORPUS.resolve("escaped-path-2.4.0")));
        assertTrue(e.getMessage().contains("chk%252520%252525@%252523chk"), e.getMessage());
    }

    /** Sanity of the fixture bytes the Kafka tests rely on (INDEX.md #7 and #39). */
    @Test
    void kafkaFixtureBytesAreAsDocumented() throws Exception {
        byte[] future = bytes("kafka-source-initial-offset-future-version/kafka-source-initial-offset-future-version.bin");
        assertArrayEquals("0v99999\n".getBytes(StandardCharsets.US_ASCII), java.util.Arrays.copyOf(future, 8));
        byte[] initial = bytes("checkpoint-version-2.4.3-kafka-include-headers-default/sources/0/0");
        assertArrayEquals(new byte[]{0x00, 'v', '1', '\n'}, java.util.Arrays.copyOf(initial, 4));
        assertEquals(ConformanceCorpusTest.KAFKA_INITIAL_OFFSETS,
                new String(initial, 4, initial.length - 4, StandardCharsets.UTF_8), "JSON after 00 'v1\\n'");
        assertEquals(MAPPER.readTree(ConformanceCorpusTest.KAFKA_INITIAL_OFFSETS), KafkaInitialOffsetParser.parse(initial));
    }
}
