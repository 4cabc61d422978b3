package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.state.StoreListings;
import io.streamscope.checkpoint.state.StoreSchema;
import io.streamscope.ui.BackgroundTasks;
import io.streamscope.ui.tasks.LatestRunWins;
import io.streamscope.ui.tasks.ReadTask;
import javafx.application.Platform;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The state panel: which store is chosen, and its rows after the selected batch, read in one background pass whenever
 * the checkpoint, the store or the batch changes; the first rows show while the rest stream in. Then the filter by
 * key text, the partition, the state variable and the sort column choose which of the loaded rows the table shows, in
 * the background too. No controls inside; state changes on the FX thread only.
 */
public final class StateViewModel {

    static final String NO_STATE = "This query keeps no state: its checkpoint has no state/ folder (no aggregation,"
            + " deduplication, join or other stateful operator)";
    static final String CHOOSE_BATCH = "Select a batch to see its state";
    /** The partition chooser's "all". */
    public static final int ALL_PARTITIONS = -1;

    private final ObservableList<StoreChoice> stores = FXCollections.observableArrayList();
    private final ObjectProperty<StoreChoice> selectedStore = new SimpleObjectProperty<>(this, "selectedStore");
    private final ObservableList<StateRowView> rows = FXCollections.observableArrayList();
    private final StateTableRows tableRows = new StateTableRows();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", NO_STATE);
    private final ReadOnlyStringWrapper sparkFigures = new ReadOnlyStringWrapper(this, "sparkFigures", "");
    private final ReadOnlyStringWrapper storeExplanation = new ReadOnlyStringWrapper(this, "storeExplanation", "");
    private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
    private final IntegerProperty partition = new SimpleIntegerProperty(this, "partition", ALL_PARTITIONS);
    private final ObjectProperty<String> stateVariable = new SimpleObjectProperty<>(this, "stateVariable");
    private final ObservableList<String> stateVariables = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<StateTableModel.Columns> columns =
            new ReadOnlyObjectWrapper<>(this, "columns", new StateTableModel.Columns(List.of(), List.of()));
    private final ReadOnlyObjectWrapper<long[]> partitionRows = new ReadOnlyObjectWrapper<>(this, "partitionRows", new long[0]);
    private final DoubleProperty progress = new SimpleDoubleProperty(this, "progress", 1);
    private String sortColumn;
    private boolean ascending = true;
    private Checkpoint checkpoint;
    /** The checkpoint's state folders as listed by its first reads: each step lists only what they did not. */
    private StoreListings listings = new StoreListings();
    private Map<Integer, StoreSchema> impliedSchemas = Map.of();
    private Long batchId;
    /** Counts reloads: rows a superseded read streamed in are never shown. */
    private long generation;
    /** A newer reload cancels an older read, whose rows are then never shown; likewise filters and comparisons. */
    private final LatestRunWins<Object[]> reads;
    private final LatestRunWins<Selected> selections;
    private final LatestRunWins<String> comparisons;
    private StateSnapshotLoader.Loaded loaded;
    private String readSummary = "";
    /** The bytes of rows a pass keeps ({@link StateRowStore}): the rest are counted, and a filter reads them again. */
    private final long rowBudget;

    public StateViewModel(Executor executor) {
        this(executor, StateRowStore.budgetFor(Runtime.getRuntime().maxMemory()));
    }

    /** A panel whose passes keep rows up to {@code rowBudget} bytes. */
    public StateViewModel(Executor executor, long rowBudget) {
        this.rowBudget = rowBudget;
        this.reads = new LatestRunWins<>(executor);
        this.selections = new LatestRunWins<>(executor);
        this.comparisons = new LatestRunWins<>(executor);
        selectedStore.addListener((property, old, store) -> reload());
        filter.addListener((property, old, text) -> reselect());
        partition.addListener((property, old, chosen) -> reselect());
        stateVariable.addListener((property, old, family) -> {
            refreshColumns();
            reselect();
        });
    }

    public StateViewModel() {
        this(BackgroundTasks.shared());
    }

    /** A newly opened checkpoint (or null): its stores become the choices, the first one chosen. */
    public void setCheckpoint(Checkpoint opened) {
        checkpoint = opened;
        listings = opened == null ? new StoreListings() : new StoreListings(opened);
        impliedSchemas = Map.of();
        batchId = null;
        rows.clear();
        stores.setAll(opened == null ? List.of() : StoreChoice.of(opened));
        selectedStore.set(stores.isEmpty() ? null : stores.get(0));
        summary.set(stores.isEmpty() ? NO_STATE : CHOOSE_BATCH);
    }

