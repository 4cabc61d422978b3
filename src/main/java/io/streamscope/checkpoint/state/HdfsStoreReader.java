package io.streamscope.checkpoint.state;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
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
     * Reads the state at {@code version} into {@code buffer} (cleared first), its live records sorted by key; version
     * 0 is the empty state before the first batch. The records of the snapshot and deltas are sorted by key, file
     * order kept within a key, and the last record of each key wins.
     */
    static void stateAt(StoreFiles files, long version, FileFailure onFailure, RecordBuffer buffer)
            throws StoreVersionNotAvailableException, IOException {
        buffer.clear();
        if (version == 0) {
            buffer.settle();
            return;
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
        for (Path file : chain) {
            try {
                StateFileReader.read(file, buffer);
            } catch (StateFileException e) {
                onFailure.failed(file, e);
                if (e.outOfMemory()) {
                    break; // the files after it would run out as well: one message for the partition, not one a file
                }
            }
        }
        buffer.settle();
    }

    /** The records of the delta written for {@code version}, in file order. */
    static void changesOf(StoreFiles files, long version, Consumer<StateRecord> sink, FileFailure onFailure)
            throws StoreVersionNotAvailableException, IOException {
        Path delta = files.delta(version);
        if (delta == null) {
            throw new StoreVersionNotAvailableException("no " + version + ".delta in " + files.folder().getFileName()
                    + (files.snapshot(version) != null ? " (only a snapshot was kept)" : ": " + files.whyMissing(version)));
        }
        read(delta, sink, onFailure);
    }

    private static String missingMessage(StoreFiles files, long version, long missing, long base) {
        return "version " + version + " cannot be rebuilt: " + missing + ".delta is missing"
                + (base > 0 ? " after snapshot " + base : " and no snapshot at or below it exists")
                + ": " + files.whyMissing(missing);
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
