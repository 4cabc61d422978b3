package io.streamscope.checkpoint;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Damaged copies of real Spark checkpoints: each damage gives a problem naming the file (and line or byte where it
 * can), never an exception, everything else is still read, and the folder is byte-identical afterwards.
 */
class DamagedCheckpointTest {

    private static final Path CORPUS = Path.of("src/test/resources/spark-conformance");
    private static final Path AGG = CORPUS.resolve("checkpoint-version-4.0.0/hdfs/agg");
    private static final Path KAFKA = CORPUS.resolve("checkpoint-version-2.4.3-kafka-include-headers-default");

    @TempDir
    Path temp;
    private Path checkpoint;

    @BeforeEach
    void copyFixture() {
        checkpoint = temp.resolve("agg");
        FolderSnapshot.copyTree(AGG, checkpoint);
    }

    private Checkpoint readUnchanged(Path folder) throws Exception {
        Map<String, String> before = FolderSnapshot.of(folder);
        Checkpoint result = CheckpointReader.read(folder);
        assertEquals(before, FolderSnapshot.of(folder), "reading must not change the folder");
        return result;
    }

    private static Problem onlyProblem(Checkpoint checkpoint, String path) {
        List<Problem> problems = checkpoint.problems();
        assertEquals(1, problems.size(), () -> "expected one problem, got " + problems);
        assertEquals(path, problems.get(0).path());
        return problems.get(0);
    }

    private void write(String relative, String text) throws IOException {
        Files.writeString(checkpoint.resolve(relative), text, StandardCharsets.UTF_8);
    }

    private void assertOtherBatchesIntact(Checkpoint read, long damaged) {
        assertEquals(List.of(0L, 1L, 2L, 3L), List.copyOf(read.batches().keySet()));
        for (Batch batch : read.batches().values()) {
            if (batch.id() != damaged) {
                assertTrue(batch.offsets().isPresent(), "offsets of batch " + batch.id());
                assertTrue(batch.committed(), "batch " + batch.id() + " committed");
            }
        }
        assertEquals("stateStoreSave", read.stateOperators().get(0).operatorName());
    }

    @Test
    void truncatedOffsetsFile() throws Exception {
        write("offsets/2", "v1\n{\"batchWatermarkMs\":0,\"batchTime");
        Checkpoint read = readUnchanged(checkpoint);
        Problem problem = onlyProblem(read, "offsets/2");
        assertEquals("line 2", problem.where());
        assertTrue(problem.message().contains("broken JSON"), problem.message());
        assertTrue(read.batches().get(2L).offsets().isEmpty());
        assertTrue(read.batches().get(2L).committed(), "its commit file still proves it finished");
        assertOtherBatchesIntact(read, 2);
        assertNull(read.batches().get(3L).sources().get(0).startOffset(), "start after an unreadable batch is unknown");
    }

    @Test
    void emptyOffsetsFile() throws Exception {
        write("offsets/1", "");
        Checkpoint read = readUnchanged(checkpoint);
        assertTrue(onlyProblem(read, "offsets/1").message().contains("empty file"));
        assertOtherBatchesIntact(read, 1);
    }

    @Test
    void binaryJunkInACommitFile() throws Exception {
        Files.write(checkpoint.resolve("commits/1"), new byte[]{'v', '1', '\n', (byte) 0xC3, 0x28, 0x00, (byte) 0xFF});
        Checkpoint read = readUnchanged(checkpoint);
        Problem problem = onlyProblem(read, "commits/1");
        assertEquals("byte 3", problem.where());
        assertTrue(problem.message().contains("not UTF-8"), problem.message());
        Batch batch = read.batches().get(1L);
        assertTrue(batch.committed(), "the commit file exists, so the batch finished");
        assertNull(batch.commit().orElseThrow().nextBatchWatermarkMs(), "but its watermark is unknown");
        assertOtherBatchesIntact(read, 1);
    }

    @Test
    void unknownFormatVersion() throws Exception {
        String original = Files.readString(checkpoint.resolve("offsets/3"));
        write("offsets/3", original.replaceFirst("v1", "v99"));
        Checkpoint read = readUnchanged(checkpoint);
        Problem problem = onlyProblem(read, "offsets/3");
        assertEquals("line 1", problem.where());
        assertTrue(problem.message().contains("v99"), problem.message());
        assertOtherBatchesIntact(read, 3);
    }

