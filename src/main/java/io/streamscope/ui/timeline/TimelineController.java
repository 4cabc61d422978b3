package io.streamscope.ui.timeline;

import io.streamscope.ui.CheckpointViewModel;
import io.streamscope.ui.display.DisplayViewModel;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import org.controlsfx.control.RangeSlider;

/** Binds timeline.fxml: the timeline control, its placeholder, and the range slider onto the model's window. */
public final class TimelineController {

    private final TimelineViewModel timeline;
    private final CheckpointViewModel checkpoint;
    private final DisplayViewModel display;
    private boolean syncing;

    @FXML private BatchTimeline batchTimeline;
    @FXML private Label timelinePlaceholder;
    @FXML private HBox timelineWindowBar;
    @FXML private Label timelineWindowLabel;
    @FXML private RangeSlider timelineRange;

    public TimelineController(TimelineViewModel timeline, CheckpointViewModel checkpoint, DisplayViewModel display) {
        this.timeline = timeline;
        this.checkpoint = checkpoint;
        this.display = display;
    }

    @FXML
    private void initialize() {
        batchTimeline.setModel(timeline);
        batchTimeline.animatedProperty().bind(display.animationsProperty());
        timelinePlaceholder.textProperty().bind(checkpoint.placeholderProperty());
        timelinePlaceholder.visibleProperty().bind(Bindings.createBooleanBinding(
                () -> timeline.getData().isEmpty(), timeline.dataProperty()));
        timelinePlaceholder.setMouseTransparent(true);
        timelineWindowBar.disableProperty().bind(timelinePlaceholder.visibleProperty());

        timelineRange.setMin(0);
        timelineRange.setMax(1);
        timelineRange.setLowValue(0);
        timelineRange.setHighValue(1);
        timeline.dataProperty().addListener((property, old, data) -> syncSlider());
        timeline.windowStartProperty().addListener((property, old, value) -> syncSlider());
        timeline.windowSpanProperty().addListener((property, old, value) -> syncSlider());
        timelineRange.lowValueProperty().addListener((property, old, value) -> sliderMoved());
        timelineRange.highValueProperty().addListener((property, old, value) -> sliderMoved());
        syncSlider();
    }

    private void syncSlider() {
        syncing = true;
        try {
            int count = timeline.getData().size();
            double start = timeline.windowStartProperty().get();
            double end = Math.min(Math.max(count, 1), start + timeline.windowSpanProperty().get());
            timelineRange.setMax(Math.max(1, count));
            // Order matters: RangeSlider clamps low to high and high to low.
            if (start > timelineRange.getHighValue()) {
                timelineRange.setHighValue(end);
                timelineRange.setLowValue(start);
            } else {
                timelineRange.setLowValue(start);
                timelineRange.setHighValue(end);
            }
            timelineWindowLabel.setText(windowText(count));
        } finally {
            syncing = false;
        }
    }

    private String windowText(int count) {
        if (count == 0) {
            return "";
        }
        int first = timeline.firstVisibleIndex();
        int last = timeline.lastVisibleIndex();
        if (first == 0 && last == count - 1) {
            return "All " + count + (count == 1 ? " batch" : " batches");
        }
        long firstId = timeline.batches().get(first).id();
        long lastId = timeline.batches().get(last).id();
        return String.format("Batches %d–%d of %,d", firstId, lastId, count);
    }

    private void sliderMoved() {
        if (!syncing) {
            timeline.setWindow(timelineRange.getLowValue(), timelineRange.getHighValue());
        }
    }

    @FXML
    private void resetZoom() {
        timeline.resetZoom();
    }
}
