package io.streamscope.ui.header;

import io.streamscope.storage.HadoopSettings;
import io.streamscope.storage.Locations;
import io.streamscope.ui.CheckpointViewModel;
import io.streamscope.ui.display.DisplayViewModel;
import io.streamscope.ui.display.HoverTooltip;
import io.streamscope.ui.doctor.DoctorBadge;
import io.streamscope.ui.doctor.DoctorViewModel;
import io.streamscope.ui.export.CsvTable;
import io.streamscope.ui.export.Exporter;
import io.streamscope.ui.export.TableCsv;
import io.streamscope.ui.recent.RecentFolders;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Binds header.fxml: opening (button, recent folders), the open checkpoint's title and path, export, inspector. */
public final class HeaderController {

    /** Fewer ems than this for the title and path and they would read "To…" and "…te". */
    private static final double MIN_HEADING_EM = 8;

    private final CheckpointViewModel checkpoint;
    private final RecentFolders recent;
    private final DisplayViewModel display;
    private final Exporter exporter;
    private final Consumer<Path> open;
    private DoctorViewModel doctor;
    private LocationOpener locations;

    /** Opens a location given as text, local or remote, with its Hadoop settings. */
    public interface LocationOpener {
        void open(String location, HadoopSettings settings);

        /** The settings the location was last opened with in this run. */
        HadoopSettings settingsFor(String location);
    }

    @FXML private HBox headerBar;
    @FXML private Button openCheckpointButton;
    @FXML private Button openUriButton;
    @FXML private MenuButton recentMenu;
    @FXML private VBox checkpointHeading;
    @FXML private Label checkpointTitleLabel;
    @FXML private Label checkpointPathLabel;
    @FXML private Label queryIdLabel;
    @FXML private MenuButton exportMenu;
    @FXML private ToggleButton inspectorToggle;
    @FXML private Button doctorBadge;

    public HeaderController(CheckpointViewModel checkpoint, RecentFolders recent, DisplayViewModel display,
                            Exporter exporter, Consumer<Path> open) {
        this.checkpoint = checkpoint;
        this.recent = recent;
        this.display = display;
        this.exporter = exporter;
        this.open = open;
    }

    /** With the doctor's badge: shown while it found an error or a warning; a click opens the Doctor tab. */
    public HeaderController(CheckpointViewModel checkpoint, RecentFolders recent, DisplayViewModel display,
                            Exporter exporter, Consumer<Path> open, DoctorViewModel doctor) {
        this(checkpoint, recent, display, exporter, open);
        this.doctor = doctor;
    }

    /** How "Open URI…" and the recent list's remote entries open (set before the FXML is loaded). */
    public void setLocationOpener(LocationOpener locations) {
        this.locations = locations;
    }

    @FXML
    private void initialize() {
        checkpointTitleLabel.textProperty().bind(checkpoint.titleProperty());
        checkpointPathLabel.textProperty().bind(checkpoint.pathTextProperty());
        HoverTooltip.follow(checkpointPathLabel, checkpoint.pathTextProperty());
        queryIdLabel.textProperty().bind(checkpoint.queryTextProperty());
        queryIdLabel.visibleProperty().bind(checkpoint.queryTextProperty().isNotEmpty());
        queryIdLabel.managedProperty().bind(queryIdLabel.visibleProperty());
        inspectorToggle.selectedProperty().bindBidirectional(display.inspectorShownProperty());
        headerBar.visibleProperty().bind(display.presentationProperty().not());
        headerBar.managedProperty().bind(headerBar.visibleProperty());
        recent.locations().addListener((ListChangeListener<String>) change -> rebuildRecentMenu());
        openUriButton.setVisible(locations != null);
        openUriButton.setManaged(locations != null);
        rebuildRecentMenu();
        if (doctor != null) {
            DoctorBadge.bind(doctorBadge, doctor);
        }
        // the buttons' widths do not depend on the heading: no layout goes back and forth
        headerBar.widthProperty().addListener((property, old, width) -> fitHeading());
        headerBar.needsLayoutProperty().addListener((property, old, needs) -> fitHeading());
    }

