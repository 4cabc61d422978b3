package io.streamscope.checkpoint;

import io.streamscope.checkpoint.state.StateReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Classes of misreading found on real checkpoints that strangers' jobs wrote (issue 13), each on a small checkpoint
 * written the way Spark writes it (checkpoint-format.md): the facts come out right, and only as certain as the files
 * allow.
 */
class RealCheckpointReadingTest {

    private static final String CONF = "\"conf\":{\"spark.sql.shuffle.partitions\":\"2\","
            + "\"spark.sql.streaming.stateStore.providerClass\":\"org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider\"}";

    @TempDir
    Path temp;

    private Path folder(String name) throws IOException {
        Path folder = temp.resolve(name);
        Files.createDirectories(folder.resolve("offsets"));
        Files.writeString(folder.resolve("metadata"), "{\"id\":\"0f5e6a2c-3b1d-4e7f-9a8b-6c5d4e3f2a1b\"}");
        return folder;
    }

    private static void write(Path folder, String relative, String text) throws IOException {
        write(folder, relative, text.getBytes(StandardCharsets.UTF_8));
    }

    private static void write(Path folder, String relative, byte[] bytes) throws IOException {
        Path file = folder.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }

    /** {@code offsets/N} as Spark 2.2+ writes it: version, metadata with conf, one line per source. */
    private static void offsets(Path folder, long batch, String... sources) throws IOException {
        write(folder, "offsets/" + batch, "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":" + (1_700_000_000_000L + batch * 1000)
                + "," + CONF + "}\n" + String.join("\n", sources));
    }

    private static void commit(Path folder, long batch) throws IOException {
        write(folder, "commits/" + batch, "v1\n{\"nextBatchWatermarkMs\":0}");
    }

    private static Checkpoint read(Path folder) throws Exception {
        Map<String, String> before = FolderSnapshot.of(folder);
        Checkpoint checkpoint = CheckpointReader.read(folder);
        assertEquals(before, FolderSnapshot.of(folder), "reading never writes");
        return checkpoint;
    }

    private static String notes(Checkpoint checkpoint) {
        return checkpoint.notes().toString();
    }

    // ---- Kafka initial offsets {} --------------------------------------------------------------------------------

    @Test
    void kafkaInitialOffsetsOfATopicWithoutPartitionsAreValidAndNewPartitionsStartAtZero() throws Exception {
        Path folder = folder("kafka-empty-start");
        // KafkaSourceInitialOffsetWriter: one byte 0, "v1\n", the JSON; a topic with no partitions yet gives {}.
        write(folder, "sources/0/0", "\u0000v1\n{}");
        offsets(folder, 0, "{\"events\":{\"0\":3}}");
        offsets(folder, 1, "{\"events\":{\"1\":2,\"0\":5}}");
        commit(folder, 0);
        commit(folder, 1);

        Checkpoint checkpoint = read(folder);
        assertEquals(List.of(), checkpoint.problems(), "{} is what Spark writes for a topic without partitions");
        SourceInfo source = checkpoint.sources().get(0);
        assertEquals(SourceKind.KAFKA, source.kind());
        assertEquals("{}", source.initialOffsets().toString());
        BatchSource first = checkpoint.batches().get(0L).sources().get(0);
        assertEquals("{}", first.startOffset().toString(), "batch 0 starts at the initial offsets");
        assertEquals(3L, first.numInputRows(), "a partition not in the start offsets is read from 0");
        BatchSource second = checkpoint.batches().get(1L).sources().get(0);
        assertEquals(4L, second.numInputRows(), "partition 0: 3→5, partition 1 (new): 0→2");
        assertEquals(Optional.of(4L), checkpoint.batches().get(1L).numInputRows());
    }

    @Test
    void kafkaInitialOffsetsWithATopicButNoPartitionsAreValidToo() throws Exception {
        Path folder = folder("kafka-topic-no-partitions");
        write(folder, "sources/0/0", "\u0000v1\n{\"events\":{}}");
        offsets(folder, 0, "{\"events\":{\"0\":2}}");
        commit(folder, 0);
        Checkpoint checkpoint = read(folder);
        assertEquals(List.of(), checkpoint.problems());
        assertEquals(2L, checkpoint.batches().get(0L).sources().get(0).numInputRows());
    }

    // ---- Spark version only from evidence ------------------------------------------------------------------------

