package io.streamscope.ui.inspector;

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

    public InspectorController(BatchFilesViewModel files, CheckpointViewModel checkpoint) {
        this.files = files;
        this.checkpoint = checkpoint;
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
        checkpoint.findings().addListener((ListChangeListener<Finding>) change -> {
            if (checkpoint.findings().stream().anyMatch(f -> f.kind() == Finding.Kind.ERROR)) {
                inspectorTabs.getSelectionModel().select(problemsTab);
            }
        });
    }

    private static void note(Label label, javafx.beans.value.ObservableStringValue text) {
        label.textProperty().bind(text);
        label.visibleProperty().bind(Bindings.isNotEmpty(text));
        label.managedProperty().bind(label.visibleProperty());
    }
}
