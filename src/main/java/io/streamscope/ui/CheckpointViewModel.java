package io.streamscope.ui;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.NotACheckpointException;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import io.streamscope.ui.tasks.LatestRunWins;
import javafx.concurrent.Task;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * What the main window shows about the open checkpoint: the batch rows, the problems and notes, and the status.
 * It holds no controls. Its state changes on the FX thread only; the reading runs on a background executor.
 */
public final class CheckpointViewModel {

    public static final String PLACEHOLDER = "Open a Spark checkpoint folder to see its batches";
    static final String READY = "Open a checkpoint folder (Ctrl+O), or drop one onto the window";
    static final String NO_CHECKPOINT = "No checkpoint open";
    /** Progress value a progress bar shows as "busy, amount unknown". */
    static final double INDETERMINATE = -1;

    private final ReadOnlyObjectWrapper<Path> folder = new ReadOnlyObjectWrapper<>(this, "folder");
    private final ReadOnlyObjectWrapper<Checkpoint> checkpoint = new ReadOnlyObjectWrapper<>(this, "checkpoint");
    private final ReadOnlyObjectWrapper<LoadedCheckpoint> loaded = new ReadOnlyObjectWrapper<>(this, "loaded");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "Streamscope");
    private final ReadOnlyStringWrapper pathText = new ReadOnlyStringWrapper(this, "pathText", NO_CHECKPOINT);
    private final ReadOnlyStringWrapper queryText = new ReadOnlyStringWrapper(this, "queryText", "");
    private final ReadOnlyStringWrapper windowTitle = new ReadOnlyStringWrapper(this, "windowTitle", "Streamscope");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", READY);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading", false);
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper(this, "placeholder", PLACEHOLDER);
    private final ObservableList<BatchRow> batches = FXCollections.observableArrayList();
    private final ObservableList<Finding> findings = FXCollections.observableArrayList();
    private final ObservableList<BatchRow> readOnlyBatches = FXCollections.unmodifiableObservableList(batches);
    private final ObservableList<Finding> readOnlyFindings = FXCollections.unmodifiableObservableList(findings);

    /** A newer open cancels a slower one, whose checkpoint is then never shown. */
    private final LatestRunWins<LoadedCheckpoint> reads;

    public CheckpointViewModel() {
        this(BackgroundTasks.shared());
    }

    public CheckpointViewModel(Executor executor) {
        this.reads = new LatestRunWins<>(executor);
    }

    /**
     * Starts reading {@code folder} in the background. Call on the FX thread; a newer call supersedes this one. What
     * is on show stays until the new checkpoint is read, so that a cancelled read leaves it as it was.
     */
    public Task<LoadedCheckpoint> open(Path folder) {
        Path target = folder.toAbsolutePath().normalize();
        started(target);
        return reads.run("Reading " + target.getFileName(),
                work -> LoadedCheckpoint.of(CheckpointReader.read(target, work)),
                this::show, error -> showFailure(target, error), () -> cancelled(target));
    }

    void started(Path target) {
        pathText.set(target.toString());
        placeholder.set("Reading " + target.getFileName() + " …");
        status.set("Reading " + target + " …");
        progress.set(INDETERMINATE);
        loading.set(true);
    }

    /** The user stopped the read: the checkpoint on show (if any) stays, as it was. */
    void cancelled(Path target) {
        LoadedCheckpoint shown = loaded.get();
        pathText.set(shown == null ? NO_CHECKPOINT : shown.checkpoint().path().toString());
        placeholder.set(shown == null ? PLACEHOLDER : "This checkpoint has no batches yet");
        status.set("Cancelled reading " + target.getFileName()
                + (shown == null ? "" : "; still showing " + shown.title() + " (" + shown.summary() + ")"));
        progress.set(0);
        loading.set(false);
    }

    void show(LoadedCheckpoint loaded) {
        Path path = loaded.checkpoint().path();
        title.set(loaded.title());
        folder.set(path);
        pathText.set(path.toString());
        queryText.set(loaded.queryText());
        windowTitle.set(title(path));
        checkpoint.set(loaded.checkpoint());
        batches.setAll(loaded.rows());
        findings.setAll(loaded.findings());
        placeholder.set("This checkpoint has no batches yet");
        status.set(loaded.summary());
        progress.set(0);
        loading.set(false);
        this.loaded.set(loaded);
    }

    /**
     * The open checkpoint read again while its query runs (follow mode): rows, findings and status replaced in one
     * go, with no "reading" state in between. Ignored when another folder opened meanwhile.
     *
     * @return whether it was taken
     */
    public boolean refresh(LoadedCheckpoint newer) {
        Checkpoint shown = checkpoint.get();
        if (loading.get() || shown == null || !shown.path().equals(newer.checkpoint().path())) {
            return false;
        }
        checkpoint.set(newer.checkpoint());
        queryText.set(newer.queryText());
        batches.setAll(newer.rows());
        findings.setAll(newer.findings());
        status.set(newer.summary());
        return true;
    }

    void showFailure(Path target, Throwable error) {
        boolean notACheckpoint = error instanceof NotACheckpointException;
        folder.set(target);
        pathText.set(target.toString());
        windowTitle.set(title(target));
        title.set(target.getFileName() == null ? target.toString() : target.getFileName().toString());
        loaded.set(null);
        checkpoint.set(null);
        String reason = notACheckpoint ? error.getMessage() : "could not read " + target + ": " + error;
        batches.clear();
        findings.setAll(List.of(Finding.failure(reason)));
        queryText.set("");
        placeholder.set("Could not open this folder (see Problems and notes)");
        status.set((notACheckpoint ? "Not a checkpoint: " : "Could not read ") + target.getFileName()
                + (notACheckpoint ? "" : ": " + error.getMessage()) + " (details below)");
        progress.set(0);
        loading.set(false);
    }

    private static String title(Path folder) {
        return folder.getFileName() == null ? "Streamscope" : folder.getFileName() + " — Streamscope";
    }

    public ReadOnlyObjectProperty<Path> folderProperty() {
        return folder.getReadOnlyProperty();
    }

    /** The checkpoint on show, or null while reading or after a failure. */
    public ReadOnlyObjectProperty<Checkpoint> checkpointProperty() {
        return checkpoint.getReadOnlyProperty();
    }

    /** The checkpoint fully read, with what the window shows of it; set last, once everything else is in place. */
    public ReadOnlyObjectProperty<LoadedCheckpoint> loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    /** The sidecar's title, else the folder's name. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty pathTextProperty() {
        return pathText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty queryTextProperty() {
        return queryText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty windowTitleProperty() {
        return windowTitle.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public boolean isLoading() {
        return loading.get();
    }

    public ReadOnlyStringProperty placeholderProperty() {
        return placeholder.getReadOnlyProperty();
    }

    public ObservableList<BatchRow> batches() {
        return readOnlyBatches;
    }

    public ObservableList<Finding> findings() {
        return readOnlyFindings;
    }
}