    @Test
    void aLostCommitsFolderIsNotSpark21WhenTheOffsetsCarryAConf() throws Exception {
        Path folder = folder("commits-lost-in-a-copy");
        write(folder, "sources/0/0", "\u0000v1\n{\"events\":{\"0\":0}}");
        offsets(folder, 0, "{\"events\":{\"0\":4}}"); // batch 0 crashed: its empty commits/ was not copied (git)

        Checkpoint checkpoint = read(folder);
        assertFalse(notes(checkpoint).contains("2.1"), notes(checkpoint));
        assertTrue(notes(checkpoint).contains("lost in a copy"), notes(checkpoint));
        assertEquals(List.of(), checkpoint.problems());
        Batch batch = checkpoint.batches().get(0L);
        assertFalse(batch.committed());
        assertTrue(batch.willReplay());
    }

    @Test
    void spark21IsAGuessFromEvidenceAndSaidAsOne() throws Exception {
        Path folder = folder("spark-2.1");
        write(folder, "offsets/0", "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":1489180207737}\n0");
        write(folder, "offsets/1", "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":1489180209261}\n2");

        Checkpoint checkpoint = read(folder);
        String notes = notes(checkpoint);
        assertFalse(notes.contains("Spark 2.1"), "offsets without conf and no commits/ alone do not name a version: " + notes);
        assertTrue(notes.contains("no commits/ folder"), notes);
        assertTrue(checkpoint.batches().get(0L).committed(), "offsets/1 exists, so batch 0 finished");
        assertTrue(checkpoint.batches().get(1L).willReplay());

        // With Spark 2.1.0's Kafka initial offsets (no version line) beside offsets without conf: a guess, said so.
        Path kafka = folder("spark-2.1-kafka");
        String json = "{\"topic-0\":{\"0\":0}}";
        byte[] initial = new byte[json.length() + 1];
        initial[0] = (byte) json.length();
        System.arraycopy(json.getBytes(StandardCharsets.UTF_8), 0, initial, 1, json.length());
        write(kafka, "sources/0/0", initial);
        write(kafka, "offsets/0", "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":1480981499528}\n{\"topic-0\":{\"0\":1}}");
        Checkpoint old = read(kafka);
        String oldNotes = notes(old);
        assertTrue(oldNotes.contains("probably written by Spark 2.1") && oldNotes.contains("a guess"), oldNotes);
        assertEquals(List.of(), old.problems());
    }