    /**
     * The checkpoint's title and path where the buttons leave room for a few words; else none (the window's title
     * names the checkpoint): on a 1024-pixel screen they were cut to a letter or two.
     */
    private void fitHeading() {
        double others = 0;
        int shown = 0;
        for (Node child : headerBar.getChildren()) {
            if (child != checkpointHeading && child.isManaged()) {
                others += child.prefWidth(-1);
                shown++;
            }
        }
        Insets padding = headerBar.getInsets();
        double room = headerBar.getWidth() - padding.getLeft() - padding.getRight() - others - headerBar.getSpacing() * shown;
        boolean fits = room >= MIN_HEADING_EM * checkpointTitleLabel.getFont().getSize();
        if (checkpointHeading.isManaged() != fits) {
            checkpointHeading.setVisible(fits);
            checkpointHeading.setManaged(fits);
        }
    }

    @FXML
    private void showDoctor() {
        display.inspectorShownProperty().set(true);
        doctor.requestShow();
    }

    private void rebuildRecentMenu() {
        List<MenuItem> items = new ArrayList<>();
        for (String location : recent.locations()) {
            boolean remote = Locations.isRemote(location);
            String name = location.replaceAll("[/\\\\]+$", "");
            name = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
            MenuItem item = new MenuItem(name + "   —   " + location);
            item.setMnemonicParsing(false);
            if (remote && locations != null) {
                item.setOnAction(event -> locations.open(location, locations.settingsFor(location)));
            } else if (remote) {
                item.setDisable(true);
            } else {
                item.setOnAction(event -> open.accept(Path.of(location)));
            }
            items.add(item);
        }
        if (items.isEmpty()) {
            MenuItem none = new MenuItem("No recent folders");
            none.setDisable(true);
            items.add(none);
        } else {
            MenuItem clear = new MenuItem("Clear the list");
            clear.setOnAction(event -> recent.clear());
            items.add(new SeparatorMenuItem());
            items.add(clear);
        }
        recentMenu.getItems().setAll(items);
    }

    /** Ctrl+O and the open button: a folder chooser starting next to the open checkpoint. */
    @FXML
    public void chooseCheckpoint() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Open a Spark checkpoint folder");
        Path current = checkpoint.folderProperty().get();
        if (current == null && !recent.folders().isEmpty()) {
            current = recent.folders().get(0);
        }
        if (current != null && !Locations.isRemote(current) && current.getParent() != null
                && Files.isDirectory(current.getParent())) {
            chooser.setInitialDirectory(current.getParent().toFile());
        }
        File chosen = chooser.showDialog(window());
        if (chosen != null) {
            open.accept(chosen.toPath());
        }
    }

    /** "Open URI…": a remote (or local) checkpoint by its URI, with Hadoop settings. */
    @FXML
    public void chooseUri() {
        Path current = checkpoint.folderProperty().get();
        String location = current != null && Locations.isRemote(current) ? current.toString()
                : recent.locations().stream().filter(Locations::isRemote).findFirst().orElse("");
        OpenUriDialog.show(window(), location, locations.settingsFor(location))
                .ifPresent(choice -> locations.open(choice.location(), choice.settings()));
    }

    @FXML
    private void exportPng() {
        File file = saveChooser("Save the window as PNG", "streamscope.png", "PNG image", "*.png");
        if (file != null) {
            exporter.writePng(openCheckpointButton.getScene(), file.toPath());
        }
    }

    @FXML
    private void exportBatches() {
        File file = saveChooser("Save the batches as CSV", "batches.csv", "CSV table", "*.csv");
        if (file != null) {
            CsvTable table = TableCsv.ofBatches(checkpoint.batches());
            exporter.writeCsv(table, file.toPath());
        }
    }

    private File saveChooser(String title, String name, String kind, String pattern) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        chooser.setInitialDirectory(new File(System.getProperty("user.home")));
        return chooser.showSaveDialog(window());
    }

    private Window window() {
        return openCheckpointButton.getScene().getWindow();
    }
}
