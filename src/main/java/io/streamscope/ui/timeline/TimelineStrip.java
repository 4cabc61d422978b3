package io.streamscope.ui.timeline;

import io.streamscope.ui.inspector.ProgressText;
import io.streamscope.ui.replay.ReplayOutcome;
import io.streamscope.ui.replay.ReplayViewModel;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The timeline folded to a compact strip, for presentation mode: one line per lane (source or partition) with the
 * selected batch's range and commit mark and its neighbours beside it, then one line saying what the selected batch's
 * state means (committed, or the will-replay explanation), where Spark ran it more than once, how (the output says it
 * out of presentation mode), then the trigger and the lag. Text, not a canvas: it reads from the back of a classroom and
 * takes two or three lines of the height.
 */
public final class TimelineStrip extends VBox {

    static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");
    static final PseudoClass REPLAY = PseudoClass.getPseudoClass("will-replay");
    /** Batches shown either side of the selected one. */
    static final int NEIGHBOURS = 2;

    private final TimelineViewModel timeline;
    private final ReplayViewModel replay;
    private final Label notes = new Label();
    private final Label runs = new Label();
    private final Label lag = new Label();

    public TimelineStrip(TimelineViewModel timeline, ReplayViewModel replay) {
        this.timeline = timeline;
        this.replay = replay;
        setId("timelineStrip");
        getStyleClass().add("timeline-strip");
        notes.setId("stripNotesLabel");
        notes.getStyleClass().add("strip-notes");
        notes.setWrapText(true);
        notes.setMaxWidth(Double.MAX_VALUE);
        notes.setMinHeight(USE_PREF_SIZE);
        runs.setId("stripRunsLabel");
        runs.getStyleClass().add("strip-runs");
        runs.setWrapText(true);
        runs.setMaxWidth(Double.MAX_VALUE);
        runs.setMinHeight(USE_PREF_SIZE);
        lag.setId("stripLagLabel");
        lag.getStyleClass().add("strip-lag");
        lag.setWrapText(true);
        lag.setMaxWidth(Double.MAX_VALUE);
        lag.setMinHeight(USE_PREF_SIZE);
        timeline.dataProperty().addListener((property, old, data) -> refreshIfShown());
        timeline.selectedIndexProperty().addListener((property, old, index) -> refreshIfShown());
        if (replay != null) {
            replay.outcomeProperty().addListener((property, old, outcome) -> refreshIfShown());
        }
        visibleProperty().addListener((property, old, shown) -> refreshIfShown());
        refresh();
    }

    /**
     * The strip shows only in presentation mode; hidden, it is brought up to date when it shows again. Building its
     * labels and their tooltips (each a popup window with a scene of its own) took a fifth of a step's FX-thread time.
     */
    private void refreshIfShown() {
        if (isVisible()) {
            refresh();
        }
    }

