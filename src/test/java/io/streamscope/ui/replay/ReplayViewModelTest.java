package io.streamscope.ui.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Sidecar;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The replay view model without any control: runs are coalesced, handed to the executor (never run on the caller),
 * published once each, and a newer run supersedes an older one. The FX toolkit is only there for the Task.
 */
class ReplayViewModelTest {

    private static final Path TOTALS = Path.of("sample-checkpoints", "shop-totals-update");

    private final List<Runnable> submitted = new ArrayList<>();
    private final List<Runnable> deferred = new ArrayList<>();

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    private ReplayViewModel viewModel() throws Exception {
        ReplayViewModel model = new ReplayViewModel(submitted::add, deferred::add);
        Checkpoint checkpoint = CheckpointReader.read(TOTALS);
        Sidecar sidecar = Sidecar.read(TOTALS).orElseThrow();
        String job = java.nio.file.Files.readString(TOTALS.resolve("job.py"));
        fx(() -> {
            model.sidecarProperty().set(sidecar);
            model.textProperty().set(job);
            model.modeProperty().set(OutputMode.UPDATE);
            model.topicProperty().set(TopicChoice.snapshot(TOTALS.resolve(sidecar.topicFile())));
            model.selectedBatchProperty().set(2L);
            model.checkpointProperty().set(checkpoint);
        });
        return model;
    }

    private static void fx(Runnable work) throws Exception {
        WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
    }

    /** Runs what the view model deferred (on the FX thread), then its background work here, off the FX thread. */
    private void drain() throws Exception {
        List<Runnable> later = new ArrayList<>(deferred);
        deferred.clear();
        for (Runnable runnable : later) {
            fx(runnable);
        }
        List<Runnable> work = new ArrayList<>(submitted);
        submitted.clear();
        work.forEach(Runnable::run);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void changesAreCoalescedIntoOneBackgroundRunPublishedOnce() throws Exception {
        ReplayViewModel model = viewModel();
        assertEquals(1, deferred.size(), "six changes, one run scheduled");
        assertTrue(submitted.isEmpty(), "nothing runs on the caller's thread");

        drain();
        assertEquals(1, model.publishedProperty().get());
        assertTrue(!model.isRunning());
        ReplayOutcome outcome = model.getOutcome();
        assertNull(outcome.problem(), String.valueOf(outcome.problem()));
        BatchStep step = model.getSelectedStep();
        assertEquals(2, step.batchId());
        assertEquals(2, step.inputRows().size(), "orders 150 and 151");
        assertEquals(2, step.sinkRows().size(), "update mode: the two customers they changed");
        assertEquals(3, outcome.progress().size(), "one progress report per batch");
        assertTrue(outcome.lag().isPresent(), "lag measured on the snapshot's end offsets");
        assertEquals(0, outcome.lag().get().total(), "the snapshot ends where batch 2 ended");

        fx(() -> model.selectedBatchProperty().set(0L));
        assertEquals(4, model.getSelectedStep().inputRows().size(), "selecting needs no new run");
        assertEquals(1, model.publishedProperty().get());
    }

    @Test
    void aRefusedModeIsAnOutcomeWithSparksReason() throws Exception {
        ReplayViewModel model = viewModel();
        drain();
        fx(() -> model.modeProperty().set(OutputMode.APPEND));
        drain();
        assertEquals(2, model.publishedProperty().get());
        assertTrue(model.getOutcome().refusal().orElseThrow().startsWith("Append output mode not supported"),
                model.getOutcome().problem());
        assertEquals(2, model.getSelectedStep().inputRows().size(), "the input rows still show: the batch's step");
        assertTrue(model.getSelectedStep().sinkRows().isEmpty() || !model.getOutcome().replayed());
    }

    @Test
    void aNewerRunSupersedesAnOlderOne() throws Exception {
        ReplayViewModel model = viewModel();
        drain();
        fx(() -> model.modeProperty().set(OutputMode.COMPLETE));
        fx(deferred.remove(0));
        Runnable older = submitted.remove(0);
        fx(() -> model.modeProperty().set(OutputMode.APPEND));
        fx(deferred.remove(0));
        Runnable newer = submitted.remove(0);
        newer.run();
        older.run(); // cancelled when the newer one started: never published
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2, model.publishedProperty().get());
        assertTrue(model.getOutcome().refusal().isPresent(), "the newer run's outcome (append) stays");
    }

    @Test
    void noCheckpointClearsTheOutcome() throws Exception {
        ReplayViewModel model = viewModel();
        drain();
        fx(() -> model.checkpointProperty().set(null));
        drain();
        assertNull(model.getOutcome());
        assertNull(model.getSelectedStep());
    }
}
