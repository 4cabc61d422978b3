package io.streamscope.checkpoint.state;

import io.streamscope.TempTree;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window's steps through one checkpoint share its partition folders' listings: each folder is listed by the first
 * step alone, and every step reads what it reads with a listing of its own (rows, marks, problems, notes). A folder
 * without state files is not kept: it is listed again.
 */
class StoreListingsTest {

    @ParameterizedTest
    @ValueSource(strings = {"shop-totals-update", "shop-totals-rocksdb-snapshots", "shop-join-inner"})
    void stepsListEachFolderOnceAndReadWhatTheirOwnListingsRead(String sample) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(Path.of("sample-checkpoints", sample));
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateStoreInfo store = operator.stores().get(0);
        StoreListings shared = new StoreListings();
        for (long batch : new long[]{2, 0, 1, 2}) {
            assertEquals(step(checkpoint, operator, store, batch, new StoreListings()),
                    step(checkpoint, operator, store, batch, shared), "batch " + batch);
            assertEquals(store.numPartitions(), shared.listings(), "each partition folder listed by the first step alone");
        }
    }

    /** Reading the checkpoint listed its partition folders: a state read from them lists none again, and reads the same. */
    @ParameterizedTest
    @ValueSource(strings = {"shop-totals-update", "shop-totals-rocksdb-snapshots", "shop-join-inner", "shop-tws"})
    void aReadOfTheCheckpointsStateListsNoFolderItsReadingListed(String sample) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(Path.of("sample-checkpoints", sample));
        assertTrue(checkpoint.stateListings().folders() > 0);
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            for (StateStoreInfo store : operator.stores()) { // a join's four stores lie in folders of their own
                StoreListings fromReading = new StoreListings(checkpoint);
                long last = checkpoint.batches().lastKey();
                assertEquals(step(checkpoint, operator, store, last, new StoreListings()),
                        step(checkpoint, operator, store, last, fromReading), sample + " " + store.storeName());
                assertEquals(0, fromReading.listings(), sample + " " + store.storeName() + ": no folder listed again");
            }
        }
        assertEquals(checkpoint, CheckpointReader.read(Path.of("sample-checkpoints", sample)),
                "two readings of a checkpoint are equal, whatever their listings");
    }

    /** The files' figures the window sets beside Spark's progress at each step take the table's listings too. */
    @ParameterizedTest
    @ValueSource(strings = {"shop-totals-update", "shop-join-inner"})
    void theFilesFiguresOfAStepListNothingTheStepListed(String sample) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(Path.of("sample-checkpoints", sample));
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StoreListings shared = new StoreListings();
        for (long batch : new long[]{1, 2}) {
            for (StateStoreInfo store : operator.stores()) {
                step(checkpoint, operator, store, batch, shared);
            }
            int listed = shared.listings();
            assertEquals(StateFigures.of(checkpoint, operator, batch, io.streamscope.task.Work.NONE),
                    StateFigures.of(checkpoint, operator, batch, io.streamscope.task.Work.NONE, shared), "batch " + batch);
            assertEquals(listed, shared.listings(), "no folder listed again");
        }
        StoreListings fresh = new StoreListings();
        StateFigures.of(checkpoint, operator, 2, io.streamscope.task.Work.NONE, fresh);
        assertTrue(fresh.listings() > 0, "the figures list into the listings given");
    }

    @Test
    void aFolderWithoutStateFilesIsListedAgain(@TempDir Path dir) throws Exception {
        Path copy = dir.resolve("totals");
        TempTree.copy(Path.of("sample-checkpoints", "shop-totals-update"), copy);
        TempTree.delete(copy.resolve("state/0/1"));
        java.nio.file.Files.createDirectories(copy.resolve("state/0/1"));
        Checkpoint checkpoint = CheckpointReader.read(copy);
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StoreListings shared = new StoreListings();
        step(checkpoint, operator, operator.stores().get(0), 2, shared);
        step(checkpoint, operator, operator.stores().get(0), 2, shared);
        assertEquals(1 + 2, shared.listings(), "partition 0 once, the empty partition 1 at each step");
    }

    /** A step's marked rows, problems and notes as lines. */
    private static List<String> step(Checkpoint checkpoint, StateOperatorInfo operator, StateStoreInfo store, long batch,
                                     StoreListings listings) {
        StateReader reader = StateReader.open(checkpoint, operator, store, Optional.empty()).sharing(listings);
        List<String> lines = new ArrayList<>();
        HexFormat hex = HexFormat.of();
        reader.markedRows(batch - 1, batch, record -> lines.add(record.partition() + " " + record.mark() + " "
                + hex.formatHex(record.key()) + " " + (record.value() == null ? "-" : hex.formatHex(record.value()))));
        reader.problems().forEach(problem -> lines.add("problem " + problem));
        reader.notes().forEach(note -> lines.add("note " + note));
        assertTrue(lines.stream().anyMatch(line -> !line.startsWith("problem") && !line.startsWith("note")),
                "batch " + batch + " has rows");
        return lines;
    }
}
