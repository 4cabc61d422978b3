package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.FolderSnapshot;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.sparktypes.SparkJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The changes of a RocksDB store without changelogs (Spark's default: only snapshots), by comparing each version's
 * snapshot with the one before: on a copy of the transformWithState sample (real Spark, a zip at every version) with
 * its changelogs taken away, they take each version's state to the next, and agree with what the changelogs say.
 */
class SnapshotChangesTest {

    private static final Path SAMPLE = Path.of("sample-checkpoints/shop-tws");

    @TempDir
    Path temp;

    private static StateReader reader(Checkpoint checkpoint) {
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateStoreInfo store = operator.stores().get(0);
        return StateReader.open(checkpoint, operator, store, Optional.empty());
    }

    /** partition|family|key → value, the store's rows after a batch. */
    private static TreeMap<String, String> state(StateReader reader, long batch) {
        TreeMap<String, String> rows = new TreeMap<>();
        reader.rows(batch, row -> rows.put(row.partition() + "|" + row.columnFamily() + "|" + SparkJson.text(row.key()),
                row.value() == null ? "" : SparkJson.text(row.value())));
        return rows;
    }

    private static List<StateChange> changes(StateReader reader, long from, long to) {
        List<StateChange> all = new ArrayList<>();
        reader.changes(from, to, all::add);
        return all;
    }

    private static String id(StateChange change) {
        return change.partition() + "|" + change.columnFamily() + "|" + SparkJson.text(change.key());
    }

    @Test
    void snapshotDiffsTakeEachVersionToTheNextAndAgreeWithTheChangelogs() throws Exception {
        Path copy = temp.resolve("shop-tws");
        FolderSnapshot.copyTree(SAMPLE, copy);
        try (Stream<Path> files = Files.walk(copy.resolve("state"))) {
            for (Path changelog : files.filter(p -> p.getFileName().toString().endsWith(".changelog")).toList()) {
                Files.delete(changelog);
            }
        }
        StateReader snapshots = reader(CheckpointReader.read(copy));
        StateReader changelogs = reader(CheckpointReader.read(SAMPLE));
        int seen = 0;
        for (long batch = 0; batch <= 2; batch++) {
            TreeMap<String, String> state = batch == 0 ? new TreeMap<>() : state(snapshots, batch - 1);
            List<StateChange> diff = changes(snapshots, batch - 1, batch);
            for (StateChange change : diff) {
                if (change.type() == StateChange.Type.DELETE) {
                    assertTrue(state.remove(id(change)) != null, "deleted what was there: " + id(change));
                } else {
                    state.put(id(change), change.value() == null ? "" : SparkJson.text(change.value()));
                }
            }
            assertEquals(state(snapshots, batch), state, "batch " + batch + ": the diff takes the state to the next");
            List<String> logged = changes(changelogs, batch - 1, batch).stream().map(c -> id(c) + " " + c.type()).toList();
            for (StateChange change : diff) {
                String expected = id(change) + " " + (change.type() == StateChange.Type.UPDATE ? "" : "DELETE");
                assertTrue(logged.stream().anyMatch(line -> line.startsWith(expected.strip())),
                        "batch " + batch + ": " + expected + " is in the changelog too");
            }
            seen += diff.size();
        }
        assertTrue(seen > 10, "the batches changed the state: " + seen);
        assertFalse(snapshots.problems().stream().anyMatch(p -> p.message().contains("no changelog")),
                snapshots.problems().toString());
    }
}
