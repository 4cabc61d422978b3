package io.streamscope.ui.doctor;

import io.streamscope.doctor.Finding;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * One finding of the doctor: its severity (icon and word, coloured), its id, the message, the fix, and the file and
 * batch it is about. The cell has the pseudo-class of its severity ({@code :error}, {@code :warning}, {@code :info}).
 */
final class DoctorFindingCell extends ListCell<Finding> {

    private final Label severity = new Label();
    private final Label id = new Label();
    private final Label where = new Label();
    private final Label message = new Label();
    private final Label fix = new Label();
    private final VBox box;

    DoctorFindingCell() {
        getStyleClass().add("doctor-finding");
        severity.getStyleClass().add("doctor-severity");
        severity.setMinWidth(Label.USE_PREF_SIZE);
        id.getStyleClass().add("doctor-id");
        id.setMinWidth(Label.USE_PREF_SIZE);
        where.getStyleClass().add("doctor-where");
        where.setMinWidth(0);
        message.getStyleClass().add("doctor-message");
        fix.getStyleClass().add("doctor-fix");
        message.setWrapText(true);
        fix.setWrapText(true);
        HBox heading = new HBox(severity, id, where);
        heading.getStyleClass().add("doctor-heading");
        box = new VBox(heading, message, fix);
        box.getStyleClass().add("doctor-finding-box");
        box.setMinWidth(0);
        // A zero preferred width lets the list size the cell to its own width: long texts wrap.
        setPrefWidth(0);
    }

    @Override
    protected void updateItem(Finding finding, boolean empty) {
        super.updateItem(finding, empty);
        for (Finding.Severity each : Finding.Severity.values()) {
            pseudoClassStateChanged(PseudoClass.getPseudoClass(each.label()),
                    !empty && finding != null && finding.severity() == each);
        }
        setText(null);
        if (empty || finding == null) {
            setGraphic(null);
            setTooltip(null);
            return;
        }
        severity.setText(icon(finding.severity()) + " " + finding.severity().label());
        id.setText(finding.id());
        where.setText(where(finding));
        message.setText(finding.message());
        fix.setText("Fix: " + finding.fix());
        setGraphic(box);
    }

    static String icon(Finding.Severity severity) {
        return switch (severity) {
            case ERROR -> "✖";
            case WARNING -> "⚠";
            case INFO -> "ℹ";
        };
    }

    /** "offsets/2 · batch 2 (click to select it)", or what there is of it. */
    static String where(Finding finding) {
        String path = finding.path() == null ? "" : finding.path();
        String batch = finding.batchId() == null ? "" : "batch " + finding.batchId();
        return path.isEmpty() ? batch : batch.isEmpty() ? path : path + " · " + batch;
    }
}