    /**
     * The schemas the current query implies for the default stores of operators whose checkpoint records none (by
     * operator id): their rows are decoded with them instead of shown as bytes.
     */
    public void setImpliedSchemas(Map<Integer, StoreSchema> schemas) {
        if (!schemas.equals(impliedSchemas)) {
            impliedSchemas = Map.copyOf(schemas);
            reload();
        }
    }

    /** The batch whose state to show, or null. */
    public void setBatch(Long batch) {
        batchId = batch;
        reload();
    }

    /** Sorts the table by a column ({@link StateColumnId}), or back to the changed rows first (null). */
    public void sortBy(String column, boolean up) {
        if (java.util.Objects.equals(column, sortColumn) && (column == null || up == ascending)) {
            return; // the table asks again whenever its items change
        }
        sortColumn = column;
        ascending = up;
        reselect();
    }

    private StateQuery query() {
        return new StateQuery(filter.get(), partition.get(), stateVariable.get(), sortColumn, ascending);
    }

    private void reload() {
        long mine = ++generation;
        reads.supersede();
        selections.supersede();
        comparisons.supersede();
        StoreChoice store = selectedStore.get();
        storeExplanation.set(store == null ? "" : store.explanation());
        if (checkpoint == null || store == null || batchId == null) {
            loaded = null;
            tableRows.show(null);
            partitionRows.set(new long[0]);
            sparkFigures.set("");
            rows.clear();
            progress.unbind();
            progress.set(1);
            summary.set(store == null ? NO_STATE : CHOOSE_BATCH);
            return;
        }
        Checkpoint source = checkpoint;
        StoreListings listed = listings;
        long batch = batchId;
        // what is on show stays until the new read's first rows, and comes back if the user cancels the read
        Shown shown = new Shown(loaded, tableRows.model(), partitionRows.get(), summary.get(), sparkFigures.get());
        summary.set("Reading the state after batch " + batch + " …");
        Optional<StoreSchema> schema = schemaOf(store);
        ReadTask<Object[]> task = reads.run("Reading the state after batch " + batch, work -> {
                    StateSnapshotLoader.Loaded result = StateSnapshotLoader.stream(source, store, batch, schema,
                            model -> Platform.runLater(() -> arrived(mine, model)), work, listed, rowBudget, StateQuery.ALL);
                    return new Object[]{result, result.snapshot(StateSnapshotLoader.DISPLAY_LIMIT)};
                },
                result -> finished((StateSnapshotLoader.Loaded) result[0], (StateSnapshot) result[1]),
                error -> {
                    done();
                    rows.clear();
                    summary.set("Could not read the state: " + error);
                },
                () -> {
                    done();
                    generation++; // rows still on their way from the cancelled read are not shown
                    shown.restore(this);
                });
        progress.bind(task.progressProperty());
    }

    /** The schema a store's rows are decoded with where its checkpoint records none: the one the query implies. */
    private Optional<StoreSchema> schemaOf(StoreChoice store) {
        return store.store().storeName().equals("default")
                ? Optional.ofNullable(impliedSchemas.get(store.operator().operatorId())) : Optional.empty();
    }

    /** What the panel showed before a read, to show again when the read is cancelled. */
    private record Shown(StateSnapshotLoader.Loaded loaded, StateTableModel model, long[] partitions, String summary,
                         String figures) {
        void restore(StateViewModel state) {
            state.loaded = loaded;
            if (state.tableRows.model() != model) {
                state.tableRows.show(model);
            }
            state.partitionRows.set(partitions);
            state.summary.set(summary);
            state.sparkFigures.set(figures);
        }
    }

    private void done() {
        progress.unbind();
        progress.set(1);
    }

    /** Rows have streamed in: the table grows (FX thread). */
    private void arrived(long mine, StateTableModel model) {
        if (mine != generation) {
            return;
        }
        if (tableRows.model() != model) {
            loaded = null; // the rows before are off show: a filter waits for this read
            sparkFigures.set("");
            tableRows.show(model);
            refreshColumns();
        } else {
            tableRows.grown();
        }
        partitionRows.set(withAllPartitions(model.store().livePerPartition()));
        summary.set(String.format("Reading the state after batch %d … %,d rows so far", batchId, model.store().total()));
    }