    @Test
    void garbageVersionLine() throws Exception {
        write("commits/0", "version one\n{}");
        Checkpoint read = readUnchanged(checkpoint);
        assertTrue(onlyProblem(read, "commits/0").message().contains("malformed version line"));
        assertOtherBatchesIntact(read, 0);
    }

    @Test
    void brokenSourceLine() throws Exception {
        String original = Files.readString(checkpoint.resolve("offsets/1"));
        write("offsets/1", original.substring(0, original.lastIndexOf('\n') + 1) + "{\"orders\":{\"0\":");
        Checkpoint read = readUnchanged(checkpoint);
        assertEquals("line 3", onlyProblem(read, "offsets/1").where());
        assertOtherBatchesIntact(read, 1);
    }

    @Test
    void folderWhereAFileShouldBe() throws Exception {
        Files.delete(checkpoint.resolve("commits/2"));
        Files.createDirectory(checkpoint.resolve("commits/2"));
        Checkpoint read = readUnchanged(checkpoint);
        assertTrue(onlyProblem(read, "commits/2").message().contains("is a folder"));
        assertOtherBatchesIntact(read, 2);
    }

    @Test
    void garbageQueryMetadata() throws Exception {
        write("metadata", "{\"id\":");
        Checkpoint read = readUnchanged(checkpoint);
        onlyProblem(read, "metadata");
        assertNull(read.queryId());
        assertOtherBatchesIntact(read, -1);
    }

    @Test
    void truncatedSchemaFile() throws Exception {
        Path schema = checkpoint.resolve("state/0/0/_metadata/schema");
        byte[] bytes = Files.readAllBytes(schema);
        Files.write(schema, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Checkpoint read = readUnchanged(checkpoint);
        Problem problem = onlyProblem(read, "state/0/0/_metadata/schema");
        assertTrue(problem.message().contains("truncated"), problem.message());
        assertTrue(problem.where().startsWith("byte "), problem.where());
        StateStoreInfo store = read.stateOperators().get(0).stores().get(0);
        assertEquals(List.of(1L, 2L, 3L, 4L), List.copyOf(store.versions()), "state versions are still listed");
        assertOtherBatchesIntact(read, -1);
    }

    @Test
    void brokenOperatorMetadata() throws Exception {
        write("state/0/_metadata/metadata", "v1\n{\"operatorInfo\":");
        Checkpoint read = readUnchanged(checkpoint);
        assertEquals("line 2", onlyProblem(read, "state/0/_metadata/metadata").where());
        assertNull(read.stateOperators().get(0).operatorName());
        assertEquals(5, read.stateOperators().get(0).stores().get(0).numPartitions(), "partitions counted from folders");
    }

    @Test
    void truncatedKafkaInitialOffsets() throws Exception {
        Path kafka = temp.resolve("kafka");
        FolderSnapshot.copyTree(KAFKA, kafka);
        byte[] bytes = Files.readAllBytes(kafka.resolve("sources/0/0"));
        Files.write(kafka.resolve("sources/0/0"), java.util.Arrays.copyOf(bytes, 20));
        Checkpoint read = readUnchanged(kafka);
        assertEquals("sources/0/0", onlyProblem(read, "sources/0/0").path());
        SourceInfo source = read.sources().get(0);
        assertEquals(SourceKind.KAFKA, source.kind());
        assertNull(source.initialOffsets());
        Batch batch = read.batches().get(0L);
        assertTrue(batch.committed());
        assertNull(batch.sources().get(0).numInputRows(), "rows are unknown without a start");
        assertFalse(batch.sources().get(0).endOffset().isNull());
    }

    @Test
    void everyFileDestroyedAtOnceStillGivesAnAnswer() throws Exception {
        for (String file : List.of("metadata", "offsets/0", "offsets/1", "offsets/2", "offsets/3", "commits/0",
                "commits/3", "state/0/_metadata/metadata", "state/0/0/_metadata/schema")) {
            Files.write(checkpoint.resolve(file), new byte[]{0x00, 0x01, (byte) 0xFE});
        }
        Checkpoint read = readUnchanged(checkpoint);
        assertEquals(9, read.problems().size(), () -> read.problems().toString());
        assertEquals(4, read.batches().size());
        assertTrue(read.batches().values().stream().allMatch(b -> b.offsets().isEmpty()));
        assertTrue(read.batches().get(1L).committed(), "intact commit files still count");
        assertFalse(read.batches().get(3L).willReplay(), "a damaged commit is still a commit");
    }
}
