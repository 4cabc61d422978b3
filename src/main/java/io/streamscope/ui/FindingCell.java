package io.streamscope.ui;

import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;

/** One line of the problems list: a coloured tag ("error", "warning", "note") and the text. */
public final class FindingCell extends ListCell<Finding> {

    private final Label tag = new Label();

    public FindingCell() {
        getStyleClass().add("finding-cell");
        tag.getStyleClass().add("finding-tag");
        tag.setMinWidth(Label.USE_PREF_SIZE);
        setWrapText(true);
        // A zero preferred width lets the list size the cell to its own width, so long messages wrap instead
        // of widening the list and hiding behind a horizontal scroll bar.
        setPrefWidth(0);
    }

    @Override
    protected void updateItem(Finding finding, boolean empty) {
        super.updateItem(finding, empty);
        for (Finding.Kind kind : Finding.Kind.values()) {
            boolean active = !empty && finding != null && finding.kind() == kind;
            pseudoClassStateChanged(PseudoClass.getPseudoClass(kind.label()), active);
        }
        if (empty || finding == null) {
            setText(null);
            setGraphic(null);
        } else {
            tag.setText(finding.kind().label());
            setText(finding.text());
            setGraphic(tag);
        }
    }
}
