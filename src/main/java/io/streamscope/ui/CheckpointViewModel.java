package io.streamscope.ui;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.storage.HadoopSettings;
import io.streamscope.storage.LocationException;
import io.streamscope.storage.Locations;
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

    /**
     * Likewise for a location typed or dropped as text — a local path or a remote URI ({@code hdfs://…},
     * {@code s3a://…}) with its Hadoop settings — connecting to it in the background too.
     */
    public Task<LoadedCheckpoint> openLocation(String location, HadoopSettings settings) {
        String name = nameOf(location);
        started(location, name);
        return reads.run("Reading " + name,
                work -> LoadedCheckpoint.of(CheckpointReader.read(Locations.open(location, settings), work)),
                this::show, error -> showFailure(null, location, name, error), () -> cancelled(name));
    }

    /** The last name of a location's text: {@code orders-agg} of {@code s3a://bucket/chk/orders-agg/}. */
    static String nameOf(String location) {
        String trimmed = location.strip().replaceAll("[/\\\\]+$", "");
        int slash = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
        return slash < 0 || slash == trimmed.length() - 1 ? trimmed : trimmed.substring(slash + 1);
    }

    void started(Path target) {
        started(target.toString(), String.valueOf(target.getFileName()));
    }

    private void started(String text, String name) {
        pathText.set(text);
        placeholder.set("Reading " + name + " …");
        status.set("Reading " + text + " …");
        progress.set(INDETERMINATE);
        loading.set(true);
    }

    /** The user stopped the read: the checkpoint on show (if any) stays, as it was. */
    void cancelled(Path target) {
        cancelled(String.valueOf(target.getFileName()));
    }

    private void cancelled(String name) {
        LoadedCheckpoint shown = loaded.get();
        pathText.set(shown == null ? NO_CHECKPOINT : shown.checkpoint().path().toString());
        placeholder.set(shown == null ? PLACEHOLDER : "This checkpoint has no batches yet");
        status.set("Cancelled reading " + name
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
        showFailure(target, target.toString(), target.getFileName() == null ? target.toString()
                : target.getFileName().toString(), error);
    }

    /** {@code target}: the folder, or null for a location that could not be opened at all. */
    private void showFailure(Path target, String text, String name, Throwable error) {
        boolean notACheckpoint = error instanceof NotACheckpointException;
        boolean unreachable = error instanceof LocationException;
        folder.set(target);
        pathText.set(text);
        windowTitle.set(name + " — Streamscope");
        title.set(name);
        loaded.set(null);
        checkpoint.set(null);
        String reason = notACheckpoint || unreachable ? error.getMessage() : "could not read " + text + ": " + error;
        batches.clear();
        findings.setAll(List.of(Finding.failure(reason)));
        queryText.set("");
        placeholder.set(unreachable ? "Could not open this location (see Problems and notes)"
                : "Could not open this folder (see Problems and notes)");
        status.set((notACheckpoint ? "Not a checkpoint: " : unreachable ? "Could not open " : "Could not read ") + name
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
