package io.streamscope.ui;

import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;

/** Shows a "will replay" badge in the timeline for the batch Spark re-runs on restart. */
final class WillReplayCell extends TableCell<BatchRow, Boolean> {

    private final Label badge = new Label(BatchRowFormatter.WILL_REPLAY);

    WillReplayCell() {
        badge.getStyleClass().add("will-replay-badge");
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
    }

    @Override
    protected void updateItem(Boolean willReplay, boolean empty) {
        super.updateItem(willReplay, empty);
        setGraphic(!empty && Boolean.TRUE.equals(willReplay) ? badge : null);
    }
}
