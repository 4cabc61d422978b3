package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Rebuilds a RocksDB store partition at a version by replaying its changelogs (Spark 3.5+ with changelog
 * checkpointing), following checkpoint format v2's lineage where file names carry unique ids. Keys and values are
 * returned as RocksDB holds them (version byte, column family prefix); {@link RocksDbEncoding} takes those apart.
 */
final class RocksDbStoreReader {

    private static final byte MERGE_DELIMITER = ',';

    private RocksDbStoreReader() {
    }

    /** The raw key→value map at {@code version}; {@code uniqueId} is "" for checkpoint format v1. */
    static Map<ByteKey, byte[]> stateAt(StoreFiles files, long version, String uniqueId, HdfsStoreReader.FileFailure onFailure)
            throws StoreVersionNotAvailableException, IOException {
        Map<ByteKey, byte[]> state = new HashMap<>();
        for (Path changelog : chain(files, version, uniqueId)) {
            read(changelog, record -> apply(state, record), onFailure);
        }
        return state;
    }

    /** The records of the changelog written for {@code version}. */
    static void changesOf(StoreFiles files, long version, String uniqueId, Consumer<StateRecord> sink,
                          HdfsStoreReader.FileFailure onFailure) throws StoreVersionNotAvailableException, IOException {
        Path changelog = files.changelog(version, uniqueId);
        if (changelog == null) {
            throw new StoreVersionNotAvailableException("no changelog for version " + version + describeId(uniqueId)
                    + " in " + files.folder().getFileName() + " (changelog checkpointing off, or purged)");
        }
        read(changelog, sink, onFailure);
    }

    /** The changelogs to replay, oldest first, from version 1 up to {@code version}. */
    private static Deque<Path> chain(StoreFiles files, long version, String uniqueId)
            throws StoreVersionNotAvailableException, IOException {
        Deque<Path> chain = new ArrayDeque<>();
        long v = version;
        String id = uniqueId;
        while (v >= 1) {
            Path changelog = files.changelog(v, id);
            if (changelog == null) {
                boolean snapshot = files.zip(v, id) != null || files.newestAtOrBelow("zip", v) > 0;
                throw new StoreVersionNotAvailableException("version " + version + " cannot be rebuilt from changelogs: "
                        + "no changelog for version " + v + describeId(id)
                        + (snapshot ? "; it needs a RocksDB snapshot (.zip + SSTs), which this version does not read yet"
                        : " (changelog checkpointing off, or purged)"));
            }
            chain.addFirst(changelog);
            id = previousId(changelog, v, id);
            v--;
        }
        return chain;
    }

    /** The unique id of version {@code v - 1}, from this changelog's lineage (checkpoint format v2), else "". */
    private static String previousId(Path changelog, long v, String id) throws IOException {
        if (id.isEmpty() || v <= 1) {
            return "";
        }
        try {
            StateFileReader.Header header = StateFileReader.readChangelogHeader(changelog);
            if (header.lineageJson() != null) {
                JsonNode lineage = Json.MAPPER.readTree(header.lineageJson());
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
