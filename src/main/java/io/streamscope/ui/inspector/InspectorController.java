package io.streamscope.ui.inspector;

import io.streamscope.replay.BatchStep;
import io.streamscope.ui.replay.ReplayOutcome;
import io.streamscope.ui.replay.ReplayViewModel;

import io.streamscope.ui.CheckpointViewModel;
import io.streamscope.ui.Finding;
import io.streamscope.ui.FindingCell;
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
    @FXML private Label lagLabel;
    @FXML private TextArea progressText;

    private final ReplayViewModel replay;

    public InspectorController(BatchFilesViewModel files, CheckpointViewModel checkpoint, ReplayViewModel replay) {
        this.files = files;
        this.checkpoint = checkpoint;
        this.replay = replay;
    }

    @FXML
    private void initialize() {
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
        if (outcome == null || step == null) {
            progressSummary.setText(outcome != null && outcome.problem() != null ? outcome.problem()
                    : "The batch's progress report appears here once the query is replayed");
            lagLabel.setText("");
            progressText.setText("");
            return;
        }
        progressSummary.setText(ProgressText.summary(step, outcome.replay().query().watermark().isPresent()));
        lagLabel.setText(ProgressText.lag(outcome));
        progressText.setText(outcome.progressOf(step.batchId()).map(ProgressText::report).orElse(""));
    }

    private static void note(Label label, javafx.beans.value.ObservableStringValue text) {
        label.textProperty().bind(text);
        label.visibleProperty().bind(Bindings.isNotEmpty(text));
        label.managedProperty().bind(label.visibleProperty());
    }
}
