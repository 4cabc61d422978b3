package io.streamscope.ui;

import io.streamscope.ui.state.StateViewModel;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumn.CellDataFeatures;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.TransferMode;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;
import javafx.util.Callback;
import org.controlsfx.control.StatusBar;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Binds main.fxml to a {@link CheckpointViewModel}: the timeline, the problems list, the status bar and opening. */
public final class MainController {

    private static final PseudoClass WILL_REPLAY = PseudoClass.getPseudoClass("will-replay");

    private final CheckpointViewModel viewModel;
    private final StateViewModel state;

    @FXML private Button openCheckpointButton;
    @FXML private Label checkpointPathLabel;
    @FXML private Label queryIdLabel;
    @FXML private TableView<BatchRow> batchTimeline;
    @FXML private Label timelinePlaceholder;
    @FXML private TableColumn<BatchRow, Long> batchColumn;
    @FXML private TableColumn<BatchRow, String> endOffsetsColumn;
    @FXML private TableColumn<BatchRow, String> rowsColumn;
    @FXML private TableColumn<BatchRow, String> committedColumn;
    @FXML private TableColumn<BatchRow, Boolean> willReplayColumn;
    @FXML private TableColumn<BatchRow, String> watermarkColumn;
    @FXML private TableColumn<BatchRow, String> timeColumn;
    @FXML private ListView<Finding> problemsList;
    @FXML private StatusBar statusBar;

    public MainController(CheckpointViewModel viewModel, StateViewModel state) {
        this.viewModel = viewModel;
        this.state = state;
    }

    @FXML
    private void initialize() {
        checkpointPathLabel.textProperty().bind(viewModel.pathTextProperty());
        Tooltip pathTip = new Tooltip();
        pathTip.textProperty().bind(viewModel.pathTextProperty());
        checkpointPathLabel.setTooltip(pathTip);
        queryIdLabel.textProperty().bind(viewModel.queryTextProperty());
        queryIdLabel.visibleProperty().bind(viewModel.queryTextProperty().isNotEmpty());
        queryIdLabel.managedProperty().bind(queryIdLabel.visibleProperty());

        batchColumn.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue().batchId()));
        endOffsetsColumn.setCellValueFactory(text(BatchRow::endOffsets));
        rowsColumn.setCellValueFactory(text(BatchRow::inputRows));
        committedColumn.setCellValueFactory(text(BatchRow::committedText));
        willReplayColumn.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue().willReplay()));
        willReplayColumn.setCellFactory(column -> new WillReplayCell());
        watermarkColumn.setCellValueFactory(text(BatchRow::watermark));
        timeColumn.setCellValueFactory(text(BatchRow::time));
        batchTimeline.setRowFactory(table -> new TableRow<>() {
            @Override
            protected void updateItem(BatchRow row, boolean empty) {
                super.updateItem(row, empty);
                pseudoClassStateChanged(WILL_REPLAY, !empty && row != null && row.willReplay());
            }
        });
        batchTimeline.setItems(viewModel.batches());
        timelinePlaceholder.textProperty().bind(viewModel.placeholderProperty());

        viewModel.checkpointProperty().addListener((property, old, opened) -> state.setCheckpoint(opened));
        batchTimeline.getSelectionModel().selectedItemProperty().addListener((property, old, row) ->
                state.setBatch(row == null ? null : row.batchId()));
        batchTimeline.getItems().addListener((javafx.collections.ListChangeListener<BatchRow>) change -> {
            if (!batchTimeline.getItems().isEmpty() && batchTimeline.getSelectionModel().isEmpty()) {
                batchTimeline.getSelectionModel().selectLast(); // the newest batch: "what is in my state right now"
            }
        });

        problemsList.setItems(viewModel.findings());
        problemsList.setCellFactory(list -> new FindingCell());

        statusBar.textProperty().bind(viewModel.statusProperty());
        statusBar.progressProperty().bind(viewModel.progressProperty());
    }

    private static Callback<CellDataFeatures<BatchRow, String>, ObservableValue<String>> text(
            Function<BatchRow, String> field) {
        return cell -> new ReadOnlyStringWrapper(field.apply(cell.getValue()));
    }

    @FXML
    void chooseCheckpoint() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Open a Spark checkpoint folder");
        Path current = viewModel.folderProperty().get();
        if (current != null && current.getParent() != null && current.getParent().toFile().isDirectory()) {
            chooser.setInitialDirectory(current.getParent().toFile());
        }
        Window owner = openCheckpointButton.getScene().getWindow();
        File chosen = chooser.showDialog(owner);
        if (chosen != null) {
            viewModel.open(chosen.toPath());
        }
    }

    @FXML
    private void acceptFolderDrag(DragEvent event) {
        if (droppedFolder(event.getDragboard()).isPresent()) {
            // Never MOVE: the drag source may delete the folder after a "successful move".
            event.acceptTransferModes(TransferMode.COPY, TransferMode.LINK);
        }
        event.consume();
    }

    @FXML
    private void openDroppedFolder(DragEvent event) {
        Optional<Path> folder = droppedFolder(event.getDragboard());
        folder.ifPresent(viewModel::open);
        event.setDropCompleted(folder.isPresent());
        event.consume();
    }

    /** The first dropped folder; a dropped file stands for the folder that holds it (e.g. a checkpoint's metadata). */
    static Optional<Path> droppedFolder(Dragboard dragboard) {
        return dragboard.hasFiles() ? droppedFolder(dragboard.getFiles()) : Optional.empty();
    }

    static Optional<Path> droppedFolder(List<File> files) {
        if (files.isEmpty()) {
            return Optional.empty();
        }
        File first = files.get(0);
        File folder = first.isDirectory() ? first : first.getParentFile();
        return Optional.ofNullable(folder).map(File::toPath);
    }
}
