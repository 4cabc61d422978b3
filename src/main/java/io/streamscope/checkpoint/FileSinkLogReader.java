package io.streamscope.checkpoint;

import java.nio.file.Path;

/**
 * Reads the {@code _spark_metadata/} log of a file sink's output folder: which data files each batch committed.
 * It lives next to the data, not in the checkpoint.
 */
public final class FileSinkLogReader {

    /** The log with what was wrong in it. */
    public record FileSinkLog(Path outputFolder, CompactibleLog log, java.util.List<Problem> problems) {
    }

    private FileSinkLogReader() {
    }

    public static FileSinkLog read(Path outputFolder) throws NotACheckpointException {
        Path root = outputFolder.toAbsolutePath().normalize();
        if (FolderKind.of(root) != FolderKind.FILE_SINK_OUTPUT) {
            throw new NotACheckpointException(root + " has no _spark_metadata/ folder");
        }
        Findings findings = new Findings();
        FolderAccess access = new FolderAccess(root, findings);
        CompactibleLog log = CompactibleLogReader.read(access, root.resolve("_spark_metadata"));
        return new FileSinkLog(root, log, findings.problems());
    }
}
