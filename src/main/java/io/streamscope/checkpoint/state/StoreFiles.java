package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.StateFileName;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The state files of one store in one partition folder, by version: HDFS {@code <v>.delta} / {@code <v>.snapshot},
 * RocksDB {@code <v>.zip} / {@code <v>.changelog}, and checkpoint format v2's {@code <v>_<uuid>.zip|changelog}.
 * Checksum sidecars and temp files do not match and are ignored.
 */
public final class StoreFiles {

    /** The files of one kind, by version, then by unique id ({@code ""} without one). */
    private final Map<String, NavigableMap<Long, Map<String, Path>>> byKind = new HashMap<>();
    private final Path folder;

    private StoreFiles(Path folder) {
        this.folder = folder;
    }

    public static StoreFiles list(Path folder) throws IOException {
        StoreFiles files = new StoreFiles(folder);
        if (!Files.isDirectory(folder)) {
            return files;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
            for (Path file : stream) {
                StateFileName name = StateFileName.parse(file.getFileName().toString());
                // Links are never state files: a dangling one is no version, and none is followed out of the checkpoint.
                if (name != null && Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    files.byKind.computeIfAbsent(name.kind(), k -> new TreeMap<>())
                            .computeIfAbsent(name.version(), k -> new HashMap<>())
                            .put(name.uniqueId(), file);
                }
            }
        }
        return files;
    }

    public Path folder() {
        return folder;
    }

    public Path delta(long version) {
        return get("delta", version, "");
    }

    public Path snapshot(long version) {
        return get("snapshot", version, "");
    }

    public Path changelog(long version, String uniqueId) {
        return get("changelog", version, uniqueId);
    }

    public Path zip(long version, String uniqueId) {
        return get("zip", version, uniqueId);
    }

    /** The newest version ≤ {@code version} that has a file of this kind (without unique id), or -1. */
    public long newestAtOrBelow(String kind, long version) {
        NavigableMap<Long, Map<String, Path>> versions = byKind.getOrDefault(kind, new TreeMap<>());
        for (Map.Entry<Long, Map<String, Path>> entry : versions.headMap(version, true).descendingMap().entrySet()) {
            if (entry.getValue().containsKey("")) {
                return entry.getKey();
            }
        }
        return -1;
    }

    /** The newest snapshot zip of any version, or null. */
    public Path anyZip() {
        NavigableMap<Long, Map<String, Path>> zips = byKind.get("zip");
        return zips == null || zips.isEmpty() ? null : zips.lastEntry().getValue().values().iterator().next();
    }

    /** The newest version any file of this folder is for, or -1. */
    public long newestVersion() {
        long newest = -1;
        for (NavigableMap<Long, Map<String, Path>> versions : byKind.values()) {
            if (!versions.isEmpty()) {
                newest = Math.max(newest, versions.lastKey());
            }
        }
        return newest;
    }

    /** The oldest version any file of this folder is for, or -1. */
    public long oldestVersion() {
        long oldest = Long.MAX_VALUE;
        for (NavigableMap<Long, Map<String, Path>> versions : byKind.values()) {
            if (!versions.isEmpty()) {
                oldest = Math.min(oldest, versions.firstKey());
            }
        }
        return oldest == Long.MAX_VALUE ? -1 : oldest;
    }

    /**
     * Why version {@code missing} has no file here, as far as the folder tells: newer than every file (never
     * written: its batch stopped first), older than every file (purged by retention), or a gap (removed).
     */
    String whyMissing(long missing) {
        if (isEmpty() || missing > newestVersion()) {
            return "never written in this partition (its batch stopped before writing state here?)";
        }
        if (missing < oldestVersion()) {
            return "purged by retention (spark.sql.streaming.minBatchesToRetain)?";
        }
        return "missing between versions " + oldestVersion() + " and " + newestVersion() + " (deleted or lost in a copy?)";
    }

    public boolean isEmpty() {
        return byKind.isEmpty();
    }

    public boolean hasHdfsFiles() {
        return byKind.containsKey("delta") || byKind.containsKey("snapshot");
    }

    private Path get(String kind, long version, String uniqueId) {
        Map<String, Path> ids = byKind.getOrDefault(kind, new TreeMap<>()).get(version);
        return ids == null ? null : ids.get(uniqueId);
    }
}
