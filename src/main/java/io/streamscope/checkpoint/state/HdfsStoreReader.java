package io.streamscope.checkpoint.state;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Rebuilds the state of one HDFS-backed store partition at a version, as {@code HDFSBackedStateStoreProvider}
 * loads it: the newest {@code .snapshot} at or below the version, then every {@code .delta} after it in order
 * (puts overwrite, deletes remove).
 */
final class HdfsStoreReader {

    private HdfsStoreReader() {
    }

    /**
     * The live key/value pairs at {@code version}, sorted by key; version 0 is the empty state before the first
     * batch. The records of the snapshot and deltas are sorted by key (stably, so file order stays within a key) and
     * the last record of each key wins: cheaper than a hash map for the million-key stores this must stream. The
     * result holds only puts.
     */
    static List<StateRecord> stateAt(StoreFiles files, long version, FileFailure onFailure)
            throws StoreVersionNotAvailableException, IOException {
        if (version == 0) {
            return List.of();
        }
        long base = files.newestAtOrBelow("snapshot", version);
        List<Path> chain = new ArrayList<>();
        if (base > 0) {
            chain.add(files.snapshot(base));
        }
        for (long v = Math.max(base, 0) + 1; v <= version; v++) {
            Path delta = files.delta(v);
            if (delta == null) {
                throw new StoreVersionNotAvailableException(missingMessage(files, version, v, base));
            }
            chain.add(delta);
        }
        List<StateRecord> records = new ArrayList<>(expectedRecords(chain));
        for (Path file : chain) {
            read(file, records::add, onFailure);
        }
        records.sort((a, b) -> Arrays.compareUnsigned(a.key(), b.key()));
        List<StateRecord> live = new ArrayList<>(records.size());
        for (int i = 0; i < records.size(); i++) {
            StateRecord record = records.get(i);
            boolean lastOfKey = i + 1 == records.size() || !Arrays.equals(record.key(), records.get(i + 1).key());
            if (lastOfKey && record.kind() != StateRecord.Kind.DELETE) {
                live.add(record);
            }
        }
        return live;
    }

    /**
     * A guess at the number of records in the files, so that the list does not grow by copying (a compressed record is
     * rarely under 8 bytes): growing it was a fifth of the time to read a large store.
     */
    private static int expectedRecords(List<Path> files) throws IOException {
        long bytes = 0;
        for (Path file : files) {
            bytes += Files.size(file);
        }
        return (int) Math.min(1 << 22, Math.max(16, bytes / 8));
    }

    /** The records of the delta written for {@code version}, in file order. */
    static void changesOf(StoreFiles files, long version, Consumer<StateRecord> sink, FileFailure onFailure)
            throws StoreVersionNotAvailableException, IOException {
        Path delta = files.delta(version);
        if (delta == null) {
            throw new StoreVersionNotAvailableException("no " + version + ".delta in " + files.folder().getFileName()
                    + " (purged, or only a snapshot was kept)");
        }
        read(delta, sink, onFailure);
    }

    private static String missingMessage(StoreFiles files, long version, long missing, long base) {
        return "version " + version + " cannot be rebuilt: " + missing + ".delta is missing"
                + (base > 0 ? " after snapshot " + base : " and no snapshot at or below it exists")
                + " (purged by retention?)";
    }

    private static void read(Path file, Consumer<StateRecord> sink, FileFailure onFailure) throws IOException {
        try {
            StateFileReader.read(file, sink);
        } catch (StateFileException e) {
            onFailure.failed(file, e);
        }
    }

    /** Where a damaged file is reported; the records read before the damage are kept. */
    interface FileFailure {
        void failed(Path file, StateFileException e);
    }
}
