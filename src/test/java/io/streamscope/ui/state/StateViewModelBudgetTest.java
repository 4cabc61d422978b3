package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.state.StoreListings;
import io.streamscope.task.Work;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The state panel's view model on a store larger than its budget (a small one, on a sample Spark wrote): the table holds
 * the rows that fit and the summary says so, a partition or key filter reads the store again and shows every row that
 * matches, and clearing it shows the kept rows again.
 */
@ExtendWith(ApplicationExtension.class)
class StateViewModelBudgetTest {

    private final ExecutorService executor = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void theTableHoldsWhatFitsAndAFilterReadsTheStoreAgain() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(Path.of("sample-checkpoints", "shop-tws"));
        long batch = checkpoint.batches().lastKey();
        StoreChoice store = StoreChoice.of(checkpoint).get(0);
        StateSnapshotLoader.Loaded all = StateSnapshotLoader.stream(checkpoint, store, batch, Optional.empty(),
                model -> { }, Work.NONE, new StoreListings());
        StateQuery customer3 = StateQuery.ALL.withFilter("\"value\":3");
        int[] matching = StateSelection.select(all.store(), all.reader().decoding(batch), customer3,
                io.streamscope.task.Cancellation.NEVER, io.streamscope.task.ProgressListener.NONE);
        long matchingBytes = 0;
        for (int row : matching) {
            matchingBytes += bytes(all.store(), row);
        }
        long budget = matchingBytes * 4 / 3 + 1; // the matching rows, all of them unchanged or not, and not every row
        long allBytes = 0;
        for (int row = 0; row < all.store().size(); row++) {
            allBytes += bytes(all.store(), row);
        }
        assertTrue(allBytes > budget, "the store is larger than the budget");
        StateViewModel state = onFx(() -> new StateViewModel(executor, budget));
        onFx(() -> {
            state.setCheckpoint(checkpoint);
            state.setBatch(batch);
            return null;
        });
        String summary = settled(state);
        int kept = onFx(() -> state.tableRows().size());
        assertTrue(kept > 0 && kept < all.store().size(), kept + " of " + all.store().size() + " rows kept");
        assertTrue(summary.contains(String.format("%,d of them in the table, as memory allows", kept)), summary);
        assertTrue(summary.startsWith(String.format("%,d rows after batch %d", all.store().liveRows(), batch)), summary);
        long keptMatching = rows(state).stream().filter(row -> row.key().contains("\"value\":3")).count();

        onFx(() -> {
            state.filterProperty().set("\"VALUE\":3");
            return null;
        });
        summary = settled(state);
        List<String> expected = new ArrayList<>();
        for (int row : matching) {
            expected.add(all.model().cells(row).view().json());
        }
        assertTrue(expected.size() > keptMatching, "the table had held only part of the matching rows: " + keptMatching);
        assertEquals(expected, rows(state).stream().map(StateRowView::json).toList(), "every matching row, in the same order");
        assertTrue(summary.startsWith(String.format("Showing the %,d rows that match, read again with the filter", expected.size())), summary);

        onFx(() -> {
            state.filterProperty().set("");
            return null;
        });
        summary = settled(state);
        assertEquals(kept, (int) onFx(() -> state.tableRows().size()), "the rows the pass kept, on show again");
        assertFalse(summary.startsWith("Showing"), summary);