    private void finished(StateSnapshotLoader.Loaded result, StateSnapshot snapshot) {
        loaded = result;
        done();
        rows.setAll(snapshot.rows());
        readSummary = snapshot.tableSummary() + (snapshot.problems().isEmpty() ? "" : " — " + snapshot.problems().get(0));
        summary.set(readSummary);
        if (tableRows.model() != result.model()) {
            tableRows.show(result.model());
        } else {
            tableRows.grown();
        }
        partitionRows.set(withAllPartitions(result.store().livePerPartition()));
        List<String> families = new java.util.ArrayList<>(result.reader().columnFamilies());
        families.sort(null);
        stateVariables.setAll(families);
        refreshColumns();
        reselect();
        compareWithSpark();
    }

    /** Where Spark's progress reports lie beside the checkpoint: its stateOperators figures against the files'. */
    private void compareWithSpark() {
        StoreChoice store = selectedStore.get();
        Checkpoint source = checkpoint;
        Long batch = batchId;
        StoreListings listed = listings; // the table's reads have listed the folders this one reads
        if (store == null || source == null || batch == null
                || !java.nio.file.Files.isRegularFile(source.path().resolve(io.streamscope.replay.progress.SparkStateFigures.FILE))) {
            return;
        }
        comparisons.run("Comparing the state with Spark's progress", work ->
                        io.streamscope.replay.progress.SparkStateFigures.compare(source, store.operator(), batch,
                                work, listed).summary(),
                sparkFigures::set, error -> sparkFigures.set(""));
    }

    private long[] withAllPartitions(long[] seen) {
        StoreChoice store = selectedStore.get();
        int partitions = store == null ? seen.length : Math.max(seen.length, store.store().numPartitions());
        return java.util.Arrays.copyOf(seen, partitions);
    }

    private void refreshColumns() {
        StateTableModel model = tableRows.model();
        if (model != null) {
            StateTableModel.Columns found = model.columns(stateVariable.get());
            if (!found.equals(columns.get())) {
                columns.set(found);
            }
        }
    }

    /**
     * Runs the query in the background, then shows what it kept: over the loaded rows, or, where the pass could not keep
     * every row, over the store read again with it (the rows it narrows to; where they are too many still, or the query
     * only sorts, those its sort puts first).
     */
    private void reselect() {
        selections.supersede();
        StateSnapshotLoader.Loaded source = loaded;
        if (source == null || tableRows.model() == null) {
            return; // applied when the pass is done
        }
        StateQuery query = query();
        StateTableModel all = source.model();
        if (query.identity() && !source.store().changedAfterUnchanged()) {
            boolean readAgainOnShow = tableRows.model() != all;
            if (readAgainOnShow || all.selected()) { // else every loaded row is on show, changed ones first
                all.select(null);
                tableRows.show(all);
            }
            if (readAgainOnShow) {
                refreshColumns();
            }
            summary.set(readSummary);
            return;
        }
        boolean readAgain = !source.store().complete() && (query.narrows() || query.sortColumn() != null);
        Checkpoint from = checkpoint;
        StoreChoice store = selectedStore.get();
        Optional<StoreSchema> schema = schemaOf(store);
        StoreListings listed = listings;
        long batch = source.batchId();
        String title = !readAgain ? "Filtering the state"
                : "Reading the state again for the " + (query.narrows() ? "filter" : "sort");
        ReadTask<Selected> task = selections.run(title, work -> {
                    StateSnapshotLoader.Loaded rows = source;
                    Selected.Source kind = Selected.Source.LOADED;
                    if (readAgain && query.narrows()) {
                        rows = StateSnapshotLoader.stream(from, store, batch, schema, model -> { }, work, listed, rowBudget, query);
                        kind = Selected.Source.READ_AGAIN;
                    }
                    if (readAgain && query.sortColumn() != null && !rows.store().complete()) {
                        rows = StateSnapshotLoader.firstBySort(from, store, batch, schema, work, listed, rowBudget, query);
                        kind = Selected.Source.FIRST_BY_SORT;
                    }
                    // rows read again hold only what the query keeps: they are put in its order, not tested again
                    StateQuery order = kind == Selected.Source.LOADED ? query : query.orderOnly();
                    return new Selected(rows, StateSelection.select(rows.store(), rows.reader().decoding(batch), order,
                            work.cancellation(), work.progress()), kind, query.narrows());
                },
                selected -> {
                    done();
                    StateTableModel shown = selected.rows().model();
                    shown.select(selected.order());
                    tableRows.show(shown);
                    if (selected.source() != Selected.Source.LOADED) {
                        refreshColumns(); // the state variable's fields, from its rows read again
                    }
                    summary.set(query.identity() ? readSummary : selected.summary() + readSummary);
                },
                error -> {
                    done();
                    summary.set("Could not filter the state: " + error + " · " + readSummary);
                }, this::done);
        progress.bind(task.progressProperty());
    }

