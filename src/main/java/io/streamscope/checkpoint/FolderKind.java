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

    public static FolderKind of(Path folder) throws NotACheckpointException {
        if (!Files.exists(folder)) {
            throw new NotACheckpointException(folder + " does not exist");
        }
        if (!Files.isDirectory(folder)) {
            throw new NotACheckpointException(folder + " is a file, not a checkpoint folder");
        }
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

    /** Names checkpoints one or two levels down, for a user who opened their parent. */
    private static String hintBelow(Path folder) {
        List<String> found = new ArrayList<>();
        try (Stream<Path> paths = Files.walk(folder, 3)) {
            paths.filter(p -> p.getFileName() != null && p.getFileName().toString().equals("offsets") && Files.isDirectory(p))
                    .map(p -> folder.relativize(p.getParent()).toString())
                    .filter(p -> !p.isEmpty())
                    .sorted()
                    .limit(12)
                    .forEach(found::add);
        } catch (IOException | RuntimeException e) {
            return "";
        }
        return found.isEmpty() ? "" : "; checkpoints inside it: " + String.join(", ", found);
    }
}
