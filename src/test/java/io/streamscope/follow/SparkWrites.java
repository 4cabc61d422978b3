package io.streamscope.follow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Lays a real Spark checkpoint into an empty folder (local or on another file system) file by file in the order its
 * query wrote it: {@code metadata} at the start; per batch the source's initial offsets (batch 0), {@code offsets/N},
 * every partition's state version N+1 (batch 0 also its schema and operator metadata), {@code commits/N}. Each file
 * as Spark's CheckpointFileManager writes it: {@code .name.<uuid>.tmp}, then a rename, then the {@code .name.crc}.
 */
public final class SparkWrites {

    private static final Pattern VERSION = Pattern.compile("(\\d+)(?:_[0-9A-Za-z-]+)?\\.(delta|snapshot|zip|changelog)");

    private final Path sample;
    private final Path target;

    public SparkWrites(Path sample, Path target) {
        this.sample = sample;
        this.target = target;
    }

    public Path target() {
        return target;
    }

    /** The query starts: its {@code metadata}, and our sidecar and job beside it (no Spark file). */
    public void start() {
        for (String sidecar : List.of("streamscope.json", "job.py")) {
            if (Files.exists(sample.resolve(sidecar))) {
                copyPlain(sidecar);
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

    /** What a store without atomic rename shows mid-write: the file under its own name with half its bytes. */
    public void halfWritten(String relative) {
        try {
            byte[] whole = Files.readAllBytes(sample.resolve(relative));
            Path file = target.resolve(relative);
            Files.createDirectories(file.getParent());
            Files.write(file, Arrays.copyOf(whole, whole.length / 2));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The rest of a half-written file. */
    public void finish(String relative) {
        try {
            Files.write(target.resolve(relative), Files.readAllBytes(sample.resolve(relative)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One Spark file: temp name, rename, checksum sidecar. */
    public void write(String relative) {
        try {
            Path file = target.resolve(relative);
            Files.createDirectories(file.getParent());
            Path temp = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
            Files.copy(sample.resolve(relative), temp);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file);
            }
            Path crc = sample.resolve(relative).resolveSibling("." + file.getFileName() + ".crc");
            if (Files.exists(crc)) {
                Files.copy(crc, file.resolveSibling("." + file.getFileName() + ".crc"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void copyPlain(String relative) {
        try {
            Files.createDirectories(target.resolve(relative).getParent());
            Files.copy(sample.resolve(relative), target.resolve(relative));
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
}