    /** The text of every line, for tests and for the lesson. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        getChildren().forEach(child -> {
            if (child instanceof HBox box) {
                StringBuilder line = new StringBuilder();
                box.getChildren().forEach(node -> line.append(((Label) node).getText()).append(" | "));
                lines.add(line.toString());
            } else if (child instanceof Label label) {
                lines.add(label.getText());
            }
        });
        return lines;
    }

    private void refresh() {
        List<javafx.scene.Node> children = new ArrayList<>();
        TimelineData data = timeline.getData();
        int selected = timeline.getSelectedIndex();
        if (data.isEmpty() || selected < 0) {
            getChildren().setAll(children);
            return;
        }
        List<Lane> lanes = data.lanes();
        int from = Math.max(0, selected - NEIGHBOURS);
        int to = Math.min(data.size() - 1, selected + NEIGHBOURS);
        for (int lane = 0; lane < Math.max(1, lanes.size()); lane++) {
            HBox line = new HBox();
            line.getStyleClass().add("strip-lane");
            Label name = new Label(lanes.isEmpty() ? "batches" : lanes.get(lane).label());
            name.getStyleClass().add("strip-lane-name");
            name.setMinWidth(USE_PREF_SIZE);
            line.getChildren().add(name);
            for (int i = from; i <= to; i++) {
                TimelineBatch batch = data.batches().get(i);
                LaneCell cell = lanes.isEmpty() ? null : batch.cells().get(lane);
                Label mark = new Label(cellText(batch, cell));
                mark.getStyleClass().add("strip-batch");
                mark.setMinWidth(USE_PREF_SIZE);
                mark.pseudoClassStateChanged(SELECTED, i == selected);
                mark.pseudoClassStateChanged(REPLAY, batch.willReplay());
                mark.setTooltip(new Tooltip(TimelineText.describe(data, batch)));
                if (i == selected && lane == 0) {
                    mark.setId("stripSelectedBatch");
                }
                line.getChildren().add(mark);
            }
            int selectedCell = 1 + selected - from;
            line.setMinWidth(0); // as wide as the strip is, showing what fits (not as wide as all its batches)
            line.widthProperty().addListener((property, old, width) -> showWhatFits(line, selectedCell));
            children.add(line);
        }
        TimelineBatch batch = data.batches().get(selected);
        notes.setText(noteText(data, batch));
        notes.pseudoClassStateChanged(REPLAY, batch.willReplay());
        children.add(notes);
        ReplayOutcome outcome = replay == null ? null : replay.getOutcome();
        Optional<String> ranAgain = outcome == null ? Optional.empty() : outcome.runs().describe(batch.id());
        runs.setText(ranAgain.orElse(""));
        ranAgain.ifPresent(text -> children.add(runs));
        String lagText = outcome == null ? "" : ProgressText.lag(outcome);
        String trigger = outcome == null ? "" : TriggerText.describe(outcome, data);
        String both = (trigger + (trigger.isEmpty() || lagText.isEmpty() ? "" : " · ") + lagText).trim();
        lag.setText(both);
        if (!both.isEmpty()) {
            children.add(lag);
        }
        getChildren().setAll(children);
    }

    /**
     * A lane's batches on show: its name and the selected batch always, then its neighbours, nearest first (the one
     * before, then the one after), while they fit the lane's width. At 1280 px the strip's five batches ran past the
     * window's edge, and a batch that will replay read "⟳ will repla".
     */
    static void showWhatFits(HBox line, int selectedCell) {
        List<javafx.scene.Node> cells = line.getChildren();
        double room = line.getWidth() - line.snappedLeftInset() - line.snappedRightInset();
        if (room <= 0 || selectedCell >= cells.size()) {
            return;
        }
        double used = cells.get(0).prefWidth(-1) + line.getSpacing() + cells.get(selectedCell).prefWidth(-1);
        boolean[] shown = new boolean[cells.size()];
        shown[0] = true;
        shown[selectedCell] = true;
        boolean fits = true;
        for (int distance = 1; fits && distance < cells.size(); distance++) {
            for (int at : new int[] {selectedCell - distance, selectedCell + distance}) {
                if (fits && at >= 1 && at < cells.size()) {
                    double width = line.getSpacing() + cells.get(at).prefWidth(-1);
                    fits = used + width <= room;
                    if (fits) {
                        used += width;
                        shown[at] = true;
                    }
                }
            }
        }
        for (int i = 0; i < cells.size(); i++) {
            cells.get(i).setVisible(shown[i]);
            cells.get(i).setManaged(shown[i]);
        }
    }

    static String cellText(TimelineBatch batch, LaneCell cell) {
        String mark = batch.committed() ? " ✓" : batch.willReplay() ? " ⟳ will replay" : " · no commit";
        if (cell == null) {
            return "batch " + batch.id() + ": nothing" + mark;
        }
        return "batch " + batch.id() + ": " + cell.offsetsText()
                + (cell.hasRows() ? " (" + TimelineText.rows(cell.rows()) + ")" : "") + mark;
    }

    static String noteText(TimelineData data, TimelineBatch batch) {
        if (batch.willReplay()) {
            return TimelineText.willReplayExplanation(data, batch);
        }
        if (batch.committed()) {
            return "Batch " + batch.id() + " committed: offsets/" + batch.id() + " written before it ran, commits/"
                    + batch.id() + " after the sink had its rows"
                    + (batch.watermarkMs() > 0 ? " · watermark " + TimelineText.clock(batch.watermarkMs()) : "");
        }
        return "Batch " + batch.id() + ": no commit";
    }
}
