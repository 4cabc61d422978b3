package io.streamscope.ui.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Sidecar;
import io.streamscope.ui.lab.BatchRuns;
import io.streamscope.ui.tasks.LatestRunWins;
import javafx.application.Platform;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Replays the open checkpoint through {@link io.streamscope.replay.ReplaySession} whenever the checkpoint, the job or
 * query text, the schemas, the output mode or the topic source change: one background task per change (never on the
 * FX thread), its outcome published once; a newer run supersedes an older one. Exposes the selected batch's step. No
 * controls; its properties change on the FX thread only.
 */
public final class ReplayViewModel {

    private final Consumer<Runnable> later;

    private final ObjectProperty<Checkpoint> checkpoint = new SimpleObjectProperty<>(this, "checkpoint");
    private final ObjectProperty<Sidecar> sidecar = new SimpleObjectProperty<>(this, "sidecar");
    private final StringProperty text = new SimpleStringProperty(this, "text");
    private final ObjectProperty<Map<String, String>> schemas = new SimpleObjectProperty<>(this, "schemas", Map.of());
    private final ObjectProperty<OutputMode> mode = new SimpleObjectProperty<>(this, "mode");
    private final ObjectProperty<TopicChoice> topic = new SimpleObjectProperty<>(this, "topic");
    /** Spark's own runs and progress reports for the open checkpoint, where its folder has them. */
    private BatchRuns sparkRuns = BatchRuns.NONE;
    private final ObjectProperty<Long> selectedBatch = new SimpleObjectProperty<>(this, "selectedBatch");

    private final ReadOnlyObjectWrapper<ReplayOutcome> outcome = new ReadOnlyObjectWrapper<>(this, "outcome");
    private final ReadOnlyObjectWrapper<BatchStep> selectedStep = new ReadOnlyObjectWrapper<>(this, "selectedStep");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", false);
    private final ReadOnlyIntegerWrapper published = new ReadOnlyIntegerWrapper(this, "published", 0);

    /** A newer run cancels an older one, whose outcome is then never published. */
    private final LatestRunWins<ReplayOutcome> runs;
    private boolean scheduled;

    /** @param executor where runs go (the window's ActivityMonitor); @param later how to defer to the FX thread */
    public ReplayViewModel(Executor executor, Consumer<Runnable> later) {
        this.runs = new LatestRunWins<>(executor);
        this.later = later;
        for (Observable input : new Observable[] {checkpoint, sidecar, text, schemas, mode, topic}) {
            input.addListener(changed -> schedule());
        }
        selectedBatch.addListener(changed -> selectStep());
    }

    public ReplayViewModel(Executor executor) {
        this(executor, Platform::runLater);
    }

    /** Several inputs change together (a checkpoint opens): one run after they all changed. */
    private void schedule() {
        if (!scheduled) {
            scheduled = true;
            later.accept(() -> {
                scheduled = false;
                run();
            });
        }
    }

    /** Starts a run now with the current inputs (or clears the outcome when there is no checkpoint). */
    public void run() {
        runs.supersede();
        if (checkpoint.get() == null) {
            running.set(false);
            publish(null);
            return;
        }
        ReplayRequest request = new ReplayRequest(checkpoint.get(), Optional.ofNullable(sidecar.get()), text.get(),
                schemas.get(), Optional.ofNullable(mode.get()), topic.get());
        BatchRuns known = sparkRuns;
        running.set(true);
        runs.run(request.isJob() ? "Replaying the job" : "Replaying the query",
                work -> ReplayOutcome.compute(request, known, work),
                result -> {
                    running.set(false);
                    publish(result);
                },
                error -> {
                    running.set(false);
                    publish(ReplayOutcome.unreadable(request, "The replay failed: " + error, known));
                },
                () -> running.set(false)); // the outcome on show stays
    }

    private void publish(ReplayOutcome result) {
        outcome.set(result);
        published.set(published.get() + 1);
        selectStep();
    }

    private void selectStep() {
        selectedStep.set(currentStep());
    }

    public ObjectProperty<Checkpoint> checkpointProperty() {
        return checkpoint;
    }

    /** The open checkpoint's {@code streamscope.json}, or null. */
    public ObjectProperty<Sidecar> sidecarProperty() {
        return sidecar;
    }

    /** The query editor's text as applied: a whole job, a bare query, or blank. */
    public StringProperty textProperty() {
        return text;
    }

    /** Value schemas given by the user, DDL by topic. */
    public ObjectProperty<Map<String, String>> schemasProperty() {
        return schemas;
    }

    /** The output mode chosen over the job's, or null for the job's own. */
    public ObjectProperty<OutputMode> modeProperty() {
        return mode;
    }

    /** Spark's own runs of the checkpoint opened next, from its folder (set before its checkpoint). */
    public void setBatchRuns(BatchRuns known) {
        sparkRuns = known == null ? BatchRuns.NONE : known;
    }

    public ObjectProperty<TopicChoice> topicProperty() {
        return topic;
    }

    /** The batch on show (its id), or null. */
    public ObjectProperty<Long> selectedBatchProperty() {
        return selectedBatch;
    }

    /** The last run's outcome, or null while none finished (or no checkpoint is open). */
    public ReadOnlyObjectProperty<ReplayOutcome> outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    public ReplayOutcome getOutcome() {
        return outcome.get();
    }

    /** The selected batch, replayed; null when the replay has no such batch. */
    public ReadOnlyObjectProperty<BatchStep> selectedStepProperty() {
        return selectedStep.getReadOnlyProperty();
    }

    public BatchStep getSelectedStep() {
        return selectedStep.get();
    }

    /**
     * The selected batch's step in the outcome on show, computed now: listeners of {@link #outcomeProperty()} run
     * before {@link #selectedStepProperty()} follows, so they read this instead.
     */
    public BatchStep currentStep() {
        ReplayOutcome result = outcome.get();
        return result == null ? null : result.step(selectedBatch.get()).orElse(null);
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public boolean isRunning() {
        return running.get();
    }

    /** How many outcomes were published (one per finished run). */
    public ReadOnlyIntegerProperty publishedProperty() {
        return published.getReadOnlyProperty();
    }
}
