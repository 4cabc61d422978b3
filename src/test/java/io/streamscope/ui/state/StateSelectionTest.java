package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.task.Cancellation;
import io.streamscope.task.ProgressListener;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The table's logic without JavaFX: the one pass into a store, then filter, partition, state variable and sort. */
class StateSelectionTest {

    private static StateSnapshotLoader.Loaded load(String sample, long batch) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(Path.of("sample-checkpoints", sample));
        return StateSnapshotLoader.stream(checkpoint, StoreChoice.of(checkpoint).get(0), batch, Optional.empty(),
                model -> { }, io.streamscope.task.Work.NONE);
    }

    private static List<StateRowView> rows(StateSnapshotLoader.Loaded loaded, StateQuery query) {
        int[] selected = StateSelection.select(loaded.store(), loaded.reader().decoding(loaded.batchId()), query,
                Cancellation.NEVER, ProgressListener.NONE);
        loaded.model().select(selected);
        List<StateRowView> rows = new ArrayList<>();
        for (int i = 0; i < loaded.model().size(); i++) {
            rows.add(loaded.model().view(i));
        }
        return rows;
    }

    @Test
    void filterPartitionAndStateVariableKeepOnlyTheirRows() throws Exception {
        StateSnapshotLoader.Loaded tws = load("shop-tws", 2);
        List<StateRowView> all = rows(tws, StateQuery.ALL);
        assertEquals(tws.store().size(), all.size());
        long changed = all.stream().filter(r -> r.change() != StateRowView.Change.NONE).count();
        assertTrue(changed > 0 && changed < all.size());
        assertTrue(all.subList(0, (int) changed).stream().allMatch(r -> r.change() != StateRowView.Change.NONE),
                "unsorted, the rows the batch changed come first");
        List<StateRowView> lists = rows(tws, StateQuery.ALL.withColumnFamily("recentOrderIds"));
        assertEquals(all.stream().filter(r -> "recentOrderIds".equals(r.columnFamily())).toList(), lists);
        assertEquals(7, lists.size(), "one row per list element: two per customer, and the element batch 2 deleted");
        List<StateRowView> customer1 = rows(tws, StateQuery.ALL.withColumnFamily("recentOrderIds").withFilter("{\"VALUE\":1}"));
        assertEquals(List.of("{\"value\":151}", "{\"value\":110}", "{\"value\":112}"),
                customer1.stream().map(StateRowView::value).toList(), "any case; the changed elements first");
        List<StateRowView> partition0 = rows(tws, StateQuery.ALL.withPartition(0));
        assertEquals(all.stream().filter(r -> r.partition() == 0).toList(), partition0);
        assertTrue(!partition0.isEmpty() && partition0.size() < all.size());
    }

    @Test
    void sortByAKeyFieldOrAValueFieldEitherWay() throws Exception {
        StateSnapshotLoader.Loaded totals = load("shop-totals-update", 2);
        List<StateRowView> bySum = rows(totals, StateQuery.ALL.sortedBy(StateColumnId.value("sum"), true));
        List<java.math.BigDecimal> sums = bySum.stream().map(r -> new java.math.BigDecimal(
                r.value().replaceAll(".*\"sum\":([0-9.]+).*", "$1"))).toList();
        assertEquals(sums.stream().sorted().toList(), sums);
        List<StateRowView> down = rows(totals, StateQuery.ALL.sortedBy(StateColumnId.key("customer_id"), false));
        List<Integer> ids = down.stream().map(r -> Integer.parseInt(r.key().replaceAll("\\D", ""))).toList();
        assertEquals(ids.stream().sorted(Comparator.reverseOrder()).toList(), ids);

        StateSnapshotLoader.Loaded windows = load("shop-windowed", 2);
        List<StateRowView> byStart = rows(windows, StateQuery.ALL.sortedBy(StateColumnId.key("window.start"), true));
        List<String> starts = byStart.stream().map(r -> r.key().replaceAll(".*\"start\":\"([^\"]+)\".*", "$1")).toList();
        assertEquals(starts.stream().sorted().toList(), starts);
        assertEquals(3, byStart.size(), "two windows after batch 2 and the one it evicted");
    }

    @Test
    void aCancelledSelectionStops() throws Exception {
        StateSnapshotLoader.Loaded totals = load("shop-totals-update", 2);
        assertThrows(CancellationException.class, () -> StateSelection.select(totals.store(),
                totals.reader().decoding(2), StateQuery.ALL.withFilter("x"), () -> true, ProgressListener.NONE));
    }

    @Test
    void cellsFlattenFieldsAndShowOldToNew() throws Exception {
        StateSnapshotLoader.Loaded totals = load("shop-totals-update", 1);
        StateTableModel model = totals.model();
        StateTableModel.Columns columns = model.columns(null);
        assertEquals(List.of("customer_id"), columns.keyFields());
        assertTrue(columns.valueFields().contains("sum"), columns.toString());
        int updated = -1;
        for (int row = 0; row < totals.store().size(); row++) {
            if (model.cells(row).view().change() == StateRowView.Change.UPDATED) {
                updated = row;
            }
        }
        StateCells cells = model.cells(updated);
        String sum = cells.valueCell("sum");
        assertTrue(sum.matches("[0-9.]+ → [0-9.]+"), sum);
        assertEquals(cells.oldValue().get("sum") + " → " + cells.value().get("sum"), sum);
        assertEquals("2026-01-22 09:10", StateCells.readable("2026-01-22T09:10:00.000Z"));
        assertEquals("2026-01-22 09:04:30", StateCells.readable("2026-01-22T09:04:30.000Z"));
    }
}
