package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.FolderSnapshot;
import io.streamscope.checkpoint.Json;
import io.streamscope.checkpoint.Problem;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Damaged copies of real Spark state stores, in a temp folder: every damage is a problem naming the file and the byte
 * (or, for a purged version, the version), never an exception and never an allocation of a claimed size; the other
 * partitions are still decoded; the folder is byte-identical afterwards and nothing is written outside it.
 */
class DamagedStateTest {

    private static final Path CORPUS = Path.of("src/test/resources/spark-conformance");
    private static final Path HDFS_AGG = CORPUS.resolve("checkpoint-version-4.0.0/hdfs/agg");
    private static final Path ROCKSDB_AGG = CORPUS.resolve("checkpoint-version-4.0.0/rocksdb/agg");
    private static final Path TWS = CORPUS.resolve("checkpoint-version-4.0.0-tws-unsaferow");
    private static final Pattern BYTE = Pattern.compile("byte (\\d+)");
    /** Spark's LZ4Block parameters (checkpoint-format.md §9.2). */
    private static final int LZ4_BLOCK_SIZE = 32 * 1024;
    private static final int LZ4_SEED = 0x9747b28c;
    private static final int TWO_GB = 0x7FFFFFF0;

    @TempDir
    Path temp;
    private Path agg;

    /** The state after batch 2 of the pristine agg fixture (2.snapshot + 3.delta), by partition. */
    private SortedMap<Integer, List<String>> pristine;

    @BeforeEach
    void copyFixture() throws Exception {
        agg = temp.resolve("agg");
        FolderSnapshot.copyTree(HDFS_AGG, agg);
        Outcome outcome = read(HDFS_AGG, 2);
        assertEquals(List.of(), outcome.problems());
        pristine = outcome.rows();
        assertEquals(Map.of(1, List.of("{_1=3} -> {count=3}", "{_1=5} -> {count=1}"), 2, List.of("{_1=4} -> {count=2}"),
                3, List.of("{_1=1} -> {count=1}"), 4, List.of("{_1=2} -> {count=2}")), pristine);
    }

    // ------------------------------------------------------------------------------------------------------------
    // HDFS deltas and snapshots
    // ------------------------------------------------------------------------------------------------------------

    @Test
    void truncatedLz4Block() throws Exception {
        Path delta = agg.resolve("state/0/1/3.delta");
        byte[] bytes = Files.readAllBytes(delta);
        Files.write(delta, java.util.Arrays.copyOf(bytes, 40)); // inside the first block's 39 compressed bytes
        Outcome outcome = readUnchanged(agg, 2);
        Problem problem = onlyProblem(outcome, "state/0/1/3.delta");
        assertByteWithin(problem, 0, 40);
        assertOtherPartitionsIntact(outcome, 1);
    }

