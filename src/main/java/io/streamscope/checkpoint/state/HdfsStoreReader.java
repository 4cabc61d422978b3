package io.streamscope.checkpoint.state;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Rebuilds the state of one HDFS-backed store partition at a version, as {@code HDFSBackedStateStoreProvider}
 * loads it: the newest {@code .snapshot} at or below the version, then every {@code .delta} after it in order.
 */
final class HdfsStoreReader {

    private HdfsStoreReader() {
    }

    /** The key→value map at {@code version}; version 0 is the empty state before the first batch. */
    static Map<ByteKey, byte[]> stateAt(StoreFiles files, long version, FileFailure onFailure)
            throws StoreVersionNotAvailableException, IOException {
        Map<ByteKey, byte[]> state = new HashMap<>();
        if (version == 0) {
            return state;
        }
        long base = files.newestAtOrBelow("snapshot", version);
        List<Path> deltas = new ArrayList<>();
        for (long v = Math.max(base, 0) + 1; v <= version; v++) {
            Path delta = files.delta(v);
            if (delta == null) {
                throw new StoreVersionNotAvailableException(missingMessage(files, version, v, base));
            }
            deltas.add(delta);
        }
        if (base > 0) {
            apply(files.snapshot(base), state, onFailure);
        }
        for (Path delta : deltas) {
            apply(delta, state, onFailure);
        }
        return state;
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

    private static void apply(Path file, Map<ByteKey, byte[]> state, FileFailure onFailure) throws IOException {
        read(file, record -> {
            if (record.kind() == StateRecord.Kind.DELETE) {
                state.remove(new ByteKey(record.key()));
            } else {
                state.put(new ByteKey(record.key()), record.value());
            }
        }, onFailure);
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
