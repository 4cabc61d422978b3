package io.streamscope.ui.inspector;

import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;

/** A text cell that keeps the end of long text visible ("…stateStore.providerClass") and shows it whole on hover. */
final class FullTextCell<S> extends TableCell<S, String> {

    FullTextCell() {
        setTextOverrun(OverrunStyle.LEADING_ELLIPSIS);
    }

    @Override
    protected void updateItem(String text, boolean empty) {
        super.updateItem(text, empty);
        setText(empty ? null : text);
        setTooltip(empty || text == null || text.isEmpty() ? null : new Tooltip(text));
    }
}