    @Test
    void flippedByteInsideACompressedBlockFailsItsChecksum() throws Exception {
        Path delta = agg.resolve("state/0/1/3.delta");
        byte[] bytes = Files.readAllBytes(delta);
        assertEquals(0x25, bytes[8], "an LZ4-compressed block (method 0x20, level 5)");
        int compressed = ByteBuffer.wrap(bytes, 9, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int last = 21 + compressed - 1; // the last byte of an LZ4 block is always a literal: the data changes, not the framing
        bytes[last] ^= 0x01;
        Files.write(delta, bytes);
        Outcome outcome = readUnchanged(agg, 2);
        Problem problem = onlyProblem(outcome, "state/0/1/3.delta");
        assertByteWithin(problem, 0, bytes.length);
        assertOtherPartitionsIntact(outcome, 1);
        assertFalse(outcome.rows().getOrDefault(1, List.of()).contains("{_1=5} -> {count=1}")
                        && outcome.rows().get(1).contains("{_1=3} -> {count=3}"),
                "the damaged delta's changes cannot all have been applied: " + outcome.rows().get(1));
    }

    @Test
    void wrongChecksumInTheBlockHeader() throws Exception {
        Path delta = agg.resolve("state/0/1/3.delta");
        byte[] bytes = Files.readAllBytes(delta);
        bytes[17] ^= 0x10; // checksum field of the first block header
        Files.write(delta, bytes);
        Outcome outcome = readUnchanged(agg, 2);
        Problem problem = onlyProblem(outcome, "state/0/1/3.delta");
        assertByteWithin(problem, 0, bytes.length);
        assertOtherPartitionsIntact(outcome, 1);
    }

    @Test
    void damageIsReportedAtTheDamagedBlockNotAtTheReadAheadPosition() throws Exception {
        // A 3.delta of many 32 KiB blocks (incompressible values); one byte flipped in the first block's payload.
        Path delta = agg.resolve("state/0/1/3.delta");
        Random random = new Random(42);
        byte[] file = lz4(out -> {
            for (int i = 0; i < 20_000; i++) {
                writeRecord(out, intKey(1000 + i), longValue(random.nextLong()));
            }
            out.writeInt(-1);
        });
        int firstBlockEnd = 21 + ByteBuffer.wrap(file, 9, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        assertTrue(file.length > 4 * firstBlockEnd, "several blocks: " + file.length);
        file[firstBlockEnd - 1] ^= 0x01;
        Files.write(delta, file);
        Outcome outcome = readUnchanged(agg, 2);
        Problem problem = onlyProblem(outcome, "state/0/1/3.delta");
        assertByteWithin(problem, 0, firstBlockEnd);
        assertOtherPartitionsIntact(outcome, 1);
    }

    @Test
    void keyLengthOf2GbIsRefusedWithoutAllocatingIt() throws Exception {
        Path delta = agg.resolve("state/0/1/3.delta");
        byte[] file = lz4(out -> {
            out.writeInt(TWO_GB);
            out.write(new byte[]{1, 2, 3, 4, 5, 6, 7, 8});
        });
        Files.write(delta, file);
        Outcome outcome = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> readUnchanged(agg, 2));
        Problem problem = onlyProblem(outcome, "state/0/1/3.delta");
        assertByteWithin(problem, 0, file.length);
        assertOtherPartitionsIntact(outcome, 1);
    }

    @Test
    void valueLengthOf2GbAfterAGoodKeyIsRefusedWithoutAllocatingIt() throws Exception {
        Path delta = agg.resolve("state/0/2/3.delta");
        byte[] file = lz4(out -> {
            out.writeInt(16);
            out.write(intKey(4));
            out.writeInt(TWO_GB);
            out.write(new byte[16]);
        });
        Files.write(delta, file);
        Outcome outcome = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> readUnchanged(agg, 2));
        Problem problem = onlyProblem(outcome, "state/0/2/3.delta");
        assertByteWithin(problem, 0, file.length);
        assertOtherPartitionsIntact(outcome, 2);
    }

