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
 * Checksum sidecars and temp files do not match and are ignored, and so is anything that is not a regular file (a
 * link, a folder): each entry is looked at ({@code lstat}) when an answer depends on it, not when listed. A read takes a
 * snapshot and the deltas after it, a few files, where Spark keeps 100 versions and more a partition: looking at all
 * 22,000 files of a store of 200 partitions took 60 ms of CPU of every state read. Safe to use from several threads.
 */
public final class StoreFiles {

    /** The files of one kind, by version, then by unique id ({@code ""} without one), regular files or not. */
    private final Map<String, NavigableMap<Long, Map<String, Path>>> byKind = new HashMap<>();
    /** The entries already looked at: whether each is a regular file. */
    private final Map<Path, Boolean> regular = new HashMap<>();
    /** Whether every entry has been looked at and those that are no regular file dropped. */
    private boolean onlyRegular;
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
            stream.forEach(files::add);
        }
        return files;
    }

    /** The state files among {@code listed}, entries of {@code folder} listed before (as reading the checkpoint did). */
    static StoreFiles of(Path folder, Iterable<Path> listed) {
        StoreFiles files = new StoreFiles(folder);
        listed.forEach(files::add);
        return files;
    }

    private void add(Path file) {
        StateFileName name = StateFileName.parse(file.getFileName().toString());
        if (name != null) {
            byKind.computeIfAbsent(name.kind(), k -> new TreeMap<>())
                    .computeIfAbsent(name.version(), k -> new HashMap<>())
                    .put(name.uniqueId(), file);
        }
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
    public synchronized long newestAtOrBelow(String kind, long version) {
        NavigableMap<Long, Map<String, Path>> versions = byKind.getOrDefault(kind, new TreeMap<>());
        for (Map.Entry<Long, Map<String, Path>> entry : versions.headMap(version, true).descendingMap().entrySet()) {
            Path file = entry.getValue().get("");
            if (file != null && isRegular(file)) {
                return entry.getKey();
            }
        }
        return -1;
    }

    /** The newest snapshot zip of any version, or null. */
    public synchronized Path anyZip() {
        NavigableMap<Long, Map<String, Path>> zips = byKind.get("zip");
        if (zips != null) {
            for (Map<String, Path> ids : zips.descendingMap().values()) {
                for (Path zip : ids.values()) {
                    if (isRegular(zip)) {
                        return zip;
                    }
                }
            }
        }
        return null;
    }

    /** The newest version any file of this folder is for, or -1. */
    public synchronized long newestVersion() {
        dropIrregular();
        long newest = -1;
        for (NavigableMap<Long, Map<String, Path>> versions : byKind.values()) {
            newest = Math.max(newest, versions.lastKey());
        }
        return newest;
    }

    /** The oldest version any file of this folder is for, or -1. */
    public synchronized long oldestVersion() {
        dropIrregular();
        long oldest = Long.MAX_VALUE;
        for (NavigableMap<Long, Map<String, Path>> versions : byKind.values()) {
            oldest = Math.min(oldest, versions.firstKey());
        }
        return oldest == Long.MAX_VALUE ? -1 : oldest;
    }

    /**
     * Why version {@code missing} has no file here, as far as the folder tells: newer than every file (never
     * written: its batch stopped first), older than every file (purged by retention), or a gap (removed).
     */
    synchronized String whyMissing(long missing) {
        if (isEmpty() || missing > newestVersion()) {
            return "never written in this partition (its batch stopped before writing state here?)";
        }
        if (missing < oldestVersion()) {
            return "purged by retention (spark.sql.streaming.minBatchesToRetain)?";
        }
        return "missing between versions " + oldestVersion() + " and " + newestVersion() + " (deleted or lost in a copy?)";
    }

    public synchronized boolean isEmpty() {
        return !anyRegular("delta", "snapshot", "changelog", "zip");
    }

    public synchronized boolean hasHdfsFiles() {
        return anyRegular("delta", "snapshot");
    }

    private synchronized Path get(String kind, long version, String uniqueId) {
        NavigableMap<Long, Map<String, Path>> versions = byKind.get(kind);
        Map<String, Path> ids = versions == null ? null : versions.get(version);
        Path file = ids == null ? null : ids.get(uniqueId);
        return file != null && isRegular(file) ? file : null;
    }

    /** Whether any file of these kinds is a regular one, looking at as few as it takes (one, as a rule). */
    private boolean anyRegular(String... kinds) {
        for (String kind : kinds) {
            NavigableMap<Long, Map<String, Path>> versions = byKind.get(kind);
            if (versions != null) {
                for (Map<String, Path> ids : versions.values()) {
                    for (Path file : ids.values()) {
                        if (isRegular(file)) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /** Links are never state files: a dangling one is no version, and none is followed out of the checkpoint. */
    private boolean isRegular(Path file) {
        return regular.computeIfAbsent(file, f -> Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    /** Looks at every entry (once) and drops those that are no regular file, for the answers about all of them. */
    private void dropIrregular() {
        if (onlyRegular) {
            return;
        }
        for (NavigableMap<Long, Map<String, Path>> versions : byKind.values()) {
            for (Map<String, Path> ids : versions.values()) {
                ids.values().removeIf(file -> !isRegular(file));
            }
            versions.values().removeIf(Map::isEmpty);
        }
        byKind.values().removeIf(Map::isEmpty);
        onlyRegular = true;
    }
}