        onFx(() -> {
            state.sortBy(StateColumnId.FAMILY, false);
            return null;
        });
        summary = settled(state);
        int[] sorted = StateSelection.select(all.store(), all.reader().decoding(batch), StateQuery.ALL.sortedBy(StateColumnId.FAMILY, false),
                io.streamscope.task.Cancellation.NEVER, io.streamscope.task.ProgressListener.NONE);
        List<StateRowView> shown = rows(state);
        assertTrue(!shown.isEmpty() && shown.size() < sorted.length, shown.size() + " of " + sorted.length);
        List<String> expectedFirst = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            expectedFirst.add(all.model().cells(sorted[i]).view().json());
        }
        assertEquals(expectedFirst, shown.stream().map(StateRowView::json).toList(),
                "the rows a sort of every row puts first, not those of the rows the table held");
        assertTrue(summary.startsWith(String.format("Showing the first %,d of the %,d rows in this order, read again to sort them",
                shown.size(), all.store().size())), summary);
    }

    @Test
    void aStateVariableReadAgainShowsItsOwnColumns() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(Path.of("sample-checkpoints", "shop-tws"));
        long batch = checkpoint.batches().lastKey();
        StateSnapshotLoader.Loaded all = StateSnapshotLoader.stream(checkpoint, StoreChoice.of(checkpoint).get(0), batch,
                Optional.empty(), model -> { }, Work.NONE, new StoreListings());
        long firstThree = 0;
        for (int row = 0; row < 3; row++) {
            firstThree += bytes(all.store(), row);
        }
        long budget = firstThree * 4 / 3 + 1;
        StateViewModel state = onFx(() -> new StateViewModel(executor, budget));
        onFx(() -> {
            state.setCheckpoint(checkpoint);
            state.setBatch(batch);
            return null;
        });
        settled(state);
        java.util.Set<String> held = new java.util.HashSet<>();
        rows(state).forEach(row -> held.add(row.columnFamily()));
        String family = onFx(() -> state.stateVariables().stream().filter(name -> !held.contains(name)
                && !all.model().columns(name).valueFields().isEmpty()).findFirst().orElseThrow());

        onFx(() -> {
            state.stateVariableProperty().set(family);
            return null;
        });
        settled(state);
        assertEquals(all.model().columns(family), onFx(() -> state.columnsProperty().get()),
                family + ": none of its rows was in the table; its columns come from its rows read again");
        assertTrue(rows(state).stream().allMatch(row -> family.equals(row.columnFamily())) && !rows(state).isEmpty());
    }

    @Test
    void aStepLetsGoOfTheRowsOfTheStepsBefore() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(Path.of("sample-checkpoints", "shop-tws"));
        StateViewModel state = onFx(() -> new StateViewModel(executor, Long.MAX_VALUE));
        onFx(() -> {
            state.setCheckpoint(checkpoint);
            return null;
        });
        List<java.lang.ref.WeakReference<StateRowStore>> shown = new ArrayList<>();
        for (long batch : new long[]{2, 1, 2, 1, 2}) {
            onFx(() -> {
                state.setBatch(batch);
                return null;
            });
            settled(state);
            shown.add(new java.lang.ref.WeakReference<>(onFx(() -> ((StateTableRows) state.tableRows()).model().store())));
        }
        for (int attempt = 0; attempt < 20 && shown.subList(0, shown.size() - 1).stream().anyMatch(ref -> ref.get() != null); attempt++) {
            System.gc();
            Thread.sleep(20);
        }
        for (int step = 0; step < shown.size() - 1; step++) {
            assertTrue(shown.get(step).get() == null, "the rows of step " + step + " are still held (four steps later, "
                    + "each step had kept the one before through its read's cancel handler)");
        }
        assertTrue(shown.get(shown.size() - 1).get() != null, "the rows on show are held");
    }

    private static long bytes(StateRowStore store, int row) {
        return StateRowStore.ROW_OVERHEAD + store.key(row).length + length(store.value(row)) + length(store.oldValue(row));
    }

    private static int length(byte[] bytes) {
        return bytes == null ? 0 : bytes.length;
    }

    private static List<StateRowView> rows(StateViewModel state) throws Exception {
        return onFx(() -> List.copyOf(state.tableRows()));
    }

    /** The summary once no read or filter is under way (progress back at 1). */
    private static String settled(StateViewModel state) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> state.progressProperty().get() == 1
                && !state.summaryProperty().get().startsWith("Reading")));
        WaitForAsyncUtils.waitForFxEvents();
        return onFx(() -> state.summaryProperty().get());
    }
}
