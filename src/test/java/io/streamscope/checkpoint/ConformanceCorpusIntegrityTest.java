package io.streamscope.checkpoint;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The conformance corpus is evidence: nobody may edit it, and reading it must not change a byte of it.
 * {@code MANIFEST.tsv} lists every data file with its size, SHA-256 and upstream git blob id.
 */
class ConformanceCorpusIntegrityTest {

    private static final Path CORPUS = ConformanceCorpusTest.CORPUS;
    private static final Path MANIFEST = CORPUS.resolve("MANIFEST.tsv");
    /** Files of the corpus that are ours, not Spark's (INDEX.md: "plus the three index files"), and the NOTICE. */
    private static final Set<String> INDEX_FILES = Set.of("INDEX.md", "MANIFEST.tsv", "EXPECTED-DECODED.txt", "NOTICE");

    /** One manifest row. */
    record Entry(String path, long size, String sha256, String gitBlob) {
    }

    static List<Entry> manifest() throws IOException {
        List<String> lines = Files.readAllLines(MANIFEST, StandardCharsets.UTF_8);
        assertEquals("fixture_path\tbytes\tsha256\tgit_blob", lines.get(0), "MANIFEST.tsv header");
        List<Entry> entries = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            String[] cols = line.split("\t", -1);
            assertEquals(4, cols.length, "4 columns: " + line);
            entries.add(new Entry(cols[0], Long.parseLong(cols[1]), cols[2], cols[3]));
        }
        return entries;
    }

    @Test
    void everyManifestFileExistsWithItsSizeSha256AndGitBlobId() throws Exception {
        List<Entry> entries = manifest();
        assertEquals(2248, entries.size(), "INDEX.md: 2,248 data files");
        List<Executable> checks = new ArrayList<>();
        for (Entry entry : entries) {
            Path file = CORPUS.resolve(entry.path());
            checks.add(() -> {
                assertTrue(Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS), "missing: " + entry.path());
                byte[] bytes = Files.readAllBytes(file);
                assertEquals(entry.size(), bytes.length, "size of " + entry.path());
                assertEquals(entry.sha256(), sha256(bytes), "SHA-256 of " + entry.path());
                assertEquals(entry.gitBlob(), gitBlobId(bytes), "git blob id of " + entry.path());
            });
        }
        assertAll("MANIFEST.tsv", checks);
    }

    @Test
    void theCorpusHoldsNoFileTheManifestDoesNotList() throws Exception {
        Set<String> listed = new TreeSet<>();
        for (Entry entry : manifest()) {
            assertTrue(listed.add(entry.path()), "listed twice: " + entry.path());
        }
        Set<String> unlisted = new TreeSet<>();
        try (Stream<Path> paths = Files.walk(CORPUS)) {
            paths.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .map(p -> relative(p))
                    .filter(p -> !listed.contains(p))
                    .forEach(unlisted::add);
        }
        assertEquals(new TreeSet<>(INDEX_FILES), unlisted, "files on disk that MANIFEST.tsv does not list");
    }

    @Test
    void readingEveryFixtureLeavesTheCorpusByteIdentical() throws Exception {
        SortedMap<String, String> before = snapshot();
        assertTrue(before.size() > 2248, "snapshot covers the corpus");

        int read = 0;
        for (String root : ConformanceCorpusTest.checkpointRootsOnDisk()) {
            Checkpoint checkpoint = CheckpointReader.read(CORPUS.resolve(root));
            assertFalse(checkpoint.batches().isEmpty(), root + " read");
            read++;
        }
        assertEquals(40, read, "every checkpoint root read");
        // the log readers that open fixture folders in place
        Path sourceLog = CORPUS.resolve("file-source-log-version-2.1.0").toAbsolutePath().normalize();
        CompactibleLogReader.read(new FolderAccess(sourceLog, new Findings()), sourceLog);
        FileSinkLogReader.read(CORPUS.resolve("escaped-path-2.4.0/output%20%25@%23output"));
        for (String parent : List.of("checkpoint-version-4.0.0", "checkpoint-version-4.0.0-checkpoint-v2", "escaped-path-2.4.0",
                "testCommitLogV1", "file-sink-log-version-2.1.0")) {
            try {
                CheckpointReader.read(CORPUS.resolve(parent));
            } catch (NotACheckpointException expected) {
                // the message is checked in ConformanceFragmentsTest
            }
        }

        SortedMap<String, String> after = snapshot();
        assertEquals(before.keySet(), after.keySet(), "no file or folder created or deleted");
        List<String> changed = new ArrayList<>();
        before.forEach((path, state) -> {
            if (!state.equals(after.get(path))) {
                changed.add(path + ": " + state + " -> " + after.get(path));
            }
        });
        assertEquals(List.of(), changed, "files or folders changed by reading");
    }

    /** Every path of the corpus tree: folders with their modification time, files with size, time and SHA-256. */
    private static SortedMap<String, String> snapshot() throws IOException, NoSuchAlgorithmException {
        SortedMap<String, String> state = new TreeMap<>();
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(CORPUS)) {
            paths = walk.toList();
        }
        for (Path path : paths) {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            String key = relative(path);
            if (attributes.isDirectory()) {
                state.put(key, "dir mtime=" + attributes.lastModifiedTime().toMillis());
            } else {
                state.put(key, "file size=" + attributes.size() + " mtime=" + attributes.lastModifiedTime().toMillis()
                        + " sha256=" + sha256(Files.readAllBytes(path)));
            }
        }
        return state;
    }

    private static String relative(Path path) {
        String relative = CORPUS.relativize(path).toString().replace('\\', '/');
        return relative.isEmpty() ? "." : relative;
    }

    static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /** {@code git hash-object}: SHA-1 of {@code "blob <size>\0" + content}. */
    static String gitBlobId(byte[] bytes) throws NoSuchAlgorithmException {
        MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
        sha1.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
        return HexFormat.of().formatHex(sha1.digest(bytes));
    }
}
