package io.streamscope;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The app image's launcher ({@code packaging/launcher.sh}) picks C1 alone for a state read of a local store whose
 * newest version takes under 32 MB, C2 otherwise. Run as the image runs it ({@link LauncherStandIn}). Large files are
 * sparse: they hold nothing on disk, and the size the launcher counts is what they hold.
 */
class LauncherJitChoiceTest {

    private static final String C1_ALONE = "-XX:TieredStopAtLevel=1";
    private static final long OVER_32_MB = 40L << 20;

    @Test
    void aSmallStoreIsReadWithC1Alone(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        assertTrue(LauncherStandIn.options(image, "state", "sample-checkpoints/shop-totals-update").contains(C1_ALONE));
        assertTrue(LauncherStandIn.options(image, "state", "sample-checkpoints/shop-totals-rocksdb-snapshots").contains(C1_ALONE));
    }

    @Test
    void aStoreWhoseNewestVersionIsLargeGetsC2(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        Path checkpoint = Files.createDirectories(dir.resolve("large/state/0/0"));
        sparse(checkpoint.resolve("1.delta"), OVER_32_MB);
        sparse(checkpoint.resolve("2.delta"), 1024);
        List<String> options = LauncherStandIn.options(image, "state", dir.resolve("large").toString());
        assertFalse(options.contains(C1_ALONE), options.toString());
        assertTrue(options.contains("-XX:InlineSmallCode=1000"), options.toString());
    }

    /**
     * Spark keeps 100 versions with a snapshot every ten: what came before the newest snapshot is not read, however
     * large. Counted whole, the folder would have gone to C2.
     */
    @Test
    void theHistoryBeforeTheNewestSnapshotIsNotCounted(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        for (int partition = 0; partition < 4; partition++) {
            Path folder = Files.createDirectories(dir.resolve("history/state/0/" + partition));
            sparse(folder.resolve("1.delta"), OVER_32_MB / 4);
            sparse(folder.resolve("10.snapshot"), OVER_32_MB / 4);
            sparse(folder.resolve("20.snapshot"), 1 << 20);
            sparse(folder.resolve("20.delta"), 4096);
            sparse(folder.resolve("21.delta"), 4096);
        }
        assertTrue(LauncherStandIn.options(image, "state", dir.resolve("history").toString()).contains(C1_ALONE));

        // the same partitions with RocksDB's files: the newest zip, its SSTs, and the changelogs after it
        for (int partition = 0; partition < 4; partition++) {
            Path folder = Files.createDirectories(dir.resolve("rocksdb/state/0/" + partition + "/SSTs"));
            sparse(folder.resolve("000008-3c1f.sst"), OVER_32_MB / 4);
            sparse(folder.getParent().resolve("20_5d2e.zip"), 4096);
            sparse(folder.getParent().resolve("21_7a1b.changelog"), 4096);
            sparse(folder.getParent().resolve("1_0f3c.changelog"), OVER_32_MB);
        }
        assertFalse(LauncherStandIn.options(image, "state", dir.resolve("rocksdb").toString()).contains(C1_ALONE),
                "the SSTs are what the newest zip's state is made of");
    }

    @Test
    void aJoinsNamedStoresAreCounted(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        for (String store : List.of("left-keyToNumValues", "left-keyWithIndexToValue")) {
            Path folder = Files.createDirectories(dir.resolve("join/state/0/0/" + store));
            sparse(folder.resolve("1.delta"), OVER_32_MB / 2 + 4096);
        }
        assertFalse(LauncherStandIn.options(image, "state", dir.resolve("join").toString()).contains(C1_ALONE));
    }

    @Test
    void aRemoteStoreAndOtherCommandsKeepTheirs(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        assertFalse(LauncherStandIn.options(image, "state", "s3a://bucket/checkpoint").contains(C1_ALONE));
        assertTrue(LauncherStandIn.options(image, "inspect", "sample-checkpoints/shop-totals-update").contains(C1_ALONE));
        assertFalse(LauncherStandIn.options(image, "replay", "sample-checkpoints/shop-totals-update").contains(C1_ALONE));
    }

    private static void sparse(Path file, long bytes) throws IOException {
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            out.setLength(bytes);
        }
    }
}
