package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.state.ChangeMark;
import io.streamscope.checkpoint.state.ListElements;
import io.streamscope.checkpoint.state.StateRowDecoding;
import io.streamscope.checkpoint.state.StateReader;
import io.streamscope.checkpoint.state.StoreListings;
import io.streamscope.checkpoint.state.StoreSchema;
import io.streamscope.task.Work;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reads a store's state after a batch for the window, off the FX thread, in one pass
 * ({@link StateReader#markedRows}): every row with its mark since the batch before, the rows the batch deleted among
 * them, into a compact {@link StateRowStore}; a list state's rows one per element ({@link ListElements}). Pure logic, no JavaFX, so tests drive it directly.
 */
public final class StateSnapshotLoader {

    /** Rows beyond this are counted, not listed in a {@link StateSnapshot} (presentation mode's columns). */
    public static final int DISPLAY_LIMIT = 10_000;

    private StateSnapshotLoader() {
    }

    /** One pass's result: the rows as bytes, the table's model over them (for the FX thread), the reader's problems. */
    public record Loaded(long batchId, StateReader reader, StateRowStore store, StateTableModel model) {

        /**
         * The first {@code limit} rows, those the batch changed first (added and updated, then deleted), decoded
         * here, with the full counts.
         */
        public StateSnapshot snapshot(int limit) {
            StateTableModel model = new StateTableModel(store, reader.decoding(batchId));
            List<StateRowView> changed = new ArrayList<>();
            List<StateRowView> deleted = new ArrayList<>();
            List<StateRowView> unchanged = new ArrayList<>();
            for (int row = 0; row < store.size() && changed.size() + deleted.size() + unchanged.size() < limit; row++) {
                ChangeMark mark = store.mark(row);
                (mark == ChangeMark.UNCHANGED ? unchanged : mark == ChangeMark.DELETED ? deleted : changed)
                        .add(model.cells(row).view());
            }
            List<StateRowView> rows = new ArrayList<>(changed);
            rows.addAll(deleted);
            rows.addAll(unchanged);
            String source = reader.schemaSource();
            return new StateSnapshot(batchId, rows, store.liveRows(), store.total() - store.count(ChangeMark.UNCHANGED),
                    store.total() > rows.size(), source.equals("none") ? "none (bytes shown)" : source, reader.problems(),
                    store.size(), store.complete());
        }
    }

    public static StateSnapshot load(Checkpoint checkpoint, StoreChoice choice, long batchId, int limit) {
        return load(checkpoint, choice, batchId, limit, Optional.empty());
    }

    /** Likewise, the rows decoded with {@code schema} when given (the schema a query implies for an old checkpoint). */
    public static StateSnapshot load(Checkpoint checkpoint, StoreChoice choice, long batchId, int limit, Optional<StoreSchema> schema) {
        return load(checkpoint, choice, batchId, limit, schema, Work.NONE);
    }

    /** Likewise, the pass reported to {@code work} (partitions) and asking its cancellation. */
    public static StateSnapshot load(Checkpoint checkpoint, StoreChoice choice, long batchId, int limit,
                                     Optional<StoreSchema> schema, Work work) {
        return stream(checkpoint, choice, batchId, schema, model -> { }, work).snapshot(limit);
    }

    /**
     * The one pass into a store; {@code rowsArrived} gets the table's model (always the same) on this thread once the
     * first {@link #FIRST_ROWS} rows are in, then at most every {@link #PUBLISH_EVERY_NANOS} and at the end, so the
     * window shows the first rows while the rest stream in.
     */
    public static Loaded stream(Checkpoint checkpoint, StoreChoice choice, long batchId, Optional<StoreSchema> schema,
                                Consumer<StateTableModel> rowsArrived, Work work) {
        return stream(checkpoint, choice, batchId, schema, rowsArrived, work, new StoreListings(checkpoint));
    }

    /** Likewise, the partition folders' files taken from {@code listings} (those of the checkpoint's earlier reads). */
    public static Loaded stream(Checkpoint checkpoint, StoreChoice choice, long batchId, Optional<StoreSchema> schema,
                                Consumer<StateTableModel> rowsArrived, Work work, StoreListings listings) {
        return stream(checkpoint, choice, batchId, schema, rowsArrived, work, listings, Long.MAX_VALUE, StateQuery.ALL);
    }

    /**
     * Likewise, keeping rows up to {@code budget} bytes ({@link StateRowStore}: the rest counted), and of the rows only
     * those {@code query}'s partition, state variable and key text keep (its sort is left to {@link StateSelection}):
     * where a pass could not keep every row, a filter reads the store again. A chosen partition is the only one read.
     */
    public static Loaded stream(Checkpoint checkpoint, StoreChoice choice, long batchId, Optional<StoreSchema> schema,
                                Consumer<StateTableModel> rowsArrived, Work work, StoreListings listings, long budget,
                                StateQuery query) {
        return pass(checkpoint, choice, batchId, schema, rowsArrived, work, listings, budget, query, false);
    }

    /**
     * Likewise, but of the rows {@code query} keeps only those its sort puts first ({@link TopRows}: as many as
     * {@code budget} holds while they are chosen, up to {@value TopRows#MOST}), handed out once the pass is done: the
     * sort of a store too large to hold. Every row is counted.
     */
    public static Loaded firstBySort(Checkpoint checkpoint, StoreChoice choice, long batchId, Optional<StoreSchema> schema,
                                     Work work, StoreListings listings, long budget, StateQuery query) {
        return pass(checkpoint, choice, batchId, schema, model -> { }, work, listings, budget, query, true);
    }

    private static Loaded pass(Checkpoint checkpoint, StoreChoice choice, long batchId, Optional<StoreSchema> schema,
                               Consumer<StateTableModel> rowsArrived, Work work, StoreListings listings, long budget,
                               StateQuery query, boolean firstBySort) {
        StateReader reader = StateReader.open(checkpoint, choice.operator(), choice.store(), schema).sharing(listings);
        StateRowStore store = new StateRowStore(budget);
        StateTableModel model = new StateTableModel(store, reader.decoding(batchId));
        long[] published = {0};
        Runnable publish = () -> {
            long now = System.nanoTime();
            if (store.size() >= FIRST_ROWS && (published[0] == 0 || now - published[0] >= PUBLISH_EVERY_NANOS)) {
                published[0] = now;
                rowsArrived.accept(model);
            }
        };
        reader.with(new Work(work.cancellation(), step -> {
            publish.run();
            work.progress().onProgress(step);
        }));
        StateRowDecoding lists = reader.decoding(batchId);
        long[] nextLook = {FIRST_ROWS, 0}; // when to look whether to publish next, and the records handed out so far
        TopRows top = firstBySort ? new TopRows(query, lists, TopRows.limitFor(budget)) : null;
        ListElements.Sink keep = top == null ? store::add : (row, elementIndex) -> {
            store.count(row);
            top.offer(row, elementIndex);
        };
        reader.markedRows(batchId - 1, batchId, record -> {
            if (query.byKey() && !StateSelection.keyMatches(query, lists, record.partition(), record.key())) {
                return;
            }
            if (lists.isListState(record.partition(), record.key())) {
                ListElements.split(record, keep);
            } else {
                keep.accept(record, -1);
            }
            if (++nextLook[1] >= nextLook[0]) { // records handed out, not the store's rows: asking it takes its lock
                nextLook[0] = nextLook[1] + 0x1000;
                publish.run();
            }
        }, false, query.partition());
        if (top != null) {
            top.keepIn(store);
        }
        reader.with(Work.NONE); // the pass's work holds its task: the rows kept for the table must not
        rowsArrived.accept(model);
        return new Loaded(batchId, reader, store, model);
    }

    /** The first screenful goes out at once, then the rows read so far at most this often (the window redraws). */
    static final int FIRST_ROWS = 100;
    static final long PUBLISH_EVERY_NANOS = 250_000_000L;
}