    @Test
    void largeClaimedLengthsInASmallHeapChildJvm() throws Exception {
        // The state command in a JVM with a 32 MB heap: a 2 GB value claim, a 200 MB key claim (under any sanity cap, so
        // only incremental reading saves the heap) and an LZ4 block header claiming 2 GB. It must answer, not die.
        Files.write(agg.resolve("state/0/1/3.delta"), lz4(out -> {
            out.writeInt(16);
            out.write(intKey(3));
            out.writeInt(TWO_GB);
            out.write(new byte[64]);
        }));
        Files.write(agg.resolve("state/0/2/3.delta"), lz4(out -> {
            out.writeInt(200_000_000);
            out.write(new byte[100]);
        }));
        byte[] header = lz4(out -> out.writeInt(-1));
        ByteBuffer.wrap(header, 13, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(TWO_GB); // decompressed length
        Files.write(agg.resolve("state/0/3/3.delta"), header);
        Path jvmTemp = Files.createDirectories(temp.resolve("jvm-tmp"));
        Map<String, String> before = FolderSnapshot.of(agg);

        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-Xmx32m", "-XX:-UsePerfData", "-Djava.io.tmpdir=" + jvmTemp,
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), "io.streamscope.Launcher",
                "state", agg.toString(), "--batch", "2");
        builder.redirectOutput(temp.resolve("child.out").toFile());
        builder.redirectError(temp.resolve("child.err").toFile());
        Process process = builder.start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the child JVM answers quickly");
        String out = Files.readString(temp.resolve("child.out"));
        String err = Files.readString(temp.resolve("child.err"));
        assertEquals(0, process.exitValue(), () -> "exit code; stderr:\n" + err);
        assertFalse(err.contains("OutOfMemoryError"), err);
        JsonNode json = Json.mapper().readTree(out);
        List<String> problemPaths = new ArrayList<>();
        for (JsonNode problem : json.path("problems")) {
            problemPaths.add(problem.path("path").asText());
            assertTrue(BYTE.matcher(problem.path("where").asText("")).find(), "names a byte: " + problem);
        }
        assertEquals(List.of("state/0/1/3.delta", "state/0/2/3.delta", "state/0/3/3.delta"), problemPaths.stream().sorted().toList());
        List<String> partition4 = new ArrayList<>();
        for (JsonNode row : json.path("rows")) {
            if (row.path("partition").asInt() == 4) {
                partition4.add(row.path("key").toString() + " -> " + row.path("value").toString());
            }
        }
        assertEquals(List.of("{\"_1\":2} -> {\"count\":2}"), partition4, "the undamaged partition is still decoded");
        assertEquals(before, FolderSnapshot.of(agg), "the folder is unchanged");
        try (Stream<Path> written = Files.list(jvmTemp)) {
            assertEquals(List.of(), written.toList(), "nothing written to the JVM's temp folder");
        }
    }

    @Test
    void missingDeltaNamesThePurgedVersion() throws Exception {
        Files.delete(agg.resolve("state/0/2/3.delta"));
        Outcome outcome = readUnchanged(agg, 2);
        Problem problem = onlyProblem(outcome, "state/0/2");
        assertTrue(problem.message().contains("3.delta"), problem.toString());
        assertOtherPartitionsIntact(outcome, 2);
        assertFalse(outcome.rows().containsKey(2), "no half state for the partition");

        // the change feed of that batch names it too
        Checkpoint checkpoint = CheckpointReader.read(agg);
        StateReader reader = reader(checkpoint);
        List<StateChange> changes = new ArrayList<>();
        assertDoesNotThrow(() -> reader.changes(1, 2, changes::add));
        assertTrue(reader.problems().stream().anyMatch(p -> p.path().equals("state/0/2") && p.message().contains("3.delta")),
                reader.problems().toString());
        assertTrue(changes.stream().anyMatch(c -> c.partition() == 1), "the other partitions' changes are still there");
    }

    @Test
    void missingFirstDeltaWithoutSnapshot() throws Exception {
        Files.delete(agg.resolve("state/0/3/1.delta"));
        Files.delete(agg.resolve("state/0/3/2.snapshot"));
        Outcome outcome = readUnchanged(agg, 1);
        Problem problem = onlyProblem(outcome, "state/0/3");
        assertTrue(problem.message().contains("1.delta"), problem.toString());
        assertEquals(List.of("{_1=4} -> {count=1}"), outcome.rows().get(2), "partition 2 after batch 1");
    }

    @Test
    void garbageFile() throws Exception {
        Files.writeString(agg.resolve("state/0/4/3.delta"), "this is not a state file\n");
        Outcome outcome = readUnchanged(agg, 2);
        Problem problem = onlyProblem(outcome, "state/0/4/3.delta");
        assertEquals("byte 0", problem.where());
        assertOtherPartitionsIntact(outcome, 4);
    }

    @Test
    void emptyFile() throws Exception {
        Files.write(agg.resolve("state/0/4/3.delta"), new byte[0]);
        Outcome outcome = readUnchanged(agg, 2);
        Problem problem = onlyProblem(outcome, "state/0/4/3.delta");
        assertEquals("byte 0", problem.where());
        assertTrue(problem.message().contains("empty"), problem.toString());
        assertOtherPartitionsIntact(outcome, 4);
    }

    @Test
    void unknownMagic() throws Exception {
        Path delta = agg.resolve("state/0/4/3.delta");
        byte[] bytes = Files.readAllBytes(delta);
        bytes[7] = 'x'; // "LZ4Blocx"
        Files.write(delta, bytes);
        Outcome outcome = readUnchanged(agg, 2);
        Problem problem = onlyProblem(outcome, "state/0/4/3.delta");
        assertEquals("byte 0", problem.where());
        assertOtherPartitionsIntact(outcome, 4);

        Files.write(delta, new byte[]{'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0, 0, 0});
        problem = onlyProblem(readUnchanged(agg, 2), "state/0/4/3.delta");
        assertEquals("byte 0", problem.where());
    }

    @Test
    void damagedSnapshot() throws Exception {
        Path snapshot = agg.resolve("state/0/1/4.snapshot");
        byte[] bytes = Files.readAllBytes(snapshot);
        Files.write(snapshot, java.util.Arrays.copyOf(bytes, bytes.length - 30));
        Outcome outcome = readUnchanged(agg, 3);
        Problem problem = onlyProblem(outcome, "state/0/1/4.snapshot");
        assertByteWithin(problem, 0, bytes.length - 30);
        assertEquals(List.of("{_1=4} -> {count=3}"), outcome.rows().get(2));
        assertEquals(List.of("{_1=2} -> {count=2}", "{_1=6} -> {count=1}"), outcome.rows().get(4));
    }

    @Test
    void rowThatDoesNotFitTheSchemaInAnIntactFile() throws Exception {
        Files.write(agg.resolve("state/0/1/3.delta"), lz4(out -> {
            writeRecord(out, intKey(3), new byte[8]); // a value row too short for one field
            writeRecord(out, intKey(5), longValue(1));
            out.writeInt(-1);
        }));
        Checkpoint checkpoint = CheckpointReader.read(agg);
        StateReader reader = reader(checkpoint);
        List<StateRow> rows = new ArrayList<>();
        assertDoesNotThrow(() -> reader.rows(2, rows::add));
        assertEquals(1, reader.problems().size(), reader.problems().toString());
        Problem problem = reader.problems().get(0);
        assertTrue(problem.path().startsWith("state/0/1"), problem.toString());
        assertTrue(BYTE.matcher(String.valueOf(problem.where())).find(), problem.toString());
        StateRow bad = rows.stream().filter(r -> r.partition() == 1).findFirst().orElseThrow();
        assertInstanceOf(io.streamscope.sparktypes.Row.Raw.class, bad.value(), "shown as bytes");
        assertEquals(2, rows.stream().filter(r -> r.partition() == 1).count(), "both rows of the partition still listed");
        assertEquals(5, rows.size(), "and those of the other partitions");
    }

    // ------------------------------------------------------------------------------------------------------------
    // RocksDB changelogs and snapshot zips
    // ------------------------------------------------------------------------------------------------------------

    @Test
    void truncatedRocksDbChangelog() throws Exception {
        Path rocks = temp.resolve("rocks");
        FolderSnapshot.copyTree(ROCKSDB_AGG, rocks);
        Path changelog = rocks.resolve("state/0/1/3.changelog");
        byte[] bytes = Files.readAllBytes(changelog);
        Files.write(changelog, java.util.Arrays.copyOf(bytes, 45));
        // version 3 = snapshot 2.zip (or changelogs 1–2) + 3.changelog: the damaged file is needed either way
        Outcome outcome = readUnchanged(rocks, 2);
        Problem problem = onlyProblem(outcome, "state/0/1/3.changelog");
        assertByteWithin(problem, 0, 45);
        assertOtherPartitionsIntact(outcome, 1);
    }

    @Test
    void truncatedRocksDbChangelogInTheChangeFeed() throws Exception {
        Path rocks = temp.resolve("rocks");
        FolderSnapshot.copyTree(ROCKSDB_AGG, rocks);
        Path changelog = rocks.resolve("state/0/1/3.changelog");
        Files.write(changelog, java.util.Arrays.copyOf(Files.readAllBytes(changelog), 45));
        Map<String, String> before = FolderSnapshot.of(temp);
        StateReader reader = reader(CheckpointReader.read(rocks));
        List<StateChange> changes = new ArrayList<>();
        assertDoesNotThrow(() -> reader.changes(1, 2, changes::add));
        assertEquals(before, FolderSnapshot.of(temp));
        assertEquals(List.of("state/0/1/3.changelog"), reader.problems().stream().map(Problem::path).toList(),
                "one problem, naming the damaged file: " + reader.problems());
        List<String> described = changes.stream().map(c -> c.partition() + " " + StateConformanceTest.canonical(c.key())
                + " -> " + StateConformanceTest.canonical(c.value())).toList();
        assertEquals(List.of("2 {_1=4} -> {count=2}"), described, "no invented changes from the damaged file");
    }

    @Test
    void missingRocksDbChangelogNamesTheVersion() throws Exception {
        Path rocks = temp.resolve("rocks");
        FolderSnapshot.copyTree(ROCKSDB_AGG, rocks);
        // version 3 = snapshot 2.zip + 3.changelog: without the changelog no reader can rebuild it
        Files.delete(rocks.resolve("state/0/4/3.changelog"));
        Outcome outcome = readUnchanged(rocks, 2);
        Problem problem = onlyProblem(outcome, "state/0/4");
        assertTrue(problem.message().contains("version 3"), problem.toString());
        assertEquals(List.of("{_1=3} -> {count=3}", "{_1=5} -> {count=1}"), outcome.rows().get(1));
    }

    @Test
    void snapshotZipWithDotDotEntriesAndAHugeMetadataEntry() throws Exception {
        Path tws = temp.resolve("tws");
        FolderSnapshot.copyTree(TWS, tws);
        // partition 0: the metadata entry behind "../" and absolute entries; partition 1: a 20 MB metadata entry
        Path zip0 = tws.resolve("state/0/0/1.zip");
        byte[] metadata = entry(zip0, "metadata");
        Files.write(zip0, zip(Map.of("../../../escaped.txt", "x".getBytes(StandardCharsets.UTF_8),
                "/tmp/absolute-escaped.txt", "y".getBytes(StandardCharsets.UTF_8), "metadata", metadata)));
        Path zip1 = tws.resolve("state/0/1/1.zip");
        byte[] huge = new byte[20 * 1024 * 1024];
        java.util.Arrays.fill(huge, (byte) ' ');
        System.arraycopy("v1\n".getBytes(StandardCharsets.UTF_8), 0, huge, 0, 3);
        Files.write(zip1, zip(Map.of("metadata", huge)));

        Map<String, String> everything = FolderSnapshot.of(temp);
        Outcome outcome = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> read(tws, 1));
        assertEquals(everything, FolderSnapshot.of(temp), "nothing written, inside or next to the checkpoint");
        assertFalse(Files.exists(temp.getParent().resolve("escaped.txt")));
        assertFalse(Files.exists(Path.of("/tmp/absolute-escaped.txt")));
        assertEquals(List.of("[countState] {value='a'} -> {value=2}"), outcome.rows().get(0),
                "the zip's metadata is still found behind the hostile entries");
        assertTrue(outcome.problems().stream().anyMatch(p -> p.path().equals("state/0/1/1.zip")),
                "an oversized metadata entry is a problem naming the zip: " + outcome.problems());
    }

    // ------------------------------------------------------------------------------------------------------------
    // Helpers
    // ------------------------------------------------------------------------------------------------------------

    record Outcome(SortedMap<Integer, List<String>> rows, List<Problem> problems) {
    }

    private static StateReader reader(Checkpoint checkpoint) {
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateStoreInfo store = operator.stores().get(0);
        return StateReader.open(checkpoint, operator, store, Optional.empty());
    }

    private static Outcome read(Path folder, long batch) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(folder);
        StateReader reader = reader(checkpoint);
        SortedMap<Integer, List<String>> rows = new TreeMap<>();
        assertDoesNotThrow(() -> reader.rows(batch, row -> rows.computeIfAbsent(row.partition(), p -> new ArrayList<>())
                .add((row.columnFamily() == null ? "" : "[" + row.columnFamily() + "] ")
                        + StateConformanceTest.canonical(row.key()) + " -> " + StateConformanceTest.canonical(row.value()))));
        return new Outcome(rows, reader.problems());
    }

    /** Reads and proves the folder byte-identical afterwards. */
    private Outcome readUnchanged(Path folder, long batch) throws Exception {
        Map<String, String> before = FolderSnapshot.of(temp);
        Outcome outcome = read(folder, batch);
        assertEquals(before, FolderSnapshot.of(temp), "reading must not change (or add to) the temp folder");
        return outcome;
    }

    private static Problem onlyProblem(Outcome outcome, String path) {
        assertEquals(1, outcome.problems().size(), () -> "expected one problem, got " + outcome.problems());
        Problem problem = outcome.problems().get(0);
        assertEquals(path, problem.path(), problem.toString());
        assertFalse(problem.message().isBlank());
        return problem;
    }

    private static void assertByteWithin(Problem problem, long from, long to) {
        Matcher m = BYTE.matcher(String.valueOf(problem.where()));
        assertTrue(m.matches(), "names a byte: " + problem);
        long at = Long.parseLong(m.group(1));
        assertTrue(at >= from && at <= to, "byte " + at + " should be within " + from + "–" + to + ": " + problem);
    }

    private void assertOtherPartitionsIntact(Outcome outcome, int damaged) {
        for (Map.Entry<Integer, List<String>> partition : pristine.entrySet()) {
            if (partition.getKey() != damaged) {
                assertEquals(partition.getValue(), outcome.rows().get(partition.getKey()), "partition " + partition.getKey());
            }
        }
    }

    private interface RecordWriter {
        void write(DataOutputStream out) throws IOException;
    }

    /** A state file as Spark writes it: the record stream in lz4-java's LZ4BlockOutputStream with Spark's parameters. */
    static byte[] lz4(RecordWriter records) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OutputStream lz4 = new LZ4BlockOutputStream(bytes, LZ4_BLOCK_SIZE, LZ4Factory.fastestInstance().fastCompressor(),
                XXHashFactory.fastestInstance().newStreamingHash32(LZ4_SEED).asChecksum(), false);
        try (DataOutputStream out = new DataOutputStream(lz4)) {
            records.write(out);
        }
        return bytes.toByteArray();
    }

    private static void writeRecord(DataOutputStream out, byte[] key, byte[] value) throws IOException {
        out.writeInt(key.length);
        out.write(key);
        out.writeInt(value.length);
        out.write(value);
    }

    /** UnsafeRow {@code struct<_1:int>}. */
    private static byte[] intKey(int value) {
        return ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(0).putInt(value).putInt(0).array();
    }

    /** UnsafeRow {@code struct<count:long>}. */
    private static byte[] longValue(long value) {
        return ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(0).putLong(value).array();
    }

    private static byte[] entry(Path zip, String name) throws IOException {
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                if (entry.getName().equals(name)) {
                    return in.readAllBytes();
                }
            }
        }
        throw new AssertionError("no " + name + " in " + zip);
    }

    private static byte[] zip(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (String name : new java.util.TreeSet<>(entries.keySet())) { // "../…" and "/tmp/…" sort before "metadata"
                out.putNextEntry(new ZipEntry(name));
                out.write(entries.get(name));
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
