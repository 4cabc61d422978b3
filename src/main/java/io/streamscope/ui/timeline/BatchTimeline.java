package io.streamscope.ui.timeline;

import javafx.animation.KeyFrame;
import javafx.animation.KeyValue;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.css.CssMetaData;
import javafx.geometry.Point2D;
import javafx.css.FontCssMetaData;
import javafx.css.Styleable;
import javafx.css.StyleableObjectProperty;
import javafx.css.StyleableProperty;
import javafx.css.StyleablePropertyFactory;
import javafx.scene.AccessibleRole;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.util.Duration;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The batch timeline ({@code #batchTimeline}): one column per batch with its input bars per partition, the offsets
 * and commit marks (a "will replay" badge where the commit is missing), the state version and the watermark. Click
 * or drag to select a batch; the wheel pans, Ctrl+wheel zooms. It draws on one canvas and only the columns in the
 * model's window, so it stays fluid with 10,000 batches. Colours and font come from the stylesheet.
 */
public class BatchTimeline extends Region {

    private static final StyleablePropertyFactory<BatchTimeline> STYLES = new StyleablePropertyFactory<>(Region.getClassCssMetaData());
    private static final Duration GLIDE = Duration.millis(160);

    private static final FontCssMetaData<BatchTimeline> FONT = new FontCssMetaData<>("-fx-font", Font.getDefault()) {
        @Override
        public boolean isSettable(BatchTimeline timeline) {
            return !timeline.font.isBound();
        }

        @Override
        public StyleableProperty<Font> getStyleableProperty(BatchTimeline timeline) {
            return timeline.font;
        }
    };

    private final StyleableObjectProperty<Font> font = new StyleableObjectProperty<>(Font.getDefault()) {
        @Override
        public Object getBean() {
            return BatchTimeline.this;
        }

        @Override
        public String getName() {
            return "font";
        }

        @Override
        public CssMetaData<? extends Styleable, Font> getCssMetaData() {
            return FONT;
        }

        @Override
        protected void invalidated() {
            requestLayout();
        }
    };

    private final StyleableProperty<Color> textFill = color("textFill", "-ss-text-fill", s -> s.textFill, "#1b1f24");
    private final StyleableProperty<Color> mutedFill = color("mutedFill", "-ss-muted-fill", s -> s.mutedFill, "#57606a");
    private final StyleableProperty<Color> gridColor = color("gridColor", "-ss-grid-color", s -> s.gridColor, "#d0d7de");
    private final StyleableProperty<Color> gutterColor = color("gutterColor", "-ss-gutter-color", s -> s.gutterColor, "#f6f8fa");
    private final StyleableProperty<Color> barColor = color("barColor", "-ss-bar-color", s -> s.barColor, "#3b7dd8");
    private final StyleableProperty<Color> offsetsColor = color("offsetsColor", "-ss-offsets-color", s -> s.offsetsColor, "#0b57b0");
    private final StyleableProperty<Color> commitColor = color("commitColor", "-ss-commit-color", s -> s.commitColor, "#1a7f37");
    private final StyleableProperty<Color> replayColor = color("replayColor", "-ss-replay-color", s -> s.replayColor, "#b35900");
    private final StyleableProperty<Color> replayFill = color("replayFill", "-ss-replay-fill", s -> s.replayFill, "#fff5e0");
    private final StyleableProperty<Color> badgeTextFill = color("badgeTextFill", "-ss-badge-text-fill", s -> s.badgeTextFill, "#ffffff");
    private final StyleableProperty<Color> selectionColor = color("selectionColor", "-ss-selection-color", s -> s.selectionColor, "#dbe9fb");
    private final StyleableProperty<Color> selectionBorderColor = color("selectionBorderColor", "-ss-selection-border-color",
            s -> s.selectionBorderColor, "#0b57b0");
    private final StyleableProperty<Color> hoverColor = color("hoverColor", "-ss-hover-color", s -> s.hoverColor, "#f0f4f9");
    private final StyleableProperty<Color> errorColor = color("errorColor", "-ss-error-color", s -> s.errorColor, "#b00020");

    private final Canvas canvas = new Canvas();
    private final TimelinePainter painter = new TimelinePainter();
    /** Made when the mouse first moves over the timeline: a tooltip is a pop-up window with a scene of its own. */
    private Tooltip tooltip;
    private final BooleanProperty animated = new SimpleBooleanProperty(this, "animated", true);
    /** Where the selection band is drawn; glides to the selected column when animations are on. */
    private final DoubleProperty highlight = new SimpleDoubleProperty(this, "highlight", -1);
    private final Runnable paintIfDirty = this::paintIfDirty;

    private TimelineViewModel model;
    private Timeline glide;
    private int hover = -1;
    private boolean dirty = true;
    private List<PaintedColumn> painted = List.of();
    private TimelineGeometry geometry;

    public BatchTimeline() {
        getStyleClass().add("batch-timeline");
        setFocusTraversable(true);
        setAccessibleRole(AccessibleRole.LIST_VIEW);
        canvas.setManaged(false);
        getChildren().add(canvas);

        addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        addEventHandler(MouseEvent.MOUSE_MOVED, this::moved);
        addEventHandler(MouseEvent.MOUSE_EXITED, event -> setHover(-1));
        addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        highlight.addListener(this::repaint);
        sceneProperty().addListener((property, old, scene) -> movePulseListener(old, scene));
    }

    /** The model to draw and to drive. Call once, on the FX thread. */
    public void setModel(TimelineViewModel viewModel) {
        model = viewModel;
        model.dataProperty().addListener((property, old, data) -> {
            hover = -1;
            requestLayout(); // the preferred height follows the lanes
            repaint(property);
        });
        model.selectedIndexProperty().addListener((property, old, index) -> moveHighlight(old.intValue(), index.intValue()));
        model.windowStartProperty().addListener(this::repaint);
        model.windowSpanProperty().addListener(this::repaint);
        highlight.set(model.getSelectedIndex());
        accessibleTextProperty().bind(model.batchLabelProperty());
        requestLayout();
    }

    /** Whether the selection glides from column to column (the window's animations switch). */
    public BooleanProperty animatedProperty() {
        return animated;
    }

    /** Whether the selection is still gliding to its column (screenshots wait for it). */
    public boolean isGliding() {
        return glide != null && glide.getStatus() == javafx.animation.Animation.Status.RUNNING;
    }

    /** The columns drawn by the last paint, left to right. */
    public List<PaintedColumn> paintedColumns() {
        return Collections.unmodifiableList(painted);
    }

    /** Draws now if anything changed since the last paint (normally done once per pulse). */
    public void paintIfDirty() {
        if (dirty) {
            paint();
        }
    }

    /**
     * The middle of a part of a column, in this control's coordinates (for tests and for accessibility tools), or
     * null when the column is not on show.
     */
    public Point2D pointIn(int index, TimelineGeometry.Part part) {
        TimelineGeometry geo = geometry();
        if (index < geo.firstVisible() || index > geo.lastVisible()) {
            return null;
        }
        double x = geo.xOf(index) + Math.min(geo.columnWidth() / 2, geo.em() * 1.2);
        double y = switch (part) {
            case HEADER, GUTTER, NONE -> geo.headerHeight() / 2;
            case INPUT -> geo.inputTop() + geo.inputHeight() / 2;
            case OFFSETS -> geo.offsetsTop() + geo.markLaneHeight() / 2;
            case COMMIT -> geo.commitTop() + geo.markLaneHeight() / 2;
            case STATE -> geo.stateTop() + geo.markLaneHeight() / 2;
            case WATERMARK -> geo.watermarkTop() + geo.markLaneHeight() / 2;
        };
        return new Point2D(x + snappedLeftInset(), y + snappedTopInset());
    }

    /** The tooltip's text now: it follows the mouse. */
    public String tooltipText() {
        return tooltip == null ? "" : tooltip.getText();
    }

    /** What the tooltip would say at a point: the batch's summary, or the "will replay" explanation on its badge. */
    public String describeAt(double x, double y) {
        TimelineGeometry geo = geometry();
        if (model == null || model.getData().isEmpty()) {
            return "Open a Spark checkpoint folder (Ctrl+O) to see its batches";
        }
        TimelineData data = model.getData();
        int index = geo.indexAt(x);
        TimelineGeometry.Part part = geo.partAt(x, y);
        if (index < 0) {
            TimelineGeometry.Part lane = part == TimelineGeometry.Part.GUTTER ? geo.partAt(geo.gutterWidth(), y) : part;
            String label = null;
            if (lane == TimelineGeometry.Part.INPUT && !data.lanes().isEmpty()) {
                int row = (int) Math.min(data.lanes().size() - 1, Math.max(0, (y - geo.inputTop()) / geo.inputLaneHeight()));
                label = data.lanes().get(row).label();
            }
            return TimelineText.laneHelp(lane, label);
        }
        TimelineBatch batch = data.batches().get(index);
        if (batch.willReplay() && part == TimelineGeometry.Part.COMMIT) {
            return TimelineText.willReplayExplanation(data, batch);
        }
        return TimelineText.describe(data, batch);
    }

    @Override
    protected double computePrefHeight(double width) {
        TimelineData data = model == null ? TimelineData.EMPTY : model.getData();
        return snappedTopInset() + snappedBottomInset()
                + TimelineGeometry.prefHeight(font.get().getSize(), data.lanes().size(), data.hasState());
    }

    @Override
    protected double computeMinHeight(double width) {
        TimelineData data = model == null ? TimelineData.EMPTY : model.getData();
        return snappedTopInset() + snappedBottomInset()
                + TimelineGeometry.minHeight(font.get().getSize(), data.lanes().size(), data.hasState());
    }

    @Override
    protected double computePrefWidth(double height) {
        return font.get().getSize() * (TimelineGeometry.GUTTER_EM + 3 * TimelineGeometry.PREF_COLUMN_EM);
    }

    @Override
    protected double computeMinWidth(double height) {
        return font.get().getSize() * (TimelineGeometry.GUTTER_EM + 2 * TimelineGeometry.MIN_COLUMN_EM);
    }

    @Override
    protected void layoutChildren() {
        double width = snapSizeX(getWidth() - snappedLeftInset() - snappedRightInset());
        double height = snapSizeY(getHeight() - snappedTopInset() - snappedBottomInset());
        canvas.relocate(snappedLeftInset(), snappedTopInset());
        canvas.setWidth(Math.max(0, width));
        canvas.setHeight(Math.max(0, height));
        if (model != null) {
            TimelineGeometry geo = geometry();
            model.setCapacity(geo.fewestColumns(), geo.fittingColumns(), geo.mostColumns());
        }
        paint();
    }

    private TimelineGeometry geometry() {
        TimelineData data = model == null ? TimelineData.EMPTY : model.getData();
        double start = model == null ? 0 : model.windowStartProperty().get();
        double span = model == null ? TimelineViewModel.DEFAULT_SPAN : model.windowSpanProperty().get();
        TimelineGeometry geo = new TimelineGeometry(canvas.getWidth(), canvas.getHeight(), font.get().getSize(),
                data.lanes().size(), data.hasState(), data.size(), start, span);
        geometry = geo;
        return geo;
    }

    private void paint() {
        dirty = false;
        TimelineGeometry geo = geometry();
        if (model == null || geo.width() <= 0 || geo.height() <= 0) {
            canvas.getGraphicsContext2D().clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
            painted = List.of();
            return;
        }
        painter.setFont(font.get());
        int selected = model.getSelectedIndex();
        double band = highlight.get() < 0 ? selected : highlight.get();
        painted = new ArrayList<>(painter.paint(canvas.getGraphicsContext2D(), geo, model.getData(), palette(),
                selected, band, hover));
    }

    /** The trigger's mark per batch id ({@link TriggerMarks}: the run of availableNow/once, processing time's interval). */
    public void setTriggerMarks(java.util.Map<Long, String> marks) {
        painter.setTriggerMarks(marks);
        repaint(null);
    }

    /** The colours the canvas is painted in, as the stylesheet (the theme) gives them now. */
    public TimelinePalette palette() {
        return new TimelinePalette(textFill.getValue(), mutedFill.getValue(), gridColor.getValue(), gutterColor.getValue(),
                barColor.getValue(), offsetsColor.getValue(), commitColor.getValue(), replayColor.getValue(),
                replayFill.getValue(), badgeTextFill.getValue(), selectionColor.getValue(),
                selectionBorderColor.getValue(), hoverColor.getValue(), errorColor.getValue());
    }

    private void repaint(Observable changed) {
        if (!dirty) {
            dirty = true;
            Platform.requestNextPulse();
        }
    }

    private void movePulseListener(Scene old, Scene scene) {
        if (old != null) {
            old.removePostLayoutPulseListener(paintIfDirty);
        }
        if (scene != null) {
            scene.addPostLayoutPulseListener(paintIfDirty);
        }
    }

    private void moveHighlight(int from, int to) {
        if (glide != null) {
            glide.stop();
        }
        boolean far = from < 0 || to < 0 || Math.abs(to - from) > 3;
        if (!animated.get() || far) {
            highlight.set(to);
        } else {
            glide = new Timeline(new KeyFrame(GLIDE, new KeyValue(highlight, to)));
            glide.play();
        }
        repaint(highlight);
    }

    private void pressed(MouseEvent event) {
        if (event.getButton() != MouseButton.PRIMARY || model == null) {
            return;
        }
        requestFocus();
        int index = geometry().indexAt(event.getX() - snappedLeftInset());
        if (index >= 0) {
            model.select(index);
        }
        event.consume();
    }

    private void dragged(MouseEvent event) {
        if (!event.isPrimaryButtonDown() || model == null) {
            return;
        }
        TimelineGeometry geo = geometry();
        double x = event.getX() - snappedLeftInset();
        if (x < geo.gutterWidth()) {
            model.scrollBy(-0.5);
        } else if (x > geo.width()) {
            model.scrollBy(0.5);
        }
        int index = geometry().nearestIndexAt(x);
        if (index >= 0) {
            model.select(index);
        }
        event.consume();
    }

    private void moved(MouseEvent event) {
        double x = event.getX() - snappedLeftInset();
        double y = event.getY() - snappedTopInset();
        setHover(geometry().indexAt(x));
        String text = describeAt(x, y);
        if (tooltip == null) {
            tooltip = new Tooltip();
            tooltip.setShowDelay(Duration.millis(250));
            tooltip.setShowDuration(Duration.seconds(30));
            tooltip.setWrapText(true);
            tooltip.setMaxWidth(520);
            tooltip.getStyleClass().add("timeline-tooltip");
            Tooltip.install(this, tooltip);
        }
        tooltip.setText(text == null ? "" : text);
    }

    private void setHover(int index) {
        if (index != hover) {
            hover = index;
            repaint(null);
        }
    }

    private void scrolled(ScrollEvent event) {
        if (model == null || model.getData().isEmpty()) {
            return;
        }
        TimelineGeometry geo = geometry();
        double delta = Math.abs(event.getDeltaX()) > Math.abs(event.getDeltaY()) ? event.getDeltaX() : event.getDeltaY();
        if (delta == 0) {
            return;
        }
        if (event.isShortcutDown() || event.isControlDown()) {
            model.zoom(delta > 0 ? 1 / 1.25 : 1.25, geo.columnAt(event.getX() - snappedLeftInset()));
        } else {
            model.scrollBy(-delta / geo.columnWidth());
        }
        event.consume();
    }

    private StyleableProperty<Color> color(String name, String css,
                                           java.util.function.Function<BatchTimeline, StyleableProperty<Color>> self,
                                           String initial) {
        StyleableProperty<Color> property = STYLES.createStyleableColorProperty(this, name, css, self, Color.web(initial));
        ((Observable) property).addListener(this::repaint);
        return property;
    }

    public static List<CssMetaData<? extends Styleable, ?>> getClassCssMetaData() {
        List<CssMetaData<? extends Styleable, ?>> all = new ArrayList<>(STYLES.getCssMetaData());
        all.add(FONT);
        return Collections.unmodifiableList(all);
    }

    @Override
    public List<CssMetaData<? extends Styleable, ?>> getCssMetaData() {
        return getClassCssMetaData();
    }
}
