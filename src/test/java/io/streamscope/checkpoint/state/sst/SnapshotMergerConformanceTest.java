package io.streamscope.checkpoint.state.sst;

import io.streamscope.checkpoint.state.ByteKey;
import io.streamscope.checkpoint.state.ChangelogReplayOracle;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every snapshot ({@code <v>.zip} / {@code <v>_<id>.zip}) of the Spark-written RocksDB fixtures, rebuilt by merging
 * the SST files its metadata lists, against the ground truth for that version: the replay of the complete changelog
 * history that the same fixtures carry — key by key, byte for byte.
 */
class SnapshotMergerConformanceTest {

    @Test
    void theCorpusHasSnapshotsWithSeveralSstFiles() {
        List<SstFixtures.Snapshot> snapshots = SstFixtures.snapshots();
        assertTrue(snapshots.size() >= 200, "expected the ~204 snapshot zips of the 4.0 RocksDB fixtures, got " + snapshots.size());
        assertTrue(snapshots.stream().anyMatch(s -> s.ssts().size() >= 2), "some snapshot must need a merge of several SSTs");
        assertTrue(snapshots.stream().anyMatch(s -> !s.uniqueId().isEmpty()), "checkpoint format v2 snapshots are covered");
    }

    @TestFactory
    Stream<DynamicTest> everySnapshotEqualsTheChangelogReplay() {
        return SstFixtures.snapshots().stream().map(s -> DynamicTest.dynamicTest(s.name() + " (" + s.ssts().size() + " SSTs)",
                () -> assertSnapshotMatches(s)));
    }

    private static void assertSnapshotMatches(SstFixtures.Snapshot snapshot) throws Exception {
        SortedMap<ByteKey, byte[]> expected = ChangelogReplayOracle.stateAt(snapshot.store(), snapshot.version(), snapshot.uniqueId());

        List<ByteKey> order = new ArrayList<>();
        Map<ByteKey, byte[]> merged = SnapshotMerger.merge(snapshot.ssts());
        order.addAll(merged.keySet());

        assertEquals(new ArrayList<>(expected.keySet()), order, "the same keys, in ascending byte order");
        if (!snapshot.virtualColumnFamilies()) {
            assertEquals(snapshot.numKeys(), merged.size(), "the zip metadata's numKeys");
        }
        for (Map.Entry<ByteKey, byte[]> e : expected.entrySet()) {
            assertArrayEquals(e.getValue(), merged.get(e.getKey()), () -> "value of key " + e.getKey() + ": expected "
                    + HexFormat.of().formatHex(e.getValue()) + " but the SSTs give " + hex(merged.get(e.getKey())));
        }
    }

    private static String hex(byte[] bytes) {
        return bytes == null ? "null" : HexFormat.of().formatHex(bytes);
    }
}
