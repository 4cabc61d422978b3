package io.streamscope.checkpoint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Read-only access to the files of one opened folder, reporting every failure to {@link Findings} with the path
 * relative to that folder. Nothing here ever creates, changes or deletes a file.
 */
final class FolderAccess {

    /** Metadata-log files are small; anything bigger is not what Spark writes there. */
    static final long MAX_LOG_FILE_BYTES = 64L * 1024 * 1024;

    private final Path root;
    private final Findings findings;

    FolderAccess(Path root, Findings findings) {
        this.root = root;
        this.findings = findings;
    }

    Path root() {
        return root;
    }

    Findings findings() {
        return findings;
    }

    String relative(Path path) {
        String relative = root.relativize(path).toString().replace('\\', '/');
        return relative.isEmpty() ? "." : relative;
    }

    /** Hadoop and Spark bookkeeping: {@code .crc} sidecars, in-flight {@code .tmp} files, 2.x {@code temp-} dirs. */
    static boolean isBookkeeping(String name) {
        return name.startsWith(".") || name.endsWith(".tmp") || name.startsWith("temp-");
    }

    /** The entries of a folder, bookkeeping files left out, sorted by name; empty when it cannot be listed. */
    List<Path> list(Path dir) {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path entry : stream) {
                if (!isBookkeeping(entry.getFileName().toString())) {
                    entries.add(entry);
                }
            }
        } catch (IOException e) {
            findings.problem(relative(dir), null, "cannot list folder: " + describe(e));
        }
        entries.sort(null);
        return entries;
    }

    /** The whole file, or empty (with a problem) when it is a folder, too big or unreadable. */
    Optional<byte[]> read(Path file) {
        return read(file, MAX_LOG_FILE_BYTES);
    }

    Optional<byte[]> read(Path file, long maxBytes) {
        String relative = relative(file);
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            findings.problem(relative, null, "is a folder where Spark writes a file");
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file, StandardOpenOption.READ)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) {
                findings.problem(relative, null, "file is larger than " + maxBytes + " bytes; not a Spark metadata file");
                return Optional.empty();
            }
            return Optional.of(bytes);
        } catch (IOException e) {
            findings.problem(relative, null, "cannot read: " + describe(e));
            return Optional.empty();
        }
    }

    static String describe(IOException e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : " " + message);
    }
}
