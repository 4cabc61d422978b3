package io.streamscope.ui.replay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** A job's source file (PySpark or Scala), read off the FX thread and bounded in size: a job is source code. */
public final class JobFiles {

    /** The largest job read, as the CLI's {@code --job}. */
    public static final long MAX_BYTES = 4 << 20;
    /** The job a sample ships beside its checkpoint files, replayed when no other is given (as the CLI does). */
    public static final String SAMPLE_JOB = "job.py";

    private JobFiles() {
    }

    /** The file's text; an error that says why it cannot be read. */
    public static String read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("no job file " + file);
        }
        if (Files.size(file) > MAX_BYTES) {
            throw new IOException("the job " + file + " is larger than " + MAX_BYTES / (1 << 20) + " MB");
        }
        return Files.readString(file);
    }

    /** The checkpoint folder's own {@code job.py}, if it has a readable one. */
    public static Optional<String> beside(Path checkpoint) {
        try {
            Path file = checkpoint.resolve(SAMPLE_JOB);
            return Files.isRegularFile(file) ? Optional.of(read(file)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
