package io.streamscope.checkpoint.state;

import io.streamscope.task.Cancellation;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;
import io.streamscope.checkpoint.state.sst.SnapshotMerger;
import io.streamscope.checkpoint.state.sst.SstMergeException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Rebuilds a RocksDB store partition at a version: the newest snapshot zip at or below it (its SST files merged
 * by sequence number) and the changelogs after it (Spark 3.5+ with changelog checkpointing), following checkpoint
 * format v2's lineage where file names carry unique ids. Keys and values are
 * returned as RocksDB holds them (version byte, column family prefix); {@link RocksDbEncoding} takes those apart.
 */
final class RocksDbStoreReader {

    private static final byte MERGE_DELIMITER = ',';

    private RocksDbStoreReader() {
    }

    /**
     * The raw key→value map at {@code version}; {@code uniqueId} is "" for checkpoint format v1. Like Spark: the
     * newest snapshot zip on the way back (its SST files merged), then the changelogs after it.
     */
    static Map<ByteKey, byte[]> stateAt(StoreFiles files, long version, String uniqueId, HdfsStoreReader.FileFailure onFailure)
            throws StoreVersionNotAvailableException, IOException {
        return stateAt(files, version, uniqueId, onFailure, Cancellation.NEVER);
    }

    /** Likewise, asking {@code cancellation} every {@value RecordBuffer#RECORDS_PER_CHECK} entries merged or applied. */
    static Map<ByteKey, byte[]> stateAt(StoreFiles files, long version, String uniqueId, HdfsStoreReader.FileFailure onFailure,
                                        Cancellation cancellation) throws StoreVersionNotAvailableException, IOException {
        Map<ByteKey, byte[]> state = new HashMap<>();
        long[] entries = {0};
        Runnable counted = () -> {
            if (entries[0]++ % RecordBuffer.RECORDS_PER_CHECK == 0) {
                cancellation.check();
            }
        };
        Chain chain = chain(files, version, uniqueId);
        if (chain.snapshot() != null) {
            loadSnapshot(files, chain.snapshot(), (key, value) -> state.put(new ByteKey(key), value), onFailure, counted);
        }
        for (Path changelog : chain.changelogs()) {
            read(changelog, record -> {
                counted.run();
                apply(state, record);
            }, onFailure);
        }
        return state;
    }

    /**
     * Likewise into {@code buffer} (cleared first, settled after; it asks its own cancellation between records), the
     * records' bytes copied straight from the decompressed files, without an object per record: what the map gives,
     * in key order. Merge records (transformWithState's list state) need the values joined, so a chain with one is
     * read again through the map.
     */
    static void stateAt(StoreFiles files, long version, String uniqueId, HdfsStoreReader.FileFailure onFailure,
                        Cancellation cancellation, RecordBuffer buffer) throws StoreVersionNotAvailableException, IOException {
        Chain chain = chain(files, version, uniqueId);
        List<Runnable> failures = new ArrayList<>();
        HdfsStoreReader.FileFailure held = (file, e) -> failures.add(() -> onFailure.failed(file, e));
        PutsAndDeletes sink = new PutsAndDeletes(buffer);
        buffer.clear();
        if (chain.snapshot() != null) {
            loadSnapshot(files, chain.snapshot(), buffer::put, held, () -> { });
        }
        for (Path changelog : chain.changelogs()) {
            if (!sink.merge) {
                try {
                    StateFileReader.readChangelog(changelog, sink);
                } catch (StateFileException e) {
                    held.failed(changelog, e);
                }
            }
        }
        if (sink.merge) {
            buffer.clear();
            stateAt(files, version, uniqueId, onFailure, cancellation).forEach((key, value) -> buffer.put(key.bytes(), value));
        } else {
            failures.forEach(Runnable::run);
        }
        buffer.settle();
    }

    /** The files that rebuild a version: the newest snapshot zip on the way back (or none), then the changelogs after it. */
    private record Chain(Path snapshot, Deque<Path> changelogs) {
    }

    private static Chain chain(StoreFiles files, long version, String uniqueId)
            throws StoreVersionNotAvailableException, IOException {
        Deque<Path> changelogs = new ArrayDeque<>();
        Path snapshot = null;
        long v = version;
        String id = uniqueId;
        while (v >= 1) {
            snapshot = files.zip(v, id);
            if (snapshot != null) {
                break;
            }
            Path changelog = files.changelog(v, id);
            if (changelog == null) {
                throw new StoreVersionNotAvailableException("version " + version + " cannot be rebuilt: no snapshot and"
                        + " no changelog for version " + v + describeId(id) + ": " + files.whyMissing(v));
            }
            changelogs.addFirst(changelog);
            id = previousId(changelog, v, id);
            v--;
        }
        return new Chain(snapshot, changelogs);
    }

    /** Puts and deletes into the buffer; a merge record is noted (and ends the file), for the map to join its values. */
    private static final class PutsAndDeletes implements StateFileReader.RecordSink {
        private final RecordBuffer buffer;
        boolean merge;

        PutsAndDeletes(RecordBuffer buffer) {
            this.buffer = buffer;
        }

        @Override
        public void key(java.io.DataInputStream in, int size) throws IOException {
            buffer.key(in, size);
        }

