package io.streamscope.ui.snippet;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.doctor.StateSnippet;
import io.streamscope.ui.BackgroundTasks;
import io.streamscope.ui.state.StoreChoice;
import io.streamscope.ui.timeline.TimelineBatch;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The state view's Spark snippet: the State Data Source read of the store on show after the selected batch (or,
 * with {@code changes}, that batch's changes) in Python or Scala, for a store too large to read here. Built in the
 * background (a change feed looks for the store's changelog files); the newest inputs win. No controls.
 */
public final class SparkSnippetViewModel {

    static final String NO_STORE = "Open a checkpoint with state and select a committed batch";

    private final Executor executor;
    private final ObjectProperty<Checkpoint> checkpoint = new SimpleObjectProperty<>(this, "checkpoint");
    private final ObjectProperty<StoreChoice> store = new SimpleObjectProperty<>(this, "store");
    private final ObjectProperty<TimelineBatch> batch = new SimpleObjectProperty<>(this, "batch");
    private final StringProperty language = new SimpleStringProperty(this, "language", "python");
    private final BooleanProperty changes = new SimpleBooleanProperty(this, "changes", false);
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", NO_STORE);
    private final ReadOnlyBooleanWrapper available = new ReadOnlyBooleanWrapper(this, "available", false);
    private long generation;

    public SparkSnippetViewModel(Executor executor) {
        this.executor = executor;
        for (Observable input : new Observable[] {checkpoint, store, batch, language, changes}) {
            input.addListener(changed -> rebuild());
        }
    }

    private void rebuild() {
        long mine = ++generation;
        Checkpoint open = checkpoint.get();
        StoreChoice chosen = store.get();
        TimelineBatch selected = batch.get();
        if (open == null || chosen == null || selected == null || !selected.batch().committed()) {
            available.set(open != null && chosen != null);
            text.set(open == null || chosen == null ? NO_STORE
                    : "Spark's State Data Source reads committed batches only: select a committed batch");
            return;
        }
        available.set(true);
        long id = selected.id();
        Optional<Long> changesFrom = changes.get() ? Optional.of(id - 1) : Optional.empty();
        String chosenLanguage = language.get();
        BackgroundTasks.create(() -> StateSnippet.of(open, chosen.operator(), chosen.store(), id, changesFrom)
                        .code(chosenLanguage))
                .titled("Writing the Spark snippet")
                .onSuccess(code -> {
                    if (mine == generation) {
                        text.set(code);
                    }
                })
                .onFailure(error -> {
                    if (mine == generation) {
                        text.set("Could not write the snippet: " + error);
                    }
                })
                .runOn(executor);
    }

    public ObjectProperty<Checkpoint> checkpointProperty() {
        return checkpoint;
    }

    public ObjectProperty<StoreChoice> storeProperty() {
        return store;
    }

    public ObjectProperty<TimelineBatch> batchProperty() {
        return batch;
    }

    /** {@code python} or {@code scala}. */
    public StringProperty languageProperty() {
        return language;
    }

    /** The selected batch's changes (the change feed) instead of the rows after it. */
    public BooleanProperty changesProperty() {
        return changes;
    }

    /** The snippet, or why there is none. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** Whether a store is on show (the button is enabled). */
    public ReadOnlyBooleanProperty availableProperty() {
        return available.getReadOnlyProperty();
    }
}
