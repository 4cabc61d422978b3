package io.streamscope;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Deletes the scratch folders of tests and benchmarks: a test server's (the in-process HDFS's blocks, S3Mock's
 * objects: 3–17 MB a run), removed when the JVM ends after the server is down, and a benchmark's generated checkpoints;
 * and copies a sample into one.
 */
public final class TempTree {

    private TempTree() {
    }

    /**
     * Runs {@code stop} and then deletes {@code root} as the JVM shuts down. The JVM runs its shutdown hooks at once,
     * and Hadoop's own may still be writing there (the data node's replica cache): what appears after the first pass
     * is deleted by a few more, a tenth of a second apart.
     */
    public static void deleteAtExit(Path root, Runnable stop) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                stop.run();
            } finally {
                for (int pass = 0; pass < 10 && Files.exists(root); pass++) {
                    if (pass > 0) {
                        pause();
                    }
                    delete(root);
                }
            }
        }, "delete " + root.getFileName()));
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Deletes {@code root} and everything in it; a failure is printed, not thrown (it is only scratch). */
    public static void delete(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            System.err.println("could not delete " + root + ": " + e);
        }
    }

    /** Copies the tree under {@code from} to {@code to} (which may be on another file system), folders and files. */
    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> tree = Files.walk(from)) {
            for (Path source : tree.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }
}
