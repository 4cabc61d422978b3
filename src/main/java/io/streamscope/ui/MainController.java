package io.streamscope.ui;

import io.streamscope.storage.Locations;
import io.streamscope.ui.query.QueryEditorController;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.TransferMode;
import org.controlsfx.control.StatusBar;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Binds main.fxml: the layout (the inspector folds away), dropping a folder or a URI, and the status bar. */
public final class MainController {

    private final WindowModel model;

    @FXML private SplitPane mainSplit;
    @FXML private TabPane inspector;
    @FXML private SplitPane workSplit;
    @FXML private javafx.scene.layout.Region queryPane;
    @FXML private QueryEditorController queryPaneController;
    @FXML private javafx.scene.layout.Region tablesSplit;
    @FXML private StatusBar statusBar;
    @FXML private Label activityLabel;
    @FXML private Button cancelButton;
    @FXML private Label zoomLabel;

    private double inspectorDivider = 0.6;
    private WorkAreaLayout workLayout;

    public MainController(WindowModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        CheckpointViewModel checkpoint = model.checkpoint();
        ActivityMonitor activity = model.activity();
        statusBar.textProperty().bind(checkpoint.statusProperty());
        statusBar.progressProperty().bind(activity.progressProperty()); // the newest read's, determinate once it reports
        activityLabel.textProperty().bind(activity.textProperty());
        cancelButton.visibleProperty().bind(activity.cancellableProperty());
        cancelButton.managedProperty().bind(activity.cancellableProperty());
        zoomLabel.textProperty().bind(Bindings.concat("Zoom ", model.display().zoomTextProperty()));
        model.display().inspectorShownProperty().addListener((property, old, shown) -> showInspector(shown));
        showInspector(model.display().inspectorShownProperty().get());
        workLayout = new WorkAreaLayout(workSplit, queryPane, queryPaneController::leastOpenHeight, tablesSplit,
                model.display());
        // a source row more or the parser's message: refitted once the new nodes are styled
        queryPaneController.whenLeastOpenHeightChanges(() -> Platform.runLater(workLayout::fit));
        // presentation mode folds the job editor away: the tables take its room
        model.display().presentationProperty().addListener((property, old, presenting) -> showQuery(!presenting));
        showQuery(!model.display().isPresentation());
        workLayout.install();
    }

    private void showQuery(boolean shown) {
        List<Node> items = workSplit.getItems();
        if (shown && !items.contains(queryPane)) {
            items.add(0, queryPane);
            workLayout.fit();
        } else if (!shown && items.contains(queryPane)) {
            items.remove(queryPane);
        }
    }

    private void showInspector(boolean shown) {
        List<Node> items = mainSplit.getItems();
        if (shown && !items.contains(inspector)) {
            items.add(inspector);
            mainSplit.setDividerPositions(inspectorDivider);
        } else if (!shown && items.contains(inspector)) {
            inspectorDivider = mainSplit.getDividerPositions()[0];
            items.remove(inspector);
        }
    }

    @FXML
    private void cancelReads() {
        model.activity().cancelReads();
    }

    @FXML
    private void acceptFolderDrag(DragEvent event) {
        if (droppedFolder(event.getDragboard()).isPresent() || droppedLocation(event.getDragboard()).isPresent()) {
            // Never MOVE: the drag source may delete the folder after a "successful move".
            event.acceptTransferModes(TransferMode.COPY, TransferMode.LINK);
        }
        event.consume();
    }

    @FXML
    private void openDroppedFolder(DragEvent event) {
        Optional<Path> folder = droppedFolder(event.getDragboard());
        Optional<String> location = folder.isPresent() ? Optional.empty() : droppedLocation(event.getDragboard());
        folder.ifPresent(model::open);
        location.ifPresent(uri -> model.openLocation(uri, model.settingsFor(uri)));
        event.setDropCompleted(folder.isPresent() || location.isPresent());
        event.consume();
    }

    /** A URI dropped as text (from a browser, a terminal, a console): its first line, when that is a remote URI. */
    static Optional<String> droppedLocation(Dragboard dragboard) {
        return dragboard.hasFiles() || !dragboard.hasString() ? Optional.empty() : droppedLocation(dragboard.getString());
    }

    static Optional<String> droppedLocation(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        String first = text.strip().lines().findFirst().orElse("").strip();
        return Locations.isRemote(first) && !first.contains(" ") ? Optional.of(first) : Optional.empty();
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
