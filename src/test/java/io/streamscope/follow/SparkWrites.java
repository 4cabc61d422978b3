package io.streamscope.follow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Lays a real Spark checkpoint into an empty folder (local, or on HDFS through Hadoop's own client) file by file in
 * the order its query wrote it: {@code metadata} at the start; per batch the source's initial offsets (batch 0),
 * {@code offsets/N}, every partition's state version N+1 (batch 0 also its schema and operator metadata),
 * {@code commits/N}. Each file as Spark's CheckpointFileManager writes it: {@code .name.<uuid>.tmp}, then a rename,
 * then the {@code .name.crc}.
 */
public final class SparkWrites {

    private static final Pattern VERSION = Pattern.compile("(\\d+)(?:_[0-9A-Za-z-]+)?\\.(delta|snapshot|zip|changelog)");

    /** Where the files go: the test's own writer (the product only ever reads). */
    public interface Destination {
        /** A file written under its own name at once (our sidecar and job, no Spark file). */
        void plain(String relative, byte[] bytes) throws IOException;

        /** Spark's way: the bytes into {@code .name.<uuid>.tmp}, a rename to {@code name}, then the checksum file. */
        void spark(String relative, byte[] bytes, byte[] crc) throws IOException;

        /** Half of a file's bytes visible while the rest is still to come (how depends on the store). */
        void half(String relative, byte[] whole) throws IOException;

        /** The rest of a file {@link #half} began. */
        void finish(String relative, byte[] whole) throws IOException;
    }

    private final Path sample;
    private final Destination destination;

    public SparkWrites(Path sample, Path target) {
        this(sample, new LocalDestination(target));
    }

    public SparkWrites(Path sample, Destination destination) {
        this.sample = sample;
        this.destination = destination;
    }

    /** The query starts: its {@code metadata}, and our sidecar and job beside it (no Spark file). */
    public void start() {
        for (String sidecar : List.of("streamscope.json", "job.py")) {
            if (Files.exists(sample.resolve(sidecar))) {
                run(() -> destination.plain(sidecar, bytes(sidecar)));
            }
        }
        write("metadata");
    }

    /** Batch {@code id} planned: batch 0's sources' initial offsets, then {@code offsets/N}. */
    public void plan(long id) {
        if (id == 0) {
            for (String source : files("sources")) {
                write(source);
            }
        }
        write("offsets/" + id);
    }

    /** The batch's tasks wrote state version id+1 in every partition (and, at batch 0, the schema files). */
    public void state(long id) {
        for (String file : files("state")) {
            Matcher version = VERSION.matcher(Path.of(file).getFileName().toString());
            if (version.matches() ? Long.parseLong(version.group(1)) == id + 1 : id == 0) {
                write(file);
            }
        }
    }

    public void commit(long id) {
        write("commits/" + id);
    }

    /** A whole batch: plan, state, commit. */
    public void batch(long id) {
        plan(id);
        state(id);
        commit(id);
    }

    /**
     * A file mid-write: locally what a store without atomic rename shows (the file under its own name with half its
     * bytes); see the destination for others.
     */
    public void halfWritten(String relative) {
        run(() -> destination.half(relative, bytes(relative)));
    }

    /** The rest of a half-written file. */
    public void finish(String relative) {
        run(() -> destination.finish(relative, bytes(relative)));
    }

    /** One Spark file: temp name, rename, checksum sidecar. */
    public void write(String relative) {
        Path crc = sample.resolve(relative).resolveSibling("." + Path.of(relative).getFileName() + ".crc");
        run(() -> destination.spark(relative, bytes(relative), Files.exists(crc) ? Files.readAllBytes(crc) : null));
    }

    private byte[] bytes(String relative) throws IOException {
        return Files.readAllBytes(sample.resolve(relative));
    }

    private interface Step {
        void run() throws IOException;
    }

    private static void run(Step step) {
        try {
            step.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The sample's files under {@code folder}, checksums and temp files left out, in name order. */
    private List<String> files(String folder) {
        List<String> files = new ArrayList<>();
        Path root = sample.resolve(folder);
        if (!Files.isDirectory(root)) {
            return files;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(Files::isRegularFile)
                    .filter(file -> !file.getFileName().toString().startsWith("."))
                    .map(file -> sample.relativize(file).toString().replace('\\', '/'))
                    .sorted()
                    .forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** A local folder, written with java.nio. */
    record LocalDestination(Path target) implements Destination {

        @Override
        public void plain(String relative, byte[] bytes) throws IOException {
            Path file = target.resolve(relative);
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        }

        @Override
        public void spark(String relative, byte[] bytes, byte[] crc) throws IOException {
            Path file = target.resolve(relative);
            Files.createDirectories(file.getParent());
            Path temp = file.resolveSibling("." + file.getFileName() + "." + java.util.UUID.randomUUID() + ".tmp");
            Files.write(temp, bytes);
            try {
                Files.move(temp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(temp, file);
            }
            if (crc != null) {
                Files.write(file.resolveSibling("." + file.getFileName() + ".crc"), crc);
            }
        }

        @Override
        public void half(String relative, byte[] whole) throws IOException {
            plain(relative, Arrays.copyOf(whole, whole.length / 2));
        }

        @Override
        public void finish(String relative, byte[] whole) throws IOException {
            Files.write(target.resolve(relative), whole);
        }
    }
}
