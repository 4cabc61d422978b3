package io.streamscope.checkpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/** Facts gathered for one store of an operator across its partition folders, for {@link StateDiscovery}. */
final class StoreFacts {

    final SortedSet<Integer> partitions = new TreeSet<>();
    /** Partitions whose store folder exists, with state files in it or not. */
    final SortedSet<Integer> folders = new TreeSet<>();
    final SortedSet<Long> versions = new TreeSet<>();
    /** The newest version of each partition's files, for the partitions with any. */
    final Map<Integer, Long> newestByPartition = new TreeMap<>();
    /** The last partition's versions, sorted: most partitions have the same, added to {@link #versions} once. */
    private long[] lastVersions = new long[0];
    /** Temp files ({@code .<name>.<uuid>.tmp}) per partition: what an interrupted write leaves. */
    final Map<Integer, List<String>> tempFiles = new TreeMap<>();
    boolean hdfsFiles;
    boolean rocksDbFiles;
    final List<StateSchemaFile> schemaFiles = new ArrayList<>();

    /** Adds the facts of later partitions (none of them among this one's). */
    void addAll(StoreFacts later) {
        partitions.addAll(later.partitions);
        folders.addAll(later.folders);
        versions.addAll(later.versions);
        newestByPartition.putAll(later.newestByPartition);
        tempFiles.putAll(later.tempFiles);
        hdfsFiles |= later.hdfsFiles;
        rocksDbFiles |= later.rocksDbFiles;
        schemaFiles.addAll(later.schemaFiles);
    }

    /** The versions of a partition's files, the first {@code count} of {@code versions} in any order. */
    void addVersions(int partition, long[] versions, int count) {
        if (count == 0) {
            return;
        }
        long[] sorted = java.util.Arrays.copyOf(versions, count);
        java.util.Arrays.sort(sorted);
        newestByPartition.put(partition, sorted[count - 1]);
        if (!java.util.Arrays.equals(sorted, lastVersions)) {
            for (long version : sorted) {
                this.versions.add(version);
            }
            lastVersions = sorted;
        }
    }
}
