package io.streamscope;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Deletes the scratch folders of tests and benchmarks: a test server's (the in-process HDFS's blocks, S3Mock's
 * objects: 3–17 MB a run), removed when the JVM ends after the server is down, and a benchmark's generated checkpoints.
 */
public final class TempTree {

    private TempTree() {
    }

    /** Runs {@code stop} and then deletes {@code root}, once, as the JVM shuts down. */
    public static void deleteAtExit(Path root, Runnable stop) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                stop.run();
            } finally {
                delete(root);
            }
        }, "delete " + root.getFileName()));
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
}
