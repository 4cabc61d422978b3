package io.streamscope.ui.inspector;

import io.streamscope.replay.BatchStep;
import io.streamscope.replay.lab.TableOutcome;
import io.streamscope.ui.replay.ReplayOutcome;
import io.streamscope.ui.replay.ReplayViewModel;

import io.streamscope.ui.CheckpointViewModel;
import io.streamscope.ui.Finding;
import io.streamscope.ui.FindingCell;
import io.streamscope.ui.display.TabHeadersFit;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;

import java.util.List;
import java.util.Optional;

/**
 * Binds inspector.fxml: the selected batch's files and conf, and the problems list (its tab counts them and comes
 * forward when a checkpoint opens with damage). The state tab has its own controller.
 */
public final class InspectorController {

    private final BatchFilesViewModel files;
    private final CheckpointViewModel checkpoint;

    @FXML private TabPane inspectorTabs;
    @FXML private Tab problemsTab;
    @FXML private Label offsetsFileLabel;
    @FXML private Label offsetsNoteLabel;
    @FXML private TextArea offsetsText;
    @FXML private Label commitsFileLabel;
    @FXML private Label commitsNoteLabel;
    @FXML private TextArea commitsText;
    @FXML private TableView<ConfEntry> confTable;
    @FXML private TableColumn<ConfEntry, String> confKeyColumn;
    @FXML private TableColumn<ConfEntry, String> confValueColumn;
    @FXML private ListView<Finding> problemsList;
    @FXML private Label progressSummary;
    @FXML private Label progressRatesLabel;
    @FXML private Label lagLabel;
    @FXML private TextArea progressText;
    @FXML private Label batchRunsText;
    @FXML private VBox foreachBatchLab;
    @FXML private Label labSummary;
    @FXML private Label labAppendLabel;
    @FXML private Label labMergeLabel;
    @FXML private Label labBatchIdLogLabel;

    private final ReplayViewModel replay;

    public InspectorController(BatchFilesViewModel files, CheckpointViewModel checkpoint, ReplayViewModel replay) {
        this.files = files;
        this.checkpoint = checkpoint;
        this.replay = replay;
    }

    @FXML
    private void initialize() {
        TabHeadersFit.install(inspectorTabs);
        offsetsFileLabel.textProperty().bind(files.offsetsTitleProperty());
        commitsFileLabel.textProperty().bind(files.commitsTitleProperty());
        offsetsText.textProperty().bind(files.offsetsTextProperty());
        commitsText.textProperty().bind(files.commitsTextProperty());
        note(offsetsNoteLabel, files.offsetsNoteProperty());
        note(commitsNoteLabel, files.commitsNoteProperty());

        confKeyColumn.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().key()));
        confValueColumn.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().value()));
        confKeyColumn.setCellFactory(column -> new FullTextCell<>());
        confValueColumn.setCellFactory(column -> new FullTextCell<>());
        confTable.setItems(files.conf());

        problemsList.setItems(checkpoint.findings());
        problemsList.setCellFactory(list -> new FindingCell());
        problemsTab.textProperty().bind(Bindings.createStringBinding(() -> {
            long problems = checkpoint.findings().stream().filter(f -> f.kind() != Finding.Kind.NOTE).count();
            int all = checkpoint.findings().size();
            return all == 0 ? "Problems" : problems > 0 ? "Problems (" + problems + ")" : "Notes (" + all + ")";
        }, checkpoint.findings()));
        replay.outcomeProperty().addListener((property, old, outcome) -> showProgress());
        replay.selectedStepProperty().addListener((property, old, step) -> showProgress());
        showProgress();
        checkpoint.findings().addListener((ListChangeListener<Finding>) change -> {
            if (checkpoint.findings().stream().anyMatch(f -> f.kind() == Finding.Kind.ERROR)) {
                inspectorTabs.getSelectionModel().select(problemsTab);
            }
        });
    }

    private void showProgress() {
        ReplayOutcome outcome = replay.getOutcome();
        BatchStep step = replay.currentStep(); // from the outcome on show, never a stale one
        showRestarts(outcome, step);
        if (outcome == null || step == null) {
            progressSummary.setText(outcome == null ? "The batch's progress report appears here once the query is replayed"
                    : "No progress report: the batch was not replayed (the reason is where the result table would be)");
            lagLabel.setText("");
            progressRatesLabel.setText("");
            progressText.setText("");
            return;
        }
        lagLabel.setText(ProgressText.lag(outcome));
        progressRatesLabel.setText("");
        if (!outcome.replayed()) {
            progressSummary.setText("Batch " + step.batchId() + ": " + step.inputRows().size() + " input rows read; no "
                    + "progress report while the query does not run (the reason is where the result table would be)");
            progressText.setText("");
            return;
        }
        progressSummary.setText(ProgressText.summary(step,
                outcome.replay().orElseThrow().query().watermark().isPresent()));
        progressText.setText(outcome.progressOf(step.batchId()).map(ProgressText::report).orElse(""));
        progressRatesLabel.setText(outcome.progressOf(step.batchId())
                .map(progress -> ProgressText.rates(progress, outcome.progressOf(step.batchId() - 1))).orElse(""));
    }

    /** The restarts tab: how often Spark ran the selected batch, and the foreachBatch lab of a crashed query. */
    private void showRestarts(ReplayOutcome outcome, BatchStep step) {
        Optional<String> runs = outcome == null || step == null ? Optional.empty()
                : outcome.runs().describe(step.batchId());
        batchRunsText.setText(runs.orElse(outcome == null || outcome.runs().byBatch().isEmpty()
                ? "This folder keeps no record of Spark's runs (spark-run.json or a listener's progress.jsonl): a batch "
                        + "that will replay is marked on the timeline"
                : step == null ? "" : "Spark ran batch " + step.batchId() + " once, as far as this folder says"));
        List<TableOutcome> lab = outcome == null ? List.of() : outcome.lab();
        foreachBatchLab.setVisible(!lab.isEmpty());
        foreachBatchLab.setManaged(!lab.isEmpty());
        if (lab.isEmpty()) {
            for (Label label : List.of(labAppendLabel, labMergeLabel, labBatchIdLogLabel)) {
                label.setText("");
            }
            return;
        }
        BatchStep crashed = outcome.replay().orElseThrow().steps().stream().filter(BatchStep::willReplay)
                .findFirst().orElseThrow();
        labSummary.setText("The foreachBatch function wrote batch " + crashed.batchId() + " and the query died before "
                + "commits/" + crashed.batchId() + ": on restart Spark runs batch " + crashed.batchId()
                + " again with the same rows. What the target table holds then depends on how the function writes:");
        for (TableOutcome table : lab) {
            Label label = switch (table.write()) {
                case APPEND -> labAppendLabel;
                case MERGE -> labMergeLabel;
                case BATCH_ID_LOG -> labBatchIdLogLabel;
            };
            label.setText(LabText.describe(table));
        }
    }

    private static void note(Label label, javafx.beans.value.ObservableStringValue text) {
        label.textProperty().bind(text);
        label.visibleProperty().bind(Bindings.isNotEmpty(text));
        label.managedProperty().bind(label.visibleProperty());
    }
}
