package io.streamscope.checkpoint.state.sst;

import io.streamscope.checkpoint.state.ByteKey;
import io.streamscope.checkpoint.state.StateFileException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Damaged copies of a Spark-written SST file (aggregation state, LZ4 blocks, XXH3 checksums, format_version 5):
 * every truncation, every single-byte flip, bad magic, a broken data block and a broken checksum. Reading must end
 * in a {@link StateFileException} at a plausible byte (or, for bytes nothing checks, succeed) — never another
 * exception, a hang or a huge allocation.
 */
class SstDamageTest {

    private static final Path SST = SstFixtures.CORPUS.resolve(
            "checkpoint-version-4.0.0/rocksdb/agg/state/0/1/SSTs/000008-e414df11-1a90-4be8-807c-8d6f970b5f56.sst");

    @TempDir
    Path tmp;

    /** Everything a reader does with a file: open, iterate all entries, read range tombstones. */
    private static List<InternalEntry> readAll(Path file, ChecksumMismatchHandler onMismatch) throws Exception {
        List<InternalEntry> entries = new ArrayList<>();
        try (SstFile sst = SstFile.open(file, onMismatch)) {
            SstCursor cursor = sst.cursor();
            for (InternalEntry e; (e = cursor.next()) != null; ) {
                entries.add(e);
            }
            sst.rangeTombstones();
        }
        return entries;
    }

    private Path write(String name, byte[] bytes) throws Exception {
        Path file = tmp.resolve(name);
        Files.write(file, bytes);
        return file;
    }

    @Test
    void theFixtureIsWhatTheseTestsAssume() throws Exception {
        try (SstFile sst = SstFile.open(SST)) {
            assertEquals(5, sst.footer().formatVersion());
            assertEquals(Checksums.XXH3, sst.footer().checksumType());
            assertEquals(1, sst.properties().numDataBlocks());
            assertTrue(sst.properties().compression().startsWith("LZ4"), sst.properties().compression());
        }
        assertEquals(1, readAll(SST, ChecksumMismatchHandler.STRICT).size());
    }

    @Test
    void everyTruncationIsAClearError() throws Exception {
        byte[] bytes = Files.readAllBytes(SST);
        for (int length = 0; length < bytes.length; length++) {
            Path file = write("truncated-" + length + ".sst", java.util.Arrays.copyOf(bytes, length));
            int l = length;
            StateFileException e = assertThrows(StateFileException.class, () -> readAll(file, ChecksumMismatchHandler.STRICT),
                    "truncated to " + length + " bytes");
            assertTrue(e.offset() >= 0 && e.offset() <= l, "offset " + e.offset() + " within the " + l + " bytes: " + e.getMessage());
            Files.delete(file);
        }
    }

    @Test
    void badMagicNamesTheMagicAndItsOffset() throws Exception {
        byte[] bytes = Files.readAllBytes(SST);
        bytes[bytes.length - 1] ^= 0x55;
        Path file = write("bad-magic.sst", bytes);
        StateFileException e = assertThrows(StateFileException.class, () -> SstFile.open(file));
        assertEquals(bytes.length - 8, e.offset());
        assertTrue(e.getMessage().contains("magic"), e.getMessage());
    }

    @Test
    void aFlippedByteInTheDataBlockIsAChecksumMismatchAtTheBlock() throws Exception {
        byte[] bytes = Files.readAllBytes(SST);
        long dataSize;
        try (SstFile sst = SstFile.open(SST)) {
            dataSize = sst.properties().number(SstProperties.DATA_SIZE).orElseThrow();
        }
        // the single data block is [0, dataSize): contents, type byte, checksum
        for (int at = 0; at < dataSize; at++) {
            byte[] damaged = bytes.clone();
            damaged[at] ^= 0x01;
            Path file = write("flip-" + at + ".sst", damaged);
            StateFileException e = assertThrows(StateFileException.class, () -> readAll(file, ChecksumMismatchHandler.STRICT));
            assertEquals(0, e.offset(), "the data block starts at byte 0: " + e.getMessage());
            assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
            Files.delete(file);
        }
    }

    @Test
    void aMismatchCanBeReportedWhileReadingGoesOn() throws Exception {
        byte[] bytes = Files.readAllBytes(SST);
        long dataSize;
        try (SstFile sst = SstFile.open(SST)) {
            dataSize = sst.properties().number(SstProperties.DATA_SIZE).orElseThrow();
        }
        bytes[(int) dataSize - 1] ^= 0x7f; // the stored checksum itself: the contents are intact
        Path file = write("bad-checksum.sst", bytes);
        List<String> problems = new ArrayList<>();
        List<InternalEntry> entries = readAll(file, (path, mismatch) -> problems.add(path.getFileName() + " byte " + mismatch.offset()));
        assertEquals(List.of("bad-checksum.sst byte 0"), problems);
        assertEquals(readAll(SST, ChecksumMismatchHandler.STRICT).toString(), entries.toString());

        SstMergeException e = assertThrows(SstMergeException.class, () -> SnapshotMerger.merge(List.of(SST, file)));
        assertEquals(file, e.file());
        assertEquals(0, e.offset());
        Map<ByteKey, byte[]> lenient = new java.util.LinkedHashMap<>();
        SnapshotMerger.merge(List.of(file), (path, mismatch) -> { }, (k, v) -> lenient.put(new ByteKey(k), v));
        assertEquals(1, lenient.size());
    }

    /** Every byte flipped three ways, checksums enforced and ignored: only clear errors, quickly. */
    @Test
    void everySingleByteFlipIsHandled() throws Exception {
        byte[] bytes = Files.readAllBytes(SST);
        ChecksumMismatchHandler ignore = (path, mismatch) -> { };
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (int at = 0; at < bytes.length; at++) {
                for (int flip : new int[]{0x01, 0x80, 0xff}) {
                    byte[] damaged = bytes.clone();
                    damaged[at] ^= (byte) flip;
                    Path file = write("fuzz.sst", damaged);
                    for (ChecksumMismatchHandler handler : List.of(ChecksumMismatchHandler.STRICT, ignore)) {
                        try {
                            readAll(file, handler);
                        } catch (StateFileException e) {
                            if (e.offset() < 0 || e.offset() > bytes.length) {
                                fail("byte " + at + " ^ " + flip + ": offset " + e.offset() + " outside the file: " + e.getMessage());
                            }
                        } catch (Exception | Error e) {
                            throw new AssertionError("byte " + at + " ^ 0x" + Integer.toHexString(flip)
                                    + (handler == ignore ? " (checksums ignored)" : "") + ": " + e, e);
                        }
                    }
                }
            }
        });
    }
}
