package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.state.ChangeMark;
import io.streamscope.checkpoint.state.MarkedRecord;
import io.streamscope.checkpoint.state.StoreListings;
import io.streamscope.task.Cancellation;
import io.streamscope.task.ProgressListener;
import io.streamscope.task.Work;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window's state rows in bounded memory: a pass keeps rows up to a budget and counts the rest, its figures whole;
 * a filter then reads the store again with the filter, and finds every row that matches.
 */
class StateRowBudgetTest {

    private static final byte[] EIGHT = new byte[8];

    private static MarkedRecord row(int partition, ChangeMark mark) {
        return new MarkedRecord(partition, mark, EIGHT, EIGHT, mark == ChangeMark.UPDATED ? EIGHT : null, List.of());
    }

    @Test
    void rowsPastTheBudgetAreCountedNotKeptAndChangedOnesHaveTheLastQuarter() {
        long rowCost = 16 + StateRowStore.ROW_OVERHEAD; // a key and a value of 8 bytes
        StateRowStore store = new StateRowStore(4 * rowCost);
        for (int i = 0; i < 4; i++) {
            store.add(row(i % 2, ChangeMark.UNCHANGED));
        }
        assertEquals(3, store.size(), "unchanged rows fill three quarters of the budget");
        store.add(row(1, ChangeMark.ADDED));
        assertEquals(4, store.size(), "a row the batch changed still finds room");
        assertEquals(ChangeMark.ADDED, store.mark(3));
        store.add(row(0, ChangeMark.UPDATED));
        store.add(row(1, ChangeMark.DELETED));

        assertEquals(4, store.size());
        assertEquals(7, store.total());
        assertFalse(store.complete());
        assertEquals(4, store.count(ChangeMark.UNCHANGED));
        assertEquals(1, store.count(ChangeMark.UPDATED));
        assertEquals(6, store.liveRows(), "every row counted, kept or not; the deleted one is no longer there");
        assertArrayEquals(new long[]{3, 3}, store.livePerPartition());
        assertTrue(store.changedAfterUnchanged());
    }

    @Test
    void aStoreWithoutABudgetKeepsEveryRow() {
        StateRowStore store = new StateRowStore();
        for (int i = 0; i < 5000; i++) {
            store.add(row(0, i % 3 == 0 ? ChangeMark.UPDATED : ChangeMark.UNCHANGED));
        }
        assertEquals(5000, store.size());
        assertTrue(store.complete());
    }

    @Test
    void theWindowsBudgetIsAnEighthOfTheHeapAndAtMost256MiB() {
        assertEquals(64L << 20, StateRowStore.budgetFor(512L << 20));
        assertEquals(256L << 20, StateRowStore.budgetFor(8L << 30));
    }

    @Test
    void aPassPastItsBudgetKeepsTheFirstRowsInOrderWithTheFiguresOfAll() throws Exception {
        for (String sample : List.of("shop-tws", "shop-totals-update", "shop-totals-rocksdb", "shop-windowed")) {
            Checkpoint checkpoint = checkpoint(sample);
            long batch = checkpoint.batches().lastKey();
            StateSnapshotLoader.Loaded all = pass(checkpoint, batch, Long.MAX_VALUE, StateQuery.ALL);
            long budget = bytesOfFirstRows(all.store(), Math.max(1, all.store().size() / 2));
            StateSnapshotLoader.Loaded part = pass(checkpoint, batch, budget, StateQuery.ALL);
            StateRowStore kept = part.store();

            assertTrue(kept.size() > 0 && kept.size() < all.store().size(), sample + ": " + kept.size() + " kept");
            assertFalse(kept.complete());
            assertEquals(all.store().total(), kept.total(), sample);
            assertEquals(all.store().liveRows(), kept.liveRows(), sample);
            for (ChangeMark mark : ChangeMark.values()) {
                assertEquals(all.store().count(mark), kept.count(mark), sample + " " + mark);
            }
            assertArrayEquals(all.store().livePerPartition(), kept.livePerPartition(), sample);
            assertEquals(all.store().puts(), kept.puts(), sample);
            assertEquals(all.store().deletes(), kept.deletes(), sample);
            int at = 0;
            for (int row = 0; row < kept.size(); row++) { // the kept rows are rows of the whole pass, in its order
                while (at < all.store().size() && !sameRow(all.store(), at, kept, row)) {
                    at++;
                }
                assertTrue(at < all.store().size(), sample + ": kept row " + row + " is not among the pass's rows");
                at++;
            }

            StateSnapshot whole = all.snapshot(100);
            StateSnapshot bounded = part.snapshot(100);
            assertEquals(whole.totalRows(), bounded.totalRows(), sample);
            assertEquals(whole.changedRows(), bounded.changedRows(), sample);
            assertEquals(whole.summary().replaceFirst(" · showing the first [0-9,]+", ""),
                    bounded.tableSummary().replaceFirst(" · [0-9,]+ of them in the table.*? sort reads them all\\)", ""),
                    sample + ": the same figures");
            assertTrue(bounded.tableSummary().contains(String.format("%,d of them in the table", kept.size())), bounded.tableSummary());
            assertEquals(whole.summary().replaceFirst(" · showing the first [0-9,]+", ""), whole.tableSummary(),
                    sample + ": a pass that kept every row says nothing of it");
        }
    }

