package io.streamscope.ui;

import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.NotACheckpointException;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The view model without the FX toolkit: properties and lists work without it; only the Task needs it. */
class CheckpointViewModelTest {

    private static final Path FIXTURES = Path.of("src/test/resources/spark-conformance");

    @Test
    void showsAReadCheckpointInOneGo() throws Exception {
        CheckpointViewModel viewModel = new CheckpointViewModel(task -> { });
        List<Integer> batchChanges = new ArrayList<>();
        viewModel.batches().addListener((javafx.collections.ListChangeListener<BatchRow>) c -> batchChanges.add(1));

        viewModel.show(LoadedCheckpoint.of(
                CheckpointReader.read(FIXTURES.resolve("checkpoint-test-offsetId-commitId-inconsistent"))));

        assertEquals(List.of(0L, 1L, 2L, 4L), viewModel.batches().stream().map(BatchRow::batchId).toList());
        assertEquals(1, batchChanges.size(), "rows arrive in one change, not one per row");
        assertTrue(viewModel.statusProperty().get().startsWith("4 batches, 0 problems, "),
                viewModel.statusProperty().get());
        assertEquals("query d4358946-170c-49a7-823b-d8e4e9126616", viewModel.queryTextProperty().get());
        assertTrue(viewModel.findings().stream().anyMatch(f -> f.kind() == Finding.Kind.NOTE
                && f.message().contains("batch 3")), viewModel.findings().toString());
        assertFalse(viewModel.isLoading());
    }

    @Test
    void openMarksTheWindowBusyAndHandsTheReadToTheExecutor() {
        List<Runnable> submitted = new ArrayList<>();
        CheckpointViewModel viewModel = new CheckpointViewModel(submitted::add);

        viewModel.open(FIXTURES.resolve("checkpoint-version-2.1.0"));

        assertEquals(1, submitted.size(), "the read runs on the executor, not on the caller's thread");
        assertTrue(viewModel.isLoading());
        assertEquals(CheckpointViewModel.INDETERMINATE, viewModel.progressProperty().get());
        assertTrue(viewModel.statusProperty().get().startsWith("Reading "), viewModel.statusProperty().get());
        assertTrue(viewModel.batches().isEmpty());
    }

    @Test
    void aFolderThatIsNotACheckpointBecomesAnErrorFinding() {
        CheckpointViewModel viewModel = new CheckpointViewModel(task -> { });
        Path folder = FIXTURES.resolve("testCommitLogV1").toAbsolutePath();
        viewModel.started(folder);

        viewModel.showFailure(folder, new NotACheckpointException(folder + " is not a checkpoint"));

        assertFalse(viewModel.isLoading());
        assertEquals(0, viewModel.progressProperty().get());
        assertTrue(viewModel.batches().isEmpty());
        assertEquals(1, viewModel.findings().size());
        assertEquals(Finding.Kind.ERROR, viewModel.findings().get(0).kind());
        assertTrue(viewModel.statusProperty().get().startsWith("Not a checkpoint: "), viewModel.statusProperty().get());
    }

    @Test
    void anUnexpectedFailureIsReportedWithItsCause() {
        CheckpointViewModel viewModel = new CheckpointViewModel(task -> { });
        Path folder = Path.of("/nowhere").toAbsolutePath();

        viewModel.showFailure(folder, new IllegalStateException("disk on fire"));

        assertTrue(viewModel.statusProperty().get().contains("disk on fire"), viewModel.statusProperty().get());
        assertTrue(viewModel.findings().get(0).text().contains("disk on fire"));
    }
}