    @Test
    void spark210KafkaInitialOffsetsWhoseLengthByteIsAVAreStillKafka() throws Exception {
        Path folder = folder("spark-2.1.0-length-118");
        String json = "{\"" + "t".repeat(106) + "\":{\"0\":0}}";
        assertEquals(118, json.length());
        byte[] initial = new byte[119];
        initial[0] = (byte) json.length(); // Spark 2.1.0 wrote the length's low byte: 118 is 'v'
        System.arraycopy(json.getBytes(StandardCharsets.UTF_8), 0, initial, 1, 118);
        write(folder, "sources/0/0", initial);
        write(folder, "offsets/0", "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":1480981499528}\n" + json.replace("\":0}", "\":1}"));
        Checkpoint checkpoint = read(folder);
        assertEquals(SourceKind.KAFKA, checkpoint.sources().get(0).kind());
        assertEquals(Json.mapper().readTree(json), checkpoint.sources().get(0).initialOffsets());
        assertEquals(1L, checkpoint.batches().get(0L).sources().get(0).numInputRows());
        assertEquals(List.of(), checkpoint.problems());
    }

    @Test
    void offsetsWithoutConfBesideACommitLogStateNoVersion() throws Exception {
        Path folder = folder("no-conf-with-commits");
        write(folder, "offsets/0", "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":1489180207737}\n0");
        commit(folder, 0);
        Checkpoint checkpoint = read(folder);
        assertFalse(notes(checkpoint).contains("Spark 2"), notes(checkpoint));
    }

    // ---- Source kinds only as certain as the files ---------------------------------------------------------------

    @Test
    void plainNumberOffsetsAreRateSocketOrMemoryNotMemory() throws Exception {
        Path folder = folder("socket");
        offsets(folder, 0, "0");
        offsets(folder, 1, "3");
        commit(folder, 0);
        commit(folder, 1);
        Checkpoint checkpoint = read(folder);
        SourceInfo source = checkpoint.sources().get(0);
        assertEquals(SourceKind.PLAIN_NUMBER, source.kind());
        assertNotEquals("memory", source.kind().label());
        assertTrue(notes(checkpoint).contains("a source whose offsets are plain numbers (rate, socket or memory: the files"
                + " cannot tell)"), notes(checkpoint));
        assertNull(checkpoint.batches().get(1L).sources().get(0).numInputRows(), "plain numbers are no row counts");
    }

    @Test
    void aRateSourceIsKnownByItsStartTime() throws Exception {
        Path folder = folder("rate");
        write(folder, "sources/0/0", "v1\n1700000000000"); // RateStreamMicroBatchStream's metadata log: the start time
        offsets(folder, 0, "5");
        commit(folder, 0);
        Checkpoint checkpoint = read(folder);
        assertEquals(SourceKind.RATE, checkpoint.sources().get(0).kind());
        assertFalse(notes(checkpoint).contains("plain numbers"), notes(checkpoint));
    }

    @Test
    void rateMicroBatchFileDeltaAndUnknownOffsetsByTheirShape() throws Exception {
        Path folder = folder("shapes");
        write(folder, "sources/1/0", "v1\n{\"path\":\"file:///data/in/part-0.json\",\"timestamp\":1700000000000,\"batchId\":0}");
        offsets(folder, 0,
                "{\"offset\":30,\"timestamp\":1700000000000}",
                "{\"logOffset\":0}",
                "{\"sourceVersion\":1,\"reservoirId\":\"5e4a3c2b-1d0f-4e9a-8b7c-6d5e4f3a2b1c\",\"reservoirVersion\":3,\"index\":-1,\"isStartingVersion\":false}",
                "{\"shardId-000000000000\":{\"iteratorType\":\"AFTER_SEQUENCE_NUMBER\"}}");
        commit(folder, 0);
        Checkpoint checkpoint = read(folder);
        assertEquals(List.of(SourceKind.RATE_MICRO_BATCH, SourceKind.FILE, SourceKind.DELTA, SourceKind.UNKNOWN),
                checkpoint.sources().stream().map(SourceInfo::kind).toList());
        assertTrue(checkpoint.sources().get(1).fileLog().isPresent(), "the file source's log is read");
        assertEquals(List.of(), checkpoint.problems());
    }

    @Test
    void anIcebergSourceIsRecognisedWithItsInitialOffsets() throws Exception {
        Path folder = folder("iceberg");
        // SparkMicroBatchStream.InitialOffsetStore: StreamingOffset.json() in sources/<i>/offsets/0, no version line.
        String initial = "{\"version\":1,\"snapshot_id\":4358109269303219117,\"position\":0,\"scan_all_files\":false}";
        write(folder, "sources/0/offsets/0", initial);
        offsets(folder, 0, "{\"version\":1,\"snapshot_id\":4358109269303219117,\"position\":2,\"scan_all_files\":false}");
        offsets(folder, 1, "{\"version\":1,\"snapshot_id\":7716434180935711238,\"position\":1,\"scan_all_files\":false}");
        commit(folder, 0);
        commit(folder, 1);

        Checkpoint checkpoint = read(folder);
        assertEquals(List.of(), checkpoint.problems());
        SourceInfo source = checkpoint.sources().get(0);
        assertEquals(SourceKind.ICEBERG, source.kind());
        assertEquals(Json.mapper().readTree(initial), source.initialOffsets());
        assertEquals(Json.mapper().readTree(initial), checkpoint.batches().get(0L).sources().get(0).startOffset());
        assertEquals(4358109269303219117L, checkpoint.batches().get(1L).sources().get(0).startOffset().get("snapshot_id").asLong());

        Path withoutInitial = folder("iceberg-offsets-only");
        offsets(withoutInitial, 0, "{\"version\":1,\"snapshot_id\":1,\"position\":2,\"scan_all_files\":true}");
        assertEquals(SourceKind.ICEBERG, read(withoutInitial).sources().get(0).kind());
    }

    @Test
    void anIcebergSourceFolderIsPartOfTheCheckpointNotOneOfItsOwn() throws Exception {
        Path folder = folder("iceberg-folder");
        write(folder, "sources/0/offsets/0", "{\"version\":1,\"snapshot_id\":1,\"position\":0,\"scan_all_files\":false}");
        offsets(folder, 0, "{\"version\":1,\"snapshot_id\":1,\"position\":2,\"scan_all_files\":false}");
        NotACheckpointException e = assertThrows(NotACheckpointException.class,
                () -> CheckpointReader.read(folder.resolve("sources/0")));
        assertTrue(e.getMessage().contains("part of a checkpoint") && e.getMessage().contains(folder.toString()), e.getMessage());
    }

    // ---- A folder inside a checkpoint ----------------------------------------------------------------------------

    @Test
    void aFolderInsideACheckpointSaysSoAndNamesIt() throws Exception {
        Path sample = temp.resolve("totals");
        FolderSnapshot.copyTree(Path.of("sample-checkpoints/shop-totals-update"), sample);
        for (String part : List.of("offsets", "commits", "state", "state/0", "state/0/1", "state/0/_metadata", "sources/0")) {
            NotACheckpointException e = assertThrows(NotACheckpointException.class,
                    () -> CheckpointReader.read(sample.resolve(part)), part);
            assertTrue(e.getMessage().contains("part of a checkpoint"), part + ": " + e.getMessage());
            assertTrue(e.getMessage().contains("open " + sample.toAbsolutePath().normalize()), part + ": " + e.getMessage());
            assertFalse(e.getMessage().contains(".."), part + ": " + e.getMessage());
        }
        assertEquals(3, CheckpointReader.read(sample).batches().size());
    }

    @Test
    void aParentFolderNamesTheCheckpointsBelowItAndNeverItsOwnParent() throws Exception {
        Path parent = temp.resolve("jobs");
        FolderSnapshot.copyTree(Path.of("sample-checkpoints/shop-totals-update"), parent.resolve("totals"));
        NotACheckpointException e = assertThrows(NotACheckpointException.class, () -> CheckpointReader.read(parent));
        assertTrue(e.getMessage().contains("checkpoints inside it: totals"), e.getMessage());
    }

    // ---- A batch that died while writing state --------------------------------------------------------------------

    /** The totals sample as a crash in batch 2 leaves it: partition 0 wrote 3.delta, partition 1 only a temp file. */
    private Path diedWhileWritingState() throws IOException {
        Path folder = temp.resolve("died-mid-write");
        FolderSnapshot.copyTree(Path.of("sample-checkpoints/shop-totals-update"), folder);
        Files.delete(folder.resolve("commits/2"));
        Files.delete(folder.resolve("commits/.2.crc"));
        Files.delete(folder.resolve("state/0/1/3.delta"));
        Files.delete(folder.resolve("state/0/1/.3.delta.crc"));
        Files.write(folder.resolve("state/0/1/.3.delta.7c1f0e9a-5b2d-4c3e-8f6a-0d9b8c7a6e5f.TID12.tmp"), new byte[0]);
        return folder;
    }

    @Test
    void aHalfWrittenUncommittedVersionIsACrashNotRetention() throws Exception {
        Checkpoint checkpoint = read(diedWhileWritingState());
        assertEquals(List.of(), checkpoint.problems());
        String notes = notes(checkpoint);
        assertTrue(notes.contains("a batch that died while writing state"), notes);
        assertTrue(notes.contains("partition [0] only, not in [1]"), notes);
        assertTrue(notes.contains(".3.delta.7c1f0e9a-5b2d-4c3e-8f6a-0d9b8c7a6e5f.TID12.tmp"), notes);
        assertFalse(notes.contains("purged by retention"), notes);

        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateReader reader = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty());
        List<Long> partitions = new java.util.ArrayList<>();
        reader.rows(2, row -> partitions.add((long) row.partition()));
        assertTrue(partitions.stream().allMatch(p -> p == 0), "partition 1 has no state after batch 2: " + partitions);
        assertFalse(partitions.isEmpty());
        assertEquals(List.of(), reader.problems(), "a crash is no damage");
        assertTrue(reader.notes().toString().contains("a batch that died while writing state"), reader.notes().toString());
        assertFalse(reader.notes().toString().contains("retention"), reader.notes().toString());

        List<Long> after1 = new java.util.ArrayList<>();
        reader.rows(1, row -> after1.add((long) row.partition()));
        assertTrue(after1.contains(1L), "the committed state is all there");
    }

    @Test
    void anEmptyPartitionFolderIsNoMissingVersion() throws Exception {
        Path folder = temp.resolve("empty-partition-folder");
        FolderSnapshot.copyTree(Path.of("sample-checkpoints/shop-totals-update"), folder);
        Files.createDirectories(folder.resolve("state/0/5"));
        Checkpoint checkpoint = read(folder);
        assertEquals(List.of(), checkpoint.problems());
        assertFalse(notes(checkpoint).contains("died"), notes(checkpoint));
    }

    @Test
    void aVersionMissingInAPartitionAfterItsBatchCommittedIsDamage() throws Exception {
        Path folder = temp.resolve("lost-after-commit");
        FolderSnapshot.copyTree(Path.of("sample-checkpoints/shop-totals-update"), folder);
        Files.delete(folder.resolve("state/0/1/3.delta"));
        Checkpoint checkpoint = read(folder);
        assertEquals(1, checkpoint.problems().size(), checkpoint.problems().toString());
        assertTrue(checkpoint.problems().get(0).message().contains("although batch 2 committed"), checkpoint.problems().toString());
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateReader reader = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty());
        reader.rows(2, row -> { });
        String problems = reader.problems().toString();
        assertTrue(problems.contains("state/0/1") && problems.contains("3.delta is missing"), problems);
        assertFalse(problems.contains("retention"), "retention never removes the newest version: " + problems);
    }
}
