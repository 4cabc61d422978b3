package io.streamscope.ui.timeline;

import io.streamscope.ui.CheckpointViewModel;
import io.streamscope.ui.display.DisplayViewModel;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import io.streamscope.ui.replay.ReplayViewModel;
import org.controlsfx.control.RangeSlider;

/** Binds timeline.fxml: the timeline control, its placeholder, and the range slider onto the model's window. */
public final class TimelineController {

    private final TimelineViewModel timeline;
    private final CheckpointViewModel checkpoint;
    private final DisplayViewModel display;
    private final ReplayViewModel replay;
    private boolean syncing;
    private TimelineStrip strip;

    @FXML private VBox timelineSection;
    @FXML private StackPane timelineFrame;
    @FXML private BatchTimeline batchTimeline;
    @FXML private Label timelinePlaceholder;
    @FXML private HBox timelineWindowBar;
    @FXML private Label timelineWindowLabel;
    @FXML private RangeSlider timelineRange;

    public TimelineController(TimelineViewModel timeline, CheckpointViewModel checkpoint, DisplayViewModel display) {
        this(timeline, checkpoint, display, null);
    }

    public TimelineController(TimelineViewModel timeline, CheckpointViewModel checkpoint, DisplayViewModel display,
                              ReplayViewModel replay) {
        this.replay = replay;
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
        // presentation mode folds the timeline to a compact strip of text: the tables get the height
        if (replay != null) { // the trigger on the canvas: each batch's run, or the interval since the batch before
            Runnable marks = () -> batchTimeline.setTriggerMarks(TriggerMarks.of(replay.getOutcome(), timeline.getData()));
            replay.outcomeProperty().addListener((property, old, outcome) -> marks.run());
            timeline.dataProperty().addListener((property, old, data) -> marks.run());
            marks.run();
        }
        strip = new TimelineStrip(timeline, replay);
        timelineSection.getChildren().add(strip);
        display.presentationProperty().addListener((property, old, presenting) -> fold(presenting));
        fold(display.isPresentation());
    }

    private void fold(boolean compact) {
        timelineFrame.setVisible(!compact);
        timelineFrame.setManaged(!compact);
        timelineWindowBar.setVisible(!compact);
        timelineWindowBar.setManaged(!compact);
        strip.setVisible(compact);
        strip.setManaged(compact);
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
