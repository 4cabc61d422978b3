package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.state.StoreSchema;
import io.streamscope.ui.BackgroundTasks;
import io.streamscope.ui.tasks.LatestRunWins;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The state panel: which store is chosen, and its rows after the selected batch, read in the background whenever
 * the checkpoint, the store or the batch changes. No controls inside; state changes on the FX thread only.
 */
public final class StateViewModel {

    static final String NO_STATE = "This query keeps no state";
    static final String CHOOSE_BATCH = "Select a batch to see its state";

    private final Executor executor;
    private final ObservableList<StoreChoice> stores = FXCollections.observableArrayList();
    private final ObjectProperty<StoreChoice> selectedStore = new SimpleObjectProperty<>(this, "selectedStore");
    private final ObservableList<StateRowView> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", NO_STATE);
    private Checkpoint checkpoint;
    private Map<Integer, StoreSchema> impliedSchemas = Map.of();
    private Long batchId;
    /** A newer reload cancels an older read, whose rows are then never shown. */
    private final LatestRunWins<StateSnapshot> reads;

    public StateViewModel(Executor executor) {
        this.executor = executor;
        this.reads = new LatestRunWins<>(executor);
        selectedStore.addListener((property, old, store) -> reload());
    }

    public StateViewModel() {
        this(BackgroundTasks.shared());
    }

    /** A newly opened checkpoint (or null): its stores become the choices, the first one chosen. */
    public void setCheckpoint(Checkpoint opened) {
        checkpoint = opened;
        impliedSchemas = Map.of();
        batchId = null;
        rows.clear();
        stores.setAll(opened == null ? java.util.List.of() : StoreChoice.of(opened));
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

    private void reload() {
        reads.supersede();
        StoreChoice store = selectedStore.get();
        if (checkpoint == null || store == null || batchId == null) {
            rows.clear();
            summary.set(store == null ? NO_STATE : CHOOSE_BATCH);
            return;
        }
        Checkpoint source = checkpoint;
        long batch = batchId;
        String shown = summary.get();
        summary.set("Reading the state after batch " + batch + " …");
        Optional<StoreSchema> schema = store.store().storeName().equals("default")
                ? Optional.ofNullable(impliedSchemas.get(store.operator().operatorId())) : Optional.empty();
        reads.run("Reading the state after batch " + batch,
                work -> StateSnapshotLoader.load(source, store, batch, StateSnapshotLoader.DISPLAY_LIMIT, schema, work),
                snapshot -> {
                    rows.setAll(snapshot.rows());
                    summary.set(snapshot.summary() + problemText(snapshot));
                },
                error -> {
                    rows.clear();
                    summary.set("Could not read the state: " + error);
                },
                () -> summary.set(shown)); // the rows on show stay, and say what they are
    }

    private static String problemText(StateSnapshot snapshot) {
        return snapshot.problems().isEmpty() ? "" : " — " + snapshot.problems().get(0);
    }

    public ObservableList<StoreChoice> stores() {
        return stores;
    }

    public ObjectProperty<StoreChoice> selectedStoreProperty() {
        return selectedStore;
    }

    public ObservableList<StateRowView> rows() {
        return rows;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }
}
