package io.streamscope.checkpoint.state;


import java.nio.file.Path;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Test support for the SST reader's tests: the raw key→value state of a RocksDB store at a version as the existing
 * changelog replay ({@link RocksDbStoreReader#stateAt}) builds it, the ground truth for the merged SST snapshot.
 */
public final class ChangelogReplayOracle {

    private ChangelogReplayOracle() {
    }

    /** The state of the store in {@code storeFolder} at {@code version}; {@code uniqueId} "" for checkpoint format v1. */
    public static SortedMap<ByteKey, byte[]> stateAt(Path storeFolder, long version, String uniqueId) throws Exception {
        Map<ByteKey, byte[]> state = RocksDbStoreReader.stateAt(StoreFiles.list(storeFolder), version, uniqueId,
                (file, e) -> {
                    throw new AssertionError("changelog " + file + " is damaged at byte " + e.offset() + ": " + e.getMessage(), e);
                });
        SortedMap<ByteKey, byte[]> sorted = new TreeMap<>();
        state.forEach((key, value) -> sorted.put(new ByteKey(key.bytes()), value));
        return sorted;
    }
}
