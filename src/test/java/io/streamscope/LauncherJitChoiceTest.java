package io.streamscope;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The app image's launcher ({@code packaging/launcher.sh}) picks C1 alone for a state read of a local store whose
 * newest version takes under 32 MB, C2 otherwise. Run as the image runs it, with a stand-in for the image's
 * {@code java} that prints the options it was given. Large files are sparse: they hold nothing on disk, and the size
 * the launcher counts is what they hold.
 */
class LauncherJitChoiceTest {

    private static final String C1_ALONE = "-XX:TieredStopAtLevel=1";
    private static final long OVER_32_MB = 40L << 20;

    @Test
    void aSmallStoreIsReadWithC1Alone(@TempDir Path dir) throws Exception {
        Path image = image(dir);
        assertTrue(options(image, "state", "sample-checkpoints/shop-totals-update").contains(C1_ALONE));
        assertTrue(options(image, "state", "sample-checkpoints/shop-totals-rocksdb-snapshots").contains(C1_ALONE));
    }

    @Test
    void aStoreWhoseNewestVersionIsLargeGetsC2(@TempDir Path dir) throws Exception {
        Path image = image(dir);
        Path checkpoint = Files.createDirectories(dir.resolve("large/state/0/0"));
        sparse(checkpoint.resolve("1.delta"), OVER_32_MB);
        sparse(checkpoint.resolve("2.delta"), 1024);
        List<String> options = options(image, "state", dir.resolve("large").toString());
        assertFalse(options.contains(C1_ALONE), options.toString());
        assertTrue(options.contains("-XX:InlineSmallCode=1000"), options.toString());
    }

    /**
     * Spark keeps 100 versions with a snapshot every ten: what came before the newest snapshot is not read, however
     * large. Counted whole, the folder would have gone to C2.
     */
    @Test
    void theHistoryBeforeTheNewestSnapshotIsNotCounted(@TempDir Path dir) throws Exception {
        Path image = image(dir);
        for (int partition = 0; partition < 4; partition++) {
            Path folder = Files.createDirectories(dir.resolve("history/state/0/" + partition));
            sparse(folder.resolve("1.delta"), OVER_32_MB / 4);
            sparse(folder.resolve("10.snapshot"), OVER_32_MB / 4);
            sparse(folder.resolve("20.snapshot"), 1 << 20);
            sparse(folder.resolve("20.delta"), 4096);
            sparse(folder.resolve("21.delta"), 4096);
        }
        assertTrue(options(image, "state", dir.resolve("history").toString()).contains(C1_ALONE));

        // the same partitions with RocksDB's files: the newest zip, its SSTs, and the changelogs after it
        for (int partition = 0; partition < 4; partition++) {
            Path folder = Files.createDirectories(dir.resolve("rocksdb/state/0/" + partition + "/SSTs"));
            sparse(folder.resolve("000008-3c1f.sst"), OVER_32_MB / 4);
            sparse(folder.getParent().resolve("20_5d2e.zip"), 4096);
            sparse(folder.getParent().resolve("21_7a1b.changelog"), 4096);
            sparse(folder.getParent().resolve("1_0f3c.changelog"), OVER_32_MB);
        }
        assertFalse(options(image, "state", dir.resolve("rocksdb").toString()).contains(C1_ALONE),
                "the SSTs are what the newest zip's state is made of");
    }

    @Test
    void aJoinsNamedStoresAreCounted(@TempDir Path dir) throws Exception {
        Path image = image(dir);
        for (String store : List.of("left-keyToNumValues", "left-keyWithIndexToValue")) {
            Path folder = Files.createDirectories(dir.resolve("join/state/0/0/" + store));
            sparse(folder.resolve("1.delta"), OVER_32_MB / 2 + 4096);
        }
        assertFalse(options(image, "state", dir.resolve("join").toString()).contains(C1_ALONE));
    }

    @Test
    void aRemoteStoreAndOtherCommandsKeepTheirs(@TempDir Path dir) throws Exception {
        Path image = image(dir);
        assertFalse(options(image, "state", "s3a://bucket/checkpoint").contains(C1_ALONE));
        assertTrue(options(image, "inspect", "sample-checkpoints/shop-totals-update").contains(C1_ALONE));
        assertFalse(options(image, "replay", "sample-checkpoints/shop-totals-update").contains(C1_ALONE));
    }

    /** An image's layout with the real launcher and a {@code java} that prints its arguments, one a line. */
    private static Path image(Path dir) throws IOException {
        Path image = dir.resolve("image");
        Path bin = Files.createDirectories(image.resolve("bin"));
        Path launcher = bin.resolve("streamscope");
        Files.copy(Path.of("packaging/launcher.sh"), launcher);
        Path java = Files.createDirectories(image.resolve("lib/runtime/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
        Path app = Files.createDirectories(image.resolve("lib/app"));
        Files.createFile(app.resolve("streamscope.jar"));
        // the archives are taken as made for this folder, so the launcher does not try to make them
        Files.writeString(app.resolve("streamscope.jsa.path"), app.toRealPath().resolve("streamscope.jar") + "\n");
        assertTrue(launcher.toFile().setExecutable(true) && java.toFile().setExecutable(true));
        return image;
    }

    private static List<String> options(Path image, String... arguments) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(image.resolve("bin/streamscope").toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the launcher ended");
        assertEquals(0, process.exitValue(), output);
        return output.lines().toList();
    }

    private static void sparse(Path file, long bytes) throws IOException {
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            out.setLength(bytes);
        }
    }
}