    /** A query's rows: {@code order} into the rows of {@code rows}, the loaded pass's or those of one read for it. */
    private record Selected(StateSnapshotLoader.Loaded rows, int[] order, Source source, boolean narrows) {

        enum Source { LOADED, READ_AGAIN, FIRST_BY_SORT }

        String summary() {
            StateRowStore store = rows.store();
            String match = narrows ? " that match" : "";
            return switch (source) {
                case LOADED -> String.format("Showing %,d of %,d rows · ", order.length, store.total());
                case READ_AGAIN -> store.complete()
                        ? String.format("Showing the %,d rows that match, read again with the filter · ", order.length)
                        : String.format("Showing %,d of the %,d rows that match, as memory allows · ", order.length, store.total());
                case FIRST_BY_SORT -> store.complete()
                        ? String.format("Showing the %,d rows%s, read again to sort them · ", order.length, match)
                        : String.format("Showing the first %,d of the %,d rows%s in this order, read again to sort them · ",
                        order.length, store.total(), match);
            };
        }
    }

    /** The table's cells of a row (decoded once while on screen). */
    public StateCells cells(StateRowView row) {
        StateTableModel model = tableRows.model();
        return model != null && row.row() >= 0 && row.row() < model.store().size() ? model.cells(row.row()) : StateCells.of(row);
    }

    /** The row as Spark's JSON, indented, for the detail pane; "" for none. */
    public static String detail(StateRowView row) {
        if (row == null) {
            return "";
        }
        try {
            return io.streamscope.checkpoint.Json.mapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(io.streamscope.checkpoint.Json.mapper().readTree(row.json()));
        } catch (java.io.IOException e) {
            return row.json();
        }
    }

    /** The rows as JSON lines, for the clipboard. */
    public static String json(List<StateRowView> chosen) {
        StringBuilder text = new StringBuilder();
        for (StateRowView row : chosen) {
            text.append(row.json()).append('\n');
        }
        return text.toString();
    }

    public ObservableList<StoreChoice> stores() {
        return stores;
    }

    public ObjectProperty<StoreChoice> selectedStoreProperty() {
        return selectedStore;
    }

    /** The first {@link StateSnapshotLoader#DISPLAY_LIMIT} rows, the changed ones first (presentation mode's columns). */
    public ObservableList<StateRowView> rows() {
        return rows;
    }

    /** The table's rows: every loaded row the filter, partition and state variable keep, in the chosen order. */
    public ObservableList<StateRowView> tableRows() {
        return tableRows;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /**
     * The operator's {@code numRowsTotal} / {@code numRowsUpdated} / {@code numRowsRemoved} at the batch as Spark's
     * progress reported them and as the state files count them, with why they differ; "" without Spark's reports.
     */
    public ReadOnlyStringProperty sparkFiguresProperty() {
        return sparkFigures.getReadOnlyProperty();
    }

    /** What the chosen store holds, in words (a join's four stores, transformWithState's column families). */
    public ReadOnlyStringProperty storeExplanationProperty() {
        return storeExplanation.getReadOnlyProperty();
    }

    public StringProperty filterProperty() {
        return filter;
    }

    public IntegerProperty partitionProperty() {
        return partition;
    }

    public ObjectProperty<String> stateVariableProperty() {
        return stateVariable;
    }

    public ObservableList<String> stateVariables() {
        return stateVariables;
    }

    public ReadOnlyObjectProperty<StateTableModel.Columns> columnsProperty() {
        return columns.getReadOnlyProperty();
    }

    /** Rows after the batch in each partition (the skew chart). */
    public ReadOnlyObjectProperty<long[]> partitionRowsProperty() {
        return partitionRows.getReadOnlyProperty();
    }

    /** The read's or the filter's progress from 0 to 1 (1 when idle, -1 while not known). */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress;
    }
}
