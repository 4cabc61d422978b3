package io.streamscope.ui.inspector;

import io.streamscope.ui.display.HoverTooltip;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;

/**
 * A text cell that keeps the end of long text visible ("…stateStore.providerClass") and shows it whole on hover. The
 * tooltip is made on the first hover and follows the cell's later texts: made with each text, a step through the
 * batches with the conf shown made a pop-up window per cell.
 */
final class FullTextCell<S> extends TableCell<S, String> {

    FullTextCell() {
        setTextOverrun(OverrunStyle.LEADING_ELLIPSIS);
    }

    @Override
    protected void updateItem(String text, boolean empty) {
        super.updateItem(text, empty);
        setText(empty ? null : text);
        HoverTooltip.setText(this, empty ? null : text);
    }
}
