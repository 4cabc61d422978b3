package io.streamscope.ui;

import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;

import io.streamscope.ui.tasks.ReadTask;

import java.util.List;
import java.util.concurrent.Executor;

/**
 * The executor every view model hands its reads to: it runs them on the shared background pool and keeps the list
 * of those still running, for the status bar: what the newest one reads ("state/0 version 3: 2 of 5 partitions"),
 * its determinate progress, and a cancel for the reads that can stop ({@link ReadTask}s). No controls.
 */
public final class ActivityMonitor implements Executor {

    private final Executor delegate;
    private final ObservableList<Task<?>> running = FXCollections.observableArrayList();
    private final ObservableList<Task<?>> readOnly = FXCollections.unmodifiableObservableList(running);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");
    private final ReadOnlyBooleanWrapper cancellable = new ReadOnlyBooleanWrapper(this, "cancellable", false);
    /** Progress that shows an empty bar: the status bar hides it at 0. */
    static final double SHOWN_EMPTY = 1e-3;
    /** Whether the notice is a cancellation's, which the next read takes away. */
    private boolean cancelNotice;

    public ActivityMonitor(Executor delegate) {
        this.delegate = delegate;
        busy.bind(Bindings.isNotEmpty(running));
        running.addListener((javafx.collections.ListChangeListener<Task<?>>) change -> refresh());
        notice.addListener((property, old, sentence) -> refresh());
    }

    @Override
    public void execute(Runnable work) {
        if (work instanceof Task<?> task) {
            if (Platform.isFxApplicationThread()) {
                track(task);
            } else {
                Platform.runLater(() -> track(task));
            }
        }
        delegate.execute(work);
    }

    private void track(Task<?> task) {
        if (task.isDone()) {
            return;
        }
        if (task instanceof ReadTask<?> && cancelNotice) {
            notice.set(""); // "Cancelled: …" is about the read before this one
        }
        running.add(task);
        task.progressProperty().addListener((property, old, value) -> refresh());
        task.messageProperty().addListener((property, old, value) -> refresh());
        task.stateProperty().addListener((property, old, state) -> {
            if (state == Worker.State.SUCCEEDED || state == Worker.State.FAILED || state == Worker.State.CANCELLED) {
                running.remove(task);
            }
        });
    }

    private void refresh() {
        cancellable.set(running.stream().anyMatch(ReadTask.class::isInstance));
        text.set(describe()); // before the progress: who follows the bar reads what it is about
        double newest = running.isEmpty() ? 0.0 : newest().getProgress();
        // the status bar hides its bar at exactly 0: a read that has begun ("0 of 400 files") shows an empty one
        progress.set(!running.isEmpty() && newest == 0.0 ? SHOWN_EMPTY : newest);
    }

    private Task<?> newest() {
        return running.get(running.size() - 1);
    }

    private String describe() {
        if (running.isEmpty()) {
            return notice.get();
        }
        Task<?> newest = newest();
        String title = newest instanceof BackgroundTasks.Described<?> described && !described.description().isEmpty()
                ? described.description() : "Reading";
        String reading = newest.getMessage() == null || newest.getMessage().isEmpty() ? title + " …"
                : title + ": " + newest.getMessage();
        return reading + (running.size() > 1 ? " (+" + (running.size() - 1) + " more)" : "");
    }

    /**
     * Esc or the status bar's ✕: every read that can stop is cancelled (each view model keeps what it showed before)
     * and the status bar says so. False when nothing could be cancelled. FX thread.
     */
    public boolean cancelReads() {
        List<Task<?>> reads = running.stream().filter(ReadTask.class::isInstance).toList();
        if (reads.isEmpty()) {
            return false;
        }
        String what = reads.get(reads.size() - 1) instanceof BackgroundTasks.Described<?> described
                ? described.description() : "the read";
        reads.forEach(Task::cancel);
        announce("Cancelled: " + what + (reads.size() > 1 ? " (and " + (reads.size() - 1) + " more)" : ""));
        cancelNotice = true;
        return true;
    }

    /** Whether a read runs that {@link #cancelReads()} can stop: the ✕ shows then. */
    public ReadOnlyBooleanProperty cancellableProperty() {
        return cancellable.getReadOnlyProperty();
    }

    /** A sentence for the status bar once nothing runs ("Saved the picture to …"). FX thread. */
    public void announce(String sentence) {
        cancelNotice = false;
        notice.set(sentence == null ? "" : sentence);
    }

    /** The reads still running, oldest first. */
    public ObservableList<Task<?>> running() {
        return readOnly;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public boolean isBusy() {
        return busy.get();
    }

    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** The newest running read's progress from 0 to 1 (-1 while its amount is not known yet), else 0. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }
}