    @Test
    void aFilterReadsTheStoreAgainAndFindsEveryRowThatMatches() throws Exception {
        Checkpoint checkpoint = checkpoint("shop-tws");
        long batch = checkpoint.batches().lastKey();
        StateSnapshotLoader.Loaded all = pass(checkpoint, batch, Long.MAX_VALUE, StateQuery.ALL);
        long budget = bytesOfFirstRows(all.store(), 3);
        List<StateQuery> queries = List.of(StateQuery.ALL.withPartition(1), StateQuery.ALL.withPartition(0),
                StateQuery.ALL.withColumnFamily("recentOrderIds"), StateQuery.ALL.withFilter("{\"value\":1}"),
                StateQuery.ALL.withColumnFamily("recentOrderIds").withPartition(1).sortedBy(StateColumnId.PARTITION, false));
        for (StateQuery query : queries) {
            List<StateRowView> expected = selected(all, query);
            StateSnapshotLoader.Loaded again = pass(checkpoint, batch, Long.MAX_VALUE, query);
            assertEquals(expected, selected(again, query).stream().map(StateRowBudgetTest::withoutPlace).toList(),
                    query + ": the rows read again with the filter are those the whole pass selects");
            assertTrue(again.store().size() < all.store().size(), query + " narrows");
            assertTrue(again.store().complete());
            StateSnapshotLoader.Loaded bounded = pass(checkpoint, batch, budget, query);
            assertEquals(again.store().total(), bounded.store().total(), query + ": a bounded pass with it counts them all");
        }
    }

    @Test
    void aSortOfAStoreTooLargeToHoldReadsItAgainForTheRowsItPutsFirst() throws Exception {
        for (String sample : List.of("shop-tws", "shop-totals-update", "shop-windowed")) {
            Checkpoint checkpoint = checkpoint(sample);
            long batch = checkpoint.batches().lastKey();
            StateSnapshotLoader.Loaded all = pass(checkpoint, batch, Long.MAX_VALUE, StateQuery.ALL);
            List<StateQuery> sorts = new ArrayList<>();
            for (String column : List.of(StateColumnId.PARTITION, StateColumnId.CHANGE, StateColumnId.FAMILY, StateColumnId.INDEX)) {
                sorts.add(StateQuery.ALL.sortedBy(column, true));
                sorts.add(StateQuery.ALL.sortedBy(column, false));
            }
            StateTableModel.Columns columns = all.model().columns(null);
            columns.keyFields().forEach(field -> sorts.add(StateQuery.ALL.sortedBy(StateColumnId.key(field), false)));
            columns.valueFields().forEach(field -> {
                sorts.add(StateQuery.ALL.sortedBy(StateColumnId.value(field), true));
                sorts.add(StateQuery.ALL.sortedBy(StateColumnId.value(field), false));
            });
            int first = Math.max(1, all.store().size() / 3);
            for (StateQuery sort : sorts) {
                List<StateRowView> expected = selected(all, sort).subList(0, first);
                StateSnapshotLoader.Loaded top = StateSnapshotLoader.firstBySort(checkpoint, StoreChoice.of(checkpoint).get(0),
                        batch, Optional.empty(), Work.NONE, new StoreListings(), (long) first * 512, sort);
                assertEquals(expected, selected(top, sort), sample + " " + sort + ": the rows the sort of every row puts first, in its order");
                assertEquals(all.store().total(), top.store().total(), sample + ": every row counted");
                assertEquals(first < all.store().size(), !top.store().complete());
            }
            StateQuery narrowed = StateQuery.ALL.withPartition(1).sortedBy(StateColumnId.CHANGE, false);
            List<StateRowView> expected = selected(all, narrowed);
            StateSnapshotLoader.Loaded top = StateSnapshotLoader.firstBySort(checkpoint, StoreChoice.of(checkpoint).get(0),
                    batch, Optional.empty(), Work.NONE, new StoreListings(), 512, narrowed);
            assertEquals(expected.subList(0, 1), selected(top, narrowed), sample + ": narrowed, then sorted");
            assertEquals(expected.size(), top.store().total());
        }
    }

    private static StateRowView withoutPlace(StateRowView row) {
        return new StateRowView(row.partition(), row.columnFamily(), row.key(), row.value(), row.oldValue(), row.change(), -2, row.index());
    }

    private static List<StateRowView> selected(StateSnapshotLoader.Loaded loaded, StateQuery query) {
        int[] order = StateSelection.select(loaded.store(), loaded.reader().decoding(loaded.batchId()), query,
                Cancellation.NEVER, ProgressListener.NONE);
        List<StateRowView> rows = new ArrayList<>();
        for (int row : order) {
            rows.add(withoutPlace(loaded.model().cells(row).view()));
        }
        return rows;
    }

    private static boolean sameRow(StateRowStore a, int i, StateRowStore b, int j) {
        return a.partition(i) == b.partition(j) && a.mark(i) == b.mark(j) && Arrays.equals(a.key(i), b.key(j))
                && Arrays.equals(a.value(i), b.value(j)) && Arrays.equals(a.oldValue(i), b.oldValue(j));
    }

    /** The budget that holds exactly the first {@code rows} rows of a store that keeps all. */
    private static long bytesOfFirstRows(StateRowStore store, int rows) {
        long bytes = 0;
        for (int row = 0; row < rows; row++) {
            bytes += StateRowStore.ROW_OVERHEAD + store.key(row).length + length(store.value(row)) + length(store.oldValue(row));
        }
        return bytes * 4 / 3 + 1; // unchanged rows fill three quarters of it
    }

    private static int length(byte[] bytes) {
        return bytes == null ? 0 : bytes.length;
    }

    private static Checkpoint checkpoint(String sample) throws Exception {
        return CheckpointReader.read(Path.of("sample-checkpoints", sample));
    }

    private static StateSnapshotLoader.Loaded pass(Checkpoint checkpoint, long batch, long budget, StateQuery query) {
        return StateSnapshotLoader.stream(checkpoint, StoreChoice.of(checkpoint).get(0), batch, Optional.empty(),
                model -> { }, Work.NONE, new StoreListings(), budget, query);
    }
}
