package io.streamscope.checkpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Tells what a folder a user opened is: a checkpoint, a file sink's output folder, or neither (and why). */
public enum FolderKind {
    CHECKPOINT,
    FILE_SINK_OUTPUT;

    private static final List<String> CHECKPOINT_ENTRIES = List.of("metadata", "offsets", "commits", "state", "sources");

    /** The folders Spark writes inside a checkpoint, and what each one is. */
    private static final java.util.Map<String, String> PARTS = java.util.Map.of(
            "offsets", "its offsets/ folder (the offset log)",
            "commits", "its commits/ folder (the commit log)",
            "state", "its state/ folder",
            "sources", "its sources/ folder");

    public static FolderKind of(Path folder) throws NotACheckpointException {
        if (!Files.exists(folder)) {
            throw new NotACheckpointException(folder + " does not exist");
        }
        if (!Files.isDirectory(folder)) {
            throw new NotACheckpointException(folder + " is a file, not a checkpoint folder");
        }
        partOfCheckpoint(folder);
        for (String entry : CHECKPOINT_ENTRIES) {
            if (Files.exists(folder.resolve(entry))) {
                return CHECKPOINT;
            }
        }
        if (Files.isDirectory(folder.resolve("_spark_metadata"))) {
            return FILE_SINK_OUTPUT;
        }
        throw new NotACheckpointException(folder + " is not a checkpoint: it has none of metadata, offsets/, commits/,"
                + " state/, sources/" + hintBelow(folder));
    }

    static void requireCheckpoint(Path folder) throws NotACheckpointException {
        if (of(folder) != CHECKPOINT) {
            throw new NotACheckpointException(folder + " is a file sink's output folder (it has _spark_metadata/), not a checkpoint");
        }
    }

    /**
     * A folder inside a checkpoint ({@code offsets/}, {@code state/0/1}, Iceberg's {@code sources/0/offsets}, …) is
     * not a checkpoint of its own: the message names the checkpoint to open instead.
     */
    private static void partOfCheckpoint(Path folder) throws NotACheckpointException {
        Path absolute = folder.toAbsolutePath().normalize();
        if (Files.exists(absolute.resolve("metadata")) && Files.isDirectory(absolute.resolve("offsets"))) {
            return; // a checkpoint of its own, wherever it lies
        }
        Path child = absolute;
        Path parent = absolute.getParent();
        for (int depth = 0; parent != null && depth < 8; depth++, child = parent, parent = parent.getParent()) {
            String part = PARTS.get(child.getFileName().toString());
            if (part != null && isCheckpoint(parent)) {
                String inside = child.equals(absolute) ? part : "a folder inside " + part;
                throw new NotACheckpointException(folder + " is part of a checkpoint: " + inside + " of " + parent
                        + "; open " + parent + " instead");
            }
        }
    }

    /** Clearly a checkpoint: its metadata file, or its offset log with a commit log or a metadata file beside it. */
    private static boolean isCheckpoint(Path folder) {
        boolean offsets = Files.isDirectory(folder.resolve("offsets"));
        return Files.isRegularFile(folder.resolve("metadata")) && (offsets || Files.isDirectory(folder.resolve("commits"))
                || Files.isDirectory(folder.resolve("state")) || Files.isDirectory(folder.resolve("sources")))
                || offsets && Files.isDirectory(folder.resolve("commits"));
    }

    /** Names checkpoints one or two levels down, for a user who opened their parent. */
    private static String hintBelow(Path folder) {
        List<String> found = new ArrayList<>();
        try (Stream<Path> paths = Files.walk(folder, 3)) {
            paths.filter(p -> !p.equals(folder) && p.getFileName() != null && p.getFileName().toString().equals("offsets")
                            && Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                    .map(p -> folder.relativize(p.getParent()).toString())
                    .filter(p -> !p.isEmpty() && !p.startsWith(".."))
                    .sorted()
                    .limit(12)
                    .forEach(found::add);
        } catch (IOException | RuntimeException e) {
            return "";
        }
        return found.isEmpty() ? "" : "; checkpoints inside it: " + String.join(", ", found);
    }
}
