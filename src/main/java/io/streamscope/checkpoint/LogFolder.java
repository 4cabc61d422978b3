package io.streamscope.checkpoint;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;
import java.util.NavigableMap;

/**
 * The batch files of a metadata-log folder ({@code offsets/}, {@code commits/}, {@code sources/<i>/},
 * {@code _spark_metadata/}): files whose name is a batch id, as {@code HDFSMetadataLog.isBatchFile} decides, plus
 * {@code <id>.compact} in compactible logs. Everything else (crc sidecars, temp files) is ignored.
 */
final class LogFolder {

    private LogFolder() {
    }

    static NavigableMap<Long, Path> batchFiles(FolderAccess access, Path dir, boolean compactible) {
        NavigableMap<Long, Path> files = new TreeMap<>();
        if (!access.isFolder(dir)) {
            return files;
        }
        for (Path entry : access.list(dir)) {
            String name = entry.getFileName().toString();
            if (!access.followableListed(entry)) {
                continue;
            }
            String id = compactible && name.endsWith(".compact") ? name.substring(0, name.length() - ".compact".length()) : name;
            Long batchId = parseBatchId(id);
            if (batchId == null) {
                continue;
            }
            Path previous = files.put(batchId, entry);
            if (previous != null) {
                access.findings().problem(access.relative(entry), null,
                        "batch " + batchId + " appears twice in this log (also " + previous.getFileName() + ")");
            }
        }
        return files;
    }

    /** The files of {@code dir} a watcher has seen (parsed, or unreadable after retries), by batch id. */
    static NavigableMap<Long, Path> knownFiles(Path dir, java.util.Set<Long> parsed, java.util.Set<Long> unreadable) {
        NavigableMap<Long, Path> files = new TreeMap<>();
        parsed.forEach(id -> files.put(id, dir.resolve(Long.toString(id))));
        unreadable.forEach(id -> files.put(id, dir.resolve(Long.toString(id))));
        return files;
    }

    static Long parseBatchId(String name) {
        if (name.isEmpty() || name.length() > 19) {
            return null;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i)) && !(i == 0 && name.charAt(i) == '-')) {
                return null;
            }
        }
        try {
            long id = Long.parseLong(name);
            return id >= 0 ? id : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
