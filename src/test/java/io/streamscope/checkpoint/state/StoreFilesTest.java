package io.streamscope.checkpoint.state;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A partition folder's state files are looked at only when an answer depends on them, and the answers are those of a
 * folder whose links and sub-folders named like state files were never there: Spark writes neither, and a link is not
 * followed.
 */
class StoreFilesTest {

    @Test
    void onlyRegularFilesAreVersions(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("1.delta"), "one");
        Files.writeString(dir.resolve("2.delta"), "two");
        Files.createSymbolicLink(dir.resolve("3.delta"), Path.of("no-such-file"));
        Files.createDirectory(dir.resolve("4.delta"));
        Files.createSymbolicLink(dir.resolve("2.snapshot"), Path.of("2.delta"));
        Files.createSymbolicLink(dir.resolve("9.zip"), Path.of("1.delta"));
        Files.writeString(dir.resolve("1.delta.crc"), "a checksum sidecar");

        StoreFiles files = StoreFiles.list(dir);

        assertEquals(dir.resolve("2.delta"), files.delta(2));
        assertNull(files.delta(3), "a dangling link");
        assertNull(files.delta(4), "a folder");
        assertNull(files.snapshot(2), "a link to a delta");
        assertEquals(-1, files.newestAtOrBelow("snapshot", 10));
        assertEquals(2, files.newestAtOrBelow("delta", 10));
        assertNull(files.anyZip());
        assertFalse(files.isEmpty());
        assertTrue(files.hasHdfsFiles());
        assertEquals(2, files.newestVersion(), "the links and the folder are no versions");
        assertEquals(1, files.oldestVersion());
        assertTrue(files.whyMissing(3).startsWith("never written"), files.whyMissing(3));
        assertEquals(dir.resolve("1.delta"), files.delta(1), "asked again after the others were looked at");
    }

    @Test
    void aFolderOfLinksHoldsNoState(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("elsewhere"), "not a state file");
        Files.createSymbolicLink(dir.resolve("1.delta"), Path.of("elsewhere"));
        Files.createSymbolicLink(dir.resolve("1.changelog"), Path.of("elsewhere"));

        StoreFiles files = StoreFiles.list(dir);

        assertTrue(files.isEmpty());
        assertFalse(files.hasHdfsFiles());
        assertEquals(-1, files.newestVersion());
        assertNull(files.changelog(1, ""));
    }

    @Test
    void theNewestZipIsARegularOne(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("4_5d2e.zip"), "four");
        Files.createSymbolicLink(dir.resolve("8_7a1b.zip"), Path.of("4_5d2e.zip"));

        assertEquals(dir.resolve("4_5d2e.zip"), StoreFiles.list(dir).anyZip());
    }
}
