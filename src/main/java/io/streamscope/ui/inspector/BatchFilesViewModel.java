package io.streamscope.ui.inspector;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.ui.tasks.LatestRunWins;
import io.streamscope.ui.timeline.TimelineBatch;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * The inspector's view of the selected batch: the raw {@code offsets/N} and {@code commits/N} text, read in the
 * background whenever the batch changes, and the conf Spark pinned in the offsets file. No controls.
 */
public final class BatchFilesViewModel {

    static final String NO_BATCH = "Select a batch to see its files";

    private final ReadOnlyStringWrapper offsetsTitle = new ReadOnlyStringWrapper(this, "offsetsTitle", "offsets/");
    private final ReadOnlyStringWrapper commitsTitle = new ReadOnlyStringWrapper(this, "commitsTitle", "commits/");
    private final ReadOnlyStringWrapper offsetsText = new ReadOnlyStringWrapper(this, "offsetsText", "");
    private final ReadOnlyStringWrapper commitsText = new ReadOnlyStringWrapper(this, "commitsText", "");
    private final ReadOnlyStringWrapper offsetsNote = new ReadOnlyStringWrapper(this, "offsetsNote", NO_BATCH);
    private final ReadOnlyStringWrapper commitsNote = new ReadOnlyStringWrapper(this, "commitsNote", "");
    private final ObservableList<ConfEntry> conf = FXCollections.observableArrayList();
    private Checkpoint checkpoint;
    /** A newer batch cancels the read of an older one, whose files are then never shown. */
    private final LatestRunWins<BatchFiles> reads;

    public BatchFilesViewModel(Executor executor) {
        this.reads = new LatestRunWins<>(executor);
    }

    public void setCheckpoint(Checkpoint opened) {
        checkpoint = opened;
        setBatch(null);
    }

    public void setBatch(TimelineBatch batch) {
        reads.supersede();
        if (checkpoint == null || batch == null) {
            offsetsTitle.set("offsets/");
            commitsTitle.set("commits/");
            offsetsText.set("");
            commitsText.set("");
            offsetsNote.set(NO_BATCH);
            commitsNote.set("");
            conf.clear();
            return;
        }
        long id = batch.id();
        List<String> shown = List.of(offsetsTitle.get(), commitsTitle.get(), offsetsNote.get(), commitsNote.get());
        offsetsTitle.set("offsets/" + id);
        commitsTitle.set("commits/" + id);
        offsetsNote.set("Reading …");
        commitsNote.set("Reading …");
        List<ConfEntry> entries = conf(batch.batch().metadata().conf());
        if (!entries.equals(conf)) {
            conf.setAll(entries); // most batches pin the same conf: the table is left alone
        }
        java.nio.file.Path folder = checkpoint.path();
        reads.run("Reading offsets/" + id + " and commits/" + id, work -> BatchFiles.read(folder, id),
                files -> show(files, batch),
                error -> {
                    offsetsText.set("");
                    commitsText.set("");
                    offsetsNote.set("Could not read the files: " + error.getMessage());
                    commitsNote.set("");
                },
                () -> restore(shown));
    }

    /** A cancelled read: the files on show stay, with their titles and notes. */
    private void restore(List<String> shown) {
        offsetsTitle.set(shown.get(0));
        commitsTitle.set(shown.get(1));
        offsetsNote.set(shown.get(2));
        commitsNote.set(shown.get(3));
    }

    void show(BatchFiles files, TimelineBatch batch) {
        offsetsText.set(files.offsetsText() == null ? "" : files.offsetsText());
        commitsText.set(files.commitsText() == null ? "" : files.commitsText());
        offsetsNote.set(files.offsetsText() == null ? "No offsets/" + batch.id() + " on disk (purged, or never written)" : "");
        if (files.commitsText() != null) {
            commitsNote.set("");
        } else if (batch.willReplay()) {
            commitsNote.set("No commits/" + batch.id() + ": the batch did not finish, and Spark runs it again on restart");
        } else {
            commitsNote.set("No commits/" + batch.id() + " on disk");
        }
    }

    private static List<ConfEntry> conf(Map<String, String> values) {
        return values.entrySet().stream().map(entry -> new ConfEntry(entry.getKey(), entry.getValue())).toList();
    }

    public ReadOnlyStringProperty offsetsTitleProperty() {
        return offsetsTitle.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty commitsTitleProperty() {
        return commitsTitle.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty offsetsTextProperty() {
        return offsetsText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty commitsTextProperty() {
        return commitsText.getReadOnlyProperty();
    }

    /** Why there is no text, or "Reading …"; empty when the text is shown. */
    public ReadOnlyStringProperty offsetsNoteProperty() {
        return offsetsNote.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty commitsNoteProperty() {
        return commitsNote.getReadOnlyProperty();
    }

    public ObservableList<ConfEntry> conf() {
        return conf;
    }
}
