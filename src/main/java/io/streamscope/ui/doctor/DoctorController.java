package io.streamscope.ui.doctor;

import io.streamscope.doctor.Finding;
import io.streamscope.doctor.Handover;
import io.streamscope.doctor.SourceHandover;
import io.streamscope.ui.timeline.TimelineViewModel;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Binds doctor.fxml: the doctor's findings (a click on one with a batch selects that batch on the timeline), the
 * handover with its snippet and Copy, and the tab coming forward when the header's badge asks.
 */
public final class DoctorController {

    private final DoctorViewModel doctor;
    private final TimelineViewModel timeline;

    @FXML private Tab doctorTab;
    @FXML private Label doctorRemark;
    @FXML private ListView<Finding> doctorList;
    @FXML private Label handoverSummary;
    @FXML private VBox handoverSources;
    @FXML private TextArea handoverSnippet;
    @FXML private VBox handoverNotes;
    @FXML private Button copyHandoverButton;

    public DoctorController(DoctorViewModel doctor, TimelineViewModel timeline) {
        this.doctor = doctor;
        this.timeline = timeline;
    }

    @FXML
    private void initialize() {
        doctorList.setItems(doctor.findings());
        doctorList.setCellFactory(list -> {
            ListCell<Finding> cell = new DoctorFindingCell();
            cell.setOnMouseClicked(event -> selectBatchOf(cell.getItem()));
            return cell;
        });
        doctorList.setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.ENTER) {
                selectBatchOf(doctorList.getSelectionModel().getSelectedItem());
            }
        });
        doctorTab.textProperty().bind(Bindings.createStringBinding(() -> doctor.findings().isEmpty() ? "Doctor"
                : "Doctor (" + doctor.findings().size() + ")", doctor.findings()));
        doctorRemark.textProperty().bind(doctor.remarkProperty());
        doctorRemark.visibleProperty().bind(doctor.remarkProperty().isNotEmpty());
        doctorRemark.managedProperty().bind(doctorRemark.visibleProperty());
        handoverSnippet.textProperty().bind(doctor.snippetProperty());
        copyHandoverButton.disableProperty().bind(doctor.snippetProperty().isEmpty());
        doctor.handoverProperty().addListener((property, old, handover) -> showHandover(handover));
        showHandover(doctor.handoverProperty().get());
        doctor.showRequestsProperty().addListener((property, old, count) -> bringForward());
        doctor.findings().addListener((ListChangeListener<Finding>) change -> doctorList.getSelectionModel().clearSelection());
    }

    private void selectBatchOf(Finding finding) {
        if (finding == null || finding.batchId() == null) {
            return;
        }
        int index = timeline.getData().indexOf(finding.batchId());
        if (index >= 0) {
            timeline.select(index);
        }
    }

    private void bringForward() {
        TabPane pane = doctorTab.getTabPane();
        if (pane != null) {
            pane.getSelectionModel().select(doctorTab);
        }
    }

    private void showHandover(Handover handover) {
        List<VBox> sources = new ArrayList<>();
        List<Label> notes = new ArrayList<>();
        if (handover == null) {
            handoverSummary.setText("The handover appears here once a checkpoint is open");
        } else {
            handoverSummary.setText("A new checkpoint that resumes exactly where the last committed batch ended: "
                    + "give each source these options (the snippet below, in the job's language)");
            for (SourceHandover source : handover.sources()) {
                sources.add(source(source));
            }
            for (String note : handover.notes()) {
                notes.add(note(note, "handover-note"));
            }
        }
        handoverSources.getChildren().setAll(sources);
        handoverNotes.getChildren().setAll(notes);
    }

    private static VBox source(SourceHandover source) {
        Label title = new Label("Source " + source.index() + " · " + source.kind());
        title.getStyleClass().add("handover-source-title");
        StringBuilder options = new StringBuilder();
        for (Map.Entry<String, String> option : source.options().entrySet()) {
            options.append(options.isEmpty() ? "" : "\n").append(option.getKey()).append(" = ").append(option.getValue());
        }
        Label optionsLabel = new Label(options.isEmpty() ? "No option to give: the files do not tell where it stopped"
                : options.toString());
        optionsLabel.setId("handoverOptions" + source.index());
        optionsLabel.getStyleClass().add("handover-option");
        optionsLabel.setWrapText(true);
        VBox box = new VBox(2, title, optionsLabel);
        for (String note : source.notes()) {
            box.getChildren().add(note(note, "handover-source-note"));
        }
        box.setId("handoverSource" + source.index());
        box.getStyleClass().add("handover-source");
        return box;
    }

    private static Label note(String text, String style) {
        Label label = new Label(text);
        label.getStyleClass().add(style);
        label.setWrapText(true);
        label.setMinHeight(Label.USE_PREF_SIZE);
        return label;
    }

    /** Copy: the snippet onto the system clipboard as plain text. */
    @FXML
    private void copySnippet() {
        String snippet = doctor.snippet();
        if (snippet.isEmpty()) {
            return;
        }
        ClipboardContent content = new ClipboardContent();
        content.putString(snippet);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