        @Override
        public void value(java.io.DataInputStream in, int size, StateRecord.Kind kind) throws IOException {
            if (kind == StateRecord.Kind.MERGE) {
                merge = true;
                throw new IOException("a merge record: read through the map");
            }
            buffer.value(in, size, kind);
        }

        @Override
        public void record(byte[] bytes, int keyAt, int keySize, int valueAt, int valueSize, StateRecord.Kind kind) throws IOException {
            if (kind == StateRecord.Kind.MERGE) {
                merge = true;
                throw new IOException("a merge record: read through the map");
            }
            buffer.record(bytes, keyAt, keySize, valueAt, valueSize, kind);
        }
    }

    /** Merges the SST files a snapshot zip lists, read in place from the store's {@code SSTs/} folder. */
    private static void loadSnapshot(StoreFiles files, Path zip, java.util.function.BiConsumer<byte[], byte[]> state,
                                     HdfsStoreReader.FileFailure onFailure, Runnable counted) throws IOException {
        List<Path> ssts = new ArrayList<>();
        try {
            for (JsonNode sst : RocksDbSnapshotMetadata.read(zip).path("sstFiles")) {
                if (!sst.isObject()) {
                    throw new StateFileException(0, "the zip's metadata lists an SST file that is not an object: " + sst);
                }
                String name = sst.path("dfsSstFileName").asText("");
                if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.contains("..") || name.indexOf('\0') >= 0) {
                    throw new StateFileException(0, "the zip's metadata names an SST file \"" + name + "\" outside SSTs/");
                }
                Path sstFile = files.folder().resolve("SSTs").resolve(name);
                if (java.nio.file.Files.isSymbolicLink(sstFile) || java.nio.file.Files.isSymbolicLink(sstFile.getParent())) {
                    throw new StateFileException(0, "the SST file " + name + " the zip lists is a symbolic link; not followed");
                }
                if (java.nio.file.Files.exists(sstFile) && !java.nio.file.Files.isRegularFile(sstFile)) {
                    throw new StateFileException(0, "the SST file " + name + " the zip lists is not a regular file");
                }
                ssts.add(sstFile);
            }
        } catch (StateFileException e) {
            onFailure.failed(zip, e);
            return;
        }
        try {
            SnapshotMerger.merge(ssts, (file, mismatch) -> onFailure.failed(file, mismatch),
                    (key, value) -> {
                        counted.run();
                        state.accept(key, value);
                    });
        } catch (SstMergeException e) {
            onFailure.failed(e.file(), new StateFileException(e.offset(), e.getMessage()));
        } catch (java.nio.file.NoSuchFileException e) {
            onFailure.failed(zip, new StateFileException(0, "an SST file the snapshot lists is missing: " + e.getFile()));
        } catch (java.util.concurrent.CancellationException e) {
            throw e; // the user stopped the read: not the files' doing
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            // The file boundary: damage the SST reader did not foresee still names the snapshot, never escapes.
            onFailure.failed(zip, new StateFileException(0, "the snapshot's SST files cannot be read: " + e));
        }
    }

    /** The records of the changelog written for {@code version}. */
    static void changesOf(StoreFiles files, long version, String uniqueId, Consumer<StateRecord> sink,
                          HdfsStoreReader.FileFailure onFailure) throws StoreVersionNotAvailableException, IOException {
        Path changelog = files.changelog(version, uniqueId);
        if (changelog == null) {
            throw new StoreVersionNotAvailableException("no changelog for version " + version + describeId(uniqueId)
                    + " in " + files.folder().getFileName() + (files.zip(version, uniqueId) != null
                    ? " (changelog checkpointing off: only a snapshot)" : ": " + files.whyMissing(version)));
        }
        read(changelog, sink, onFailure);
    }

    /** The unique id of version {@code v - 1}, from this changelog's lineage (checkpoint format v2), else "". */
    private static String previousId(Path changelog, long v, String id) throws IOException {
        if (id.isEmpty() || v <= 1) {
            return "";
        }
        try {
            StateFileReader.Header header = StateFileReader.readChangelogHeader(changelog);
            if (header.lineageJson() != null) {
                JsonNode lineage = Json.mapper().readTree(header.lineageJson());
                for (JsonNode entry : lineage) {
                    if (entry.path("version").asLong() == v - 1) {
                        return entry.path("checkpointUniqueId").asText("");
                    }
                }
            }
        } catch (StateFileException e) {
            // the replay reads the same file and reports the damage with its position
        }
        return "";
    }

    private static void apply(Map<ByteKey, byte[]> state, StateRecord record) {
        ByteKey key = new ByteKey(record.key());
        switch (record.kind()) {
            case DELETE -> state.remove(key);
            case PUT -> state.put(key, record.value());
            case MERGE -> state.merge(key, record.value(), (old, added) -> {
                byte[] merged = new byte[old.length + 1 + added.length];
                System.arraycopy(old, 0, merged, 0, old.length);
                merged[old.length] = MERGE_DELIMITER;
                System.arraycopy(added, 0, merged, old.length + 1, added.length);
                return merged;
            });
        }
    }

    private static void read(Path changelog, Consumer<StateRecord> sink, HdfsStoreReader.FileFailure onFailure) throws IOException {
        try {
            StateFileReader.readChangelog(changelog, sink);
        } catch (StateFileException e) {
            onFailure.failed(changelog, e);
        }
    }

    private static String describeId(String id) {
        return id.isEmpty() ? "" : " with unique id " + id;
    }
}
