package io.streamscope.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.checkpoint.FolderSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The crashes mutation fuzzing found (issue 13), each as it was found: a length field of a state file's compression
 * set to 0x7fffffff or 0xffffffff, a 63 MB line in a metadata-log file, symbolic link loops and dangling links in
 * {@code state/}. Each now gives an answer (exit 0) whose problems or notes name the file, and nothing is written.
 */
class CrashRegressionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private Path copy(String sample) throws IOException {
        Path copy = temp.resolve(sample);
        FolderSnapshot.copyTree(Path.of("sample-checkpoints", sample), copy);
        Path topics = temp.resolve("topics"); // the sidecars name ../topics/…
        if (!Files.exists(topics, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(topics, Path.of("sample-checkpoints/topics").toAbsolutePath());
        }
        return copy;
    }

    private static void putInt(Path file, int offset, int value, ByteOrder order) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer.wrap(bytes, offset, 4).order(order).putInt(value);
        Files.write(file, bytes);
    }

    /** Runs the command as the jar does; asserts an answer, no stack trace, nothing written; returns the JSON. */
    private static JsonNode answer(Path folder, String... args) throws Exception {
        Map<String, String> before = TreeHash.of(folder);
        CheckpointFuzzTest.Run run = CheckpointFuzzTest.cli(args);
        JsonNode json = CheckpointFuzzTest.check(run, String.join(" ", args));
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(before, TreeHash.of(folder), "nothing written");
        return json;
    }

    private static JsonNode problemAbout(JsonNode answer, String path) {
        for (JsonNode problem : answer.path("problems")) {
            if (problem.path("path").asText().equals(path)) {
                return problem;
            }
        }
        throw new AssertionError("no problem names " + path + ": " + answer.path("problems"));
    }

    private static String noteAbout(JsonNode answer, String path) {
        for (JsonNode note : answer.path("notes")) {
            if (note.path("path").asText().equals(path)) {
                return note.path("message").asText();
            }
        }
        throw new AssertionError("no note names " + path + ": " + answer.path("notes"));
    }

    @Test
    void lz4BlockLengthsOf2GbAreDamageNotAnAllocation() throws Exception {
        for (int offset : new int[]{9, 13}) {
            for (int value : new int[]{0x7fffffff, 0xffffffff}) {
                Path folder = copy("shop-totals-update");
                Path delta = folder.resolve("state/0/1/2.delta");
                putInt(delta, offset, value, ByteOrder.LITTLE_ENDIAN); // LZ4Block: int32 LE lengths at 9 and 13
                JsonNode state = answer(folder, "state", folder.toString(), "--batch", "2");
                JsonNode problem = problemAbout(state, "state/0/1/2.delta");
                assertTrue(problem.path("message").asText().contains("LZ4"), problem.toString());
                assertTrue(state.path("rows").size() > 0, "the other partition is still read");
                for (JsonNode row : state.path("rows")) {
                    assertEquals(0, row.path("partition").asInt(), "the damaged partition is left out, not half-shown");
                }
                Files.walk(folder).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void snappyChunkLengthsOf2GbAreDamage() throws Exception {
        for (int value : new int[]{0x7fffffff, 0xffffffff, 0x40000000}) {
            Path folder = copy("state-codec-snappy");
            // SnappyOutputStream: 16-byte header, then int32 BE chunk length
            putInt(folder.resolve("state/0/0/1.delta"), 16, value, ByteOrder.BIG_ENDIAN);
            JsonNode state = answer(folder, "state", folder.toString(), "--batch", "0");
            assertTrue(problemAbout(state, "state/0/0/1.delta").path("message").asText().contains("Snappy"), state.toString());
            Files.walk(folder).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void aSnappyUncompressedLengthVarintOf4GbIsDamage() throws Exception {
        for (byte[] varint : List.of(new byte[]{(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f},
                new byte[]{(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07},
                new byte[]{(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff})) {
            Path folder = copy("state-codec-snappy");
            Path delta = folder.resolve("state/0/1/1.delta");
            byte[] bytes = Files.readAllBytes(delta);
            System.arraycopy(varint, 0, bytes, 20, varint.length); // the raw block's varint32 right after the chunk length
            Files.write(delta, bytes);
            JsonNode state = answer(folder, "state", folder.toString(), "--batch", "0");
            assertTrue(problemAbout(state, "state/0/1/1.delta").path("message").asText().contains("Snappy"), state.toString());
            Files.walk(folder).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void zstdAndLzfLengthsAreDamageToo() throws Exception {
        Path zstd = copy("state-codec-zstd");
        putInt(zstd.resolve("state/0/0/1.delta"), 4, 0x7fffffff, ByteOrder.LITTLE_ENDIAN); // the frame header
        problemAbout(answer(zstd, "state", zstd.toString(), "--batch", "0"), "state/0/0/1.delta");
        Path lzf = copy("state-codec-lzf");
        byte[] bytes = Files.readAllBytes(lzf.resolve("state/0/0/1.delta"));
        bytes[3] = (byte) 0xff; // a compressed chunk's 16-bit lengths
        bytes[4] = (byte) 0xff;
        bytes[5] = (byte) 0xff;
        bytes[6] = (byte) 0xff;
        Files.write(lzf.resolve("state/0/0/1.delta"), bytes);
        problemAbout(answer(lzf, "state", lzf.toString(), "--batch", "0"), "state/0/0/1.delta");
    }

    @Test
    void aLineOf63MbIsAProblemNamingTheFileAndLineAtASmallHeap() throws Exception {
        Path folder = copy("shop-totals-update");
        // offsets/1 with its source line grown to 63 MB of Kafka-shaped JSON
        StringBuilder line = new StringBuilder(64 << 20).append("{\"orders\":{");
        for (int partition = 0; line.length() < 63 << 20; partition++) {
            line.append(partition == 0 ? "" : ",").append('"').append(partition).append("\":").append(1_000_000 + partition);
        }
        line.append("}}");
        String offsets = Files.readString(folder.resolve("offsets/1"));
        Files.writeString(folder.resolve("offsets/1"), offsets.substring(0, offsets.lastIndexOf('\n') + 1) + line);
        line.setLength(0);
        Map<String, String> before = TreeHash.of(folder);
        for (String command : List.of("inspect", "state", "replay")) {
            ChildJvm.Result run = ChildJvm.launch("256m", 120, command, folder.toString());
            assertEquals(0, run.exitCode(), command + ": " + run.err());
            assertFalse(run.err().contains("\tat "), run.err());
            JsonNode json = JSON.readTree(run.out());
            if (!command.equals("replay")) {
                JsonNode problem = problemAbout(json, "offsets/1");
                assertEquals("line 3", problem.path("where").asText(), problem.toString());
                assertTrue(problem.path("message").asText().contains("longer than"), problem.toString());
            }
        }
        assertEquals(before, TreeHash.of(folder));
    }

    @Test
    void aSymbolicLinkLoopInStateIsNoStoreNoVersionAndNoHang() throws Exception {
        Path folder = copy("shop-totals-update");
        Path partition = folder.resolve("state/0/0");
        Files.createSymbolicLink(partition.resolve("4.delta"), Path.of("5.delta"));
        Files.createSymbolicLink(partition.resolve("5.delta"), Path.of("4.delta"));
        Files.createSymbolicLink(partition.resolve("left-keyToNumValues"), Path.of("left-keyToNumValues"));
        Files.createSymbolicLink(folder.resolve("state/0/7"), Path.of("7"));
        Files.createSymbolicLink(folder.resolve("offsets/9"), Path.of("10"));
        Files.createSymbolicLink(folder.resolve("offsets/10"), Path.of("9"));

        JsonNode inspect = answer(folder, "inspect", folder.toString());
        JsonNode stores = inspect.path("stateOperators").get(0).path("stores");
        assertEquals(1, stores.size(), "no phantom store: " + stores);
        assertEquals("[1,2,3]", stores.get(0).path("versions").toString(), "links are no versions");
        assertEquals(2, stores.get(0).path("numPartitions").asInt());
        assertEquals(3, inspect.path("batches").size(), "links in offsets/ are no batches");
        for (String link : List.of("state/0/0/4.delta", "state/0/0/5.delta", "state/0/0/left-keyToNumValues", "state/0/7",
                "offsets/9", "offsets/10")) {
            assertTrue(noteAbout(inspect, link).contains("symbolic link"), link);
        }
        assertEquals(List.of(), JSON.convertValue(inspect.path("problems"), List.class));
        JsonNode state = answer(folder, "state", folder.toString());
        assertEquals(3, state.path("rows").size(), "the store is read as if the links were not there");
    }

    /** A version past {@link Long#MAX_VALUE} in a state file's name was an internal error of inspect and state. */
    @Test
    void aStateFileNamedWithANumberTooLargeIsNoVersion() throws Exception {
        Path folder = copy("shop-totals-update");
        Files.write(folder.resolve("state/0/0/9999999999999999999.delta"), new byte[0]);

        JsonNode inspect = answer(folder, "inspect", folder.toString());
        assertEquals("[1,2,3]", inspect.path("stateOperators").get(0).path("stores").get(0).path("versions").toString());
        assertTrue(noteAbout(inspect, "state/0/0/9999999999999999999.delta").contains("not a state file"));
        JsonNode state = answer(folder, "state", folder.toString(), "--batch", "2");
        assertEquals(3, state.path("rows").size());
    }

    @Test
    void danglingLinksAreNoVersionsAndLinksOutOfTheCheckpointAreNotFollowed() throws Exception {
        Path folder = copy("shop-totals-update");
        Path outside = temp.resolve("outside");
        Files.createDirectories(outside);
        Files.copy(folder.resolve("state/0/0/3.delta"), outside.resolve("4.delta"));
        Files.writeString(outside.resolve("offsets"), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":0}\n{\"orders\":{\"0\":99}}");
        Files.createSymbolicLink(folder.resolve("state/0/1/4.delta"), Path.of("no-such-file.delta"));
        Files.createSymbolicLink(folder.resolve("state/0/0/4.delta"), outside.resolve("4.delta"));
        Files.createSymbolicLink(folder.resolve("state/0/5"), Path.of("no-such-partition"));
        Files.createSymbolicLink(folder.resolve("offsets/3"), outside.resolve("offsets"));
        Files.createSymbolicLink(folder.resolve("commits/3"), Path.of("no-such-commit"));

        JsonNode inspect = answer(folder, "inspect", folder.toString());
        JsonNode store = inspect.path("stateOperators").get(0).path("stores").get(0);
        assertEquals("[1,2,3]", store.path("versions").toString());
        assertEquals(3, inspect.path("batches").size(), "a link out of the checkpoint is not read as batch 3");
        assertTrue(noteAbout(inspect, "state/0/1/4.delta").contains("symbolic link"));
        assertTrue(noteAbout(inspect, "offsets/3").contains("symbolic link"));
        assertTrue(noteAbout(inspect, "commits/3").contains("dangling"), noteAbout(inspect, "commits/3"));
        assertFalse(inspect.toString().contains("\"orders\":{\"0\":99}"), "nothing outside the checkpoint is read");
        JsonNode state = answer(folder, "state", folder.toString(), "--batch", "2");
        assertEquals(3, state.path("rows").size());
        assertEquals(0, state.path("problems").size(), state.path("problems").toString());
    }

    @Test
    void linkedPartitionFoldersAndSstFilesAreNotFollowedOutOfTheCheckpoint() throws Exception {
        Path folder = copy("shop-totals-update");
        Path outside = temp.resolve("elsewhere");
        FolderSnapshot.copyTree(folder.resolve("state/0/1"), outside.resolve("1"));
        CheckpointFuzzTest.deleteTree(folder.resolve("state/0/1"));
        Files.createSymbolicLink(folder.resolve("state/0/1"), outside.resolve("1"));
        JsonNode inspect = answer(folder, "inspect", folder.toString());
        assertTrue(noteAbout(inspect, "state/0/1").contains("symbolic link"));
        JsonNode state = answer(folder, "state", folder.toString());
        for (JsonNode row : state.path("rows")) {
            assertEquals(0, row.path("partition").asInt(), "nothing is read through the link: " + state);
        }

        Path tws = copy("shop-tws");
        Path ssts = tws.resolve("state/0/0/SSTs");
        try (var files = Files.list(ssts)) {
            for (Path sst : files.filter(p -> p.getFileName().toString().endsWith(".sst")).toList()) {
                Path moved = temp.resolve("moved-" + sst.getFileName());
                Files.move(sst, moved);
                Files.createSymbolicLink(sst, moved);
            }
        }
        JsonNode twsState = answer(tws, "state", tws.toString());
        assertTrue(problemAbout(twsState, "state/0/0/3.zip").path("message").asText().contains("symbolic link"),
                twsState.path("problems").toString());
    }

    @Test
    void strayFoldersAndNonNumericEntriesInStateAreNotedNotStores() throws Exception {
        Path folder = copy("shop-totals-update");
        Files.createDirectories(folder.resolve("state/0/0/backup"));
        Files.copy(folder.resolve("state/0/0/1.delta"), folder.resolve("state/0/0/backup/1.delta"));
        Files.createDirectories(folder.resolve("state/0/old"));
        Files.createDirectories(folder.resolve("state/tmp"));
        Files.writeString(folder.resolve("state/0/1/notes.txt"), "copied by hand");
        Files.createDirectories(folder.resolve("state/0/1/7.delta")); // a folder with a state file's name

        JsonNode inspect = answer(folder, "inspect", folder.toString());
        assertEquals(1, inspect.path("stateOperators").size());
        JsonNode stores = inspect.path("stateOperators").get(0).path("stores");
        assertEquals(1, stores.size(), stores.toString());
        assertEquals("[1,2,3]", stores.get(0).path("versions").toString());
        for (String stray : List.of("state/0/0/backup", "state/0/old", "state/tmp", "state/0/1/notes.txt")) {
            noteAbout(inspect, stray);
        }
        JsonNode state = answer(folder, "state", folder.toString());
        assertEquals("default", state.path("storeName").asText(), "one store: state needs no --store");
    }

    @Test
    void aDamagedRocksDbSnapshotZipIsNamed() throws Exception {
        Path folder = copy("shop-tws");
        Path zip = folder.resolve("state/0/0/3.zip");
        byte[] bytes = Files.readAllBytes(zip);
        Files.write(zip, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        JsonNode state = answer(folder, "state", folder.toString());
        assertTrue(problemAbout(state, "state/0/0/3.zip").path("message").asText().contains("zip"), state.path("problems").toString());
    }
}
