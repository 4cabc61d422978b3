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

import java.util.concurrent.Executor;

/**
 * The executor every view model hands its reads to: it runs them on the shared background pool and keeps the list
 * of those still running, for the status bar ("Reading the state after batch 2 …", a progress bar). No controls.
 */
public final class ActivityMonitor implements Executor {

    private final Executor delegate;
    private final ObservableList<Task<?>> running = FXCollections.observableArrayList();
    private final ObservableList<Task<?>> readOnly = FXCollections.unmodifiableObservableList(running);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");

    public ActivityMonitor(Executor delegate) {
        this.delegate = delegate;
        busy.bind(Bindings.isNotEmpty(running));
        text.bind(Bindings.createStringBinding(this::describe, running, notice));
        progress.bind(Bindings.createDoubleBinding(() -> running.isEmpty() ? 0.0 : -1.0, running));
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
        running.add(task);
        task.stateProperty().addListener((property, old, state) -> {
            if (state == Worker.State.SUCCEEDED || state == Worker.State.FAILED || state == Worker.State.CANCELLED) {
                running.remove(task);
            }
        });
    }

    private String describe() {
        if (running.isEmpty()) {
            return notice.get();
        }
        Task<?> newest = running.get(running.size() - 1);
        String title = newest instanceof BackgroundTasks.Described<?> described && !described.description().isEmpty()
                ? described.description() : "Reading";
        return title + " …" + (running.size() > 1 ? " (+" + (running.size() - 1) + " more)" : "");
    }

    /** A sentence for the status bar once nothing runs ("Saved the picture to …"). FX thread. */
    public void announce(String sentence) {
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

    /** -1 (busy, amount unknown) while anything runs, else 0. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }
}
