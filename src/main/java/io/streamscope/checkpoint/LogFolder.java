package io.streamscope.checkpoint;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        return batchFiles(access, dir, compactible, false);
    }

    /**
     * Likewise, but the files are not looked at here where the batch ids are all distinct: the caller takes each
     * through {@link FolderAccess#followableListed} before reading it, on whichever thread reads it, and leaves out
     * those that are not. For 10,000 batches that is 10,000 {@code lstat} calls off the listing thread, spread over
     * the readers. Where two names give one batch id, which one is kept depends on what each is, so they are all
     * looked at here, as {@link #batchFiles(FolderAccess, Path, boolean)} does.
     */
    static NavigableMap<Long, Path> unlookedBatchFiles(FolderAccess access, Path dir) {
        return batchFiles(access, dir, false, true);
    }

    private static NavigableMap<Long, Path> batchFiles(FolderAccess access, Path dir, boolean compactible, boolean unlooked) {
        NavigableMap<Long, Path> files = new TreeMap<>();
        if (!access.isFolder(dir)) {
            return files;
        }
        if (unlooked) {
            NavigableMap<Long, Path> named = byBatchId(access, access.listInAnyOrder(dir));
            if (named != null) {
                return named;
            }
        }
        for (Path entry : access.list(dir)) {
            String name = entry.getFileName().toString();
            if (!access.followableListed(entry)) {
                continue;
            }
            Long batchId = batchIdOf(name, compactible);
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

    /**
     * The entries named as batch files, by batch id, unlooked at; null where two names give the same id. The other
     * entries are never read, but are looked at here still, so that a link among them is remarked on as before.
     */
    private static NavigableMap<Long, Path> byBatchId(FolderAccess access, List<Path> entries) {
        long[] ids = new long[entries.size()];
        Path[] named = new Path[entries.size()];
        int count = 0;
        List<Path> others = new java.util.ArrayList<>();
        for (Path entry : entries) {
            Long batchId = parseBatchId(FolderAccess.nameOf(entry));
            if (batchId == null) {
                others.add(entry);
            } else {
                ids[count] = batchId;
                named[count++] = entry;
            }
        }
        NavigableMap<Long, Path> files = inIdOrder(ids, named, count);
        if (files == null) {
            return null;
        }
        others.sort(null);
        others.forEach(access::followableListed);
        return files;
    }

    /**
     * The first {@code count} files by their ids, or null where an id comes twice. The ids of a log are nearly always
     * a run without gaps (retention purges the oldest), listed in no order: each file goes to its id's slot, and the
     * map is made from the slots in one pass; ids spread far apart go through a tree.
     */
    private static NavigableMap<Long, Path> inIdOrder(long[] ids, Path[] files, int count) {
        long min = Long.MAX_VALUE;
        long max = -1;
        for (int at = 0; at < count; at++) {
            min = Math.min(min, ids[at]);
            max = Math.max(max, ids[at]);
        }
        if (count == 0 || max - min >= 4L * count) {
            NavigableMap<Long, Path> sorted = new TreeMap<>();
            for (int at = 0; at < count; at++) {
                if (sorted.put(ids[at], files[at]) != null) {
                    return null;
                }
            }
            return sorted;
        }
        Path[] slots = new Path[(int) (max - min + 1)];
        for (int at = 0; at < count; at++) {
            int slot = (int) (ids[at] - min);
            if (slots[slot] != null) {
                return null;
            }
            slots[slot] = files[at];
        }
        long[] keys = new long[count];
        List<Path> values = new java.util.ArrayList<>(count);
        for (int slot = 0; slot < slots.length; slot++) {
            if (slots[slot] != null) {
                keys[values.size()] = min + slot;
                values.add(slots[slot]);
            }
        }
        return AscendingTreeMap.of(keys, values);
    }

    private static Long batchIdOf(String name, boolean compactible) {
        return parseBatchId(compactible && name.endsWith(".compact") ? name.substring(0, name.length() - ".compact".length()) : name);
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
