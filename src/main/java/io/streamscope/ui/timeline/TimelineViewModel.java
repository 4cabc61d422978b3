package io.streamscope.ui.timeline;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.util.List;

/**
 * The timeline without its drawing: the batches, which one is selected, and the window of columns on show (a start
 * and a span, in columns, so 10,000 batches never mean 10,000 drawn columns). No controls; FX thread only.
 */
public final class TimelineViewModel {

    /** Columns on show before the view says how many fit. */
    static final double DEFAULT_SPAN = 8;

    private final ReadOnlyObjectWrapper<TimelineData> data = new ReadOnlyObjectWrapper<>(this, "data", TimelineData.EMPTY);
    private final ReadOnlyIntegerWrapper selectedIndex = new ReadOnlyIntegerWrapper(this, "selectedIndex", -1);
    private final ReadOnlyObjectWrapper<TimelineBatch> selectedBatch = new ReadOnlyObjectWrapper<>(this, "selectedBatch");
    private final ReadOnlyStringWrapper batchLabel = new ReadOnlyStringWrapper(this, "batchLabel", "No batches");
    private final ReadOnlyBooleanWrapper atFirst = new ReadOnlyBooleanWrapper(this, "atFirst", true);
    private final ReadOnlyBooleanWrapper atLast = new ReadOnlyBooleanWrapper(this, "atLast", true);
    private final ReadOnlyDoubleWrapper windowStart = new ReadOnlyDoubleWrapper(this, "windowStart", 0);
    private final ReadOnlyDoubleWrapper windowSpan = new ReadOnlyDoubleWrapper(this, "windowSpan", DEFAULT_SPAN);

    private double fewestColumns = 1;
    private double fittingColumns = DEFAULT_SPAN;
    private double mostColumns = Double.MAX_VALUE;
    private boolean userZoomed;
    private Long requestedBatchId;

    /** A newly opened checkpoint: selects the batch asked for with {@link #requestBatch}, else the newest one. */
    public void setData(TimelineData opened) {
        data.set(opened);
        if (!userZoomed) {
            windowSpan.set(fittingColumns);
        }
        clampWindow();
        int index = opened.size() - 1;
        if (requestedBatchId != null && !opened.isEmpty()) {
            index = nearestIndex(opened, requestedBatchId);
            requestedBatchId = null;
        }
        publish(opened.isEmpty() ? -1 : Math.max(0, index));
    }

    public void clear() {
        setData(TimelineData.EMPTY);
    }

    /**
     * The open checkpoint read again while its query runs: the batch on show stays selected (and the window where it
     * is), unless it was the last and {@code followEnd}: then the newest batch is selected and scrolled to.
     */
    public void update(TimelineData newer, boolean followEnd) {
        TimelineBatch selected = selectedBatch.get();
        boolean atEnd = selected == null || atLast.get();
        data.set(newer);
        if (!userZoomed) {
            windowSpan.set(fittingColumns);
        }
        clampWindow();
        int index = newer.size() - 1;
        if (selected != null && !(followEnd && atEnd) && !newer.isEmpty()) {
            index = nearestIndex(newer, selected.id());
        }
        publish(newer.isEmpty() ? -1 : Math.max(0, index));
    }

    /** Selects the batch with this id now, or when the next checkpoint arrives (command line {@code --batch N}). */
    public void requestBatch(long batchId) {
        int index = data.get().indexOf(batchId);
        if (index >= 0) {
            select(index);
        } else {
            requestedBatchId = batchId;
        }
    }

    public void select(int index) {
        TimelineData current = data.get();
        int target = current.isEmpty() ? -1 : Math.max(0, Math.min(current.size() - 1, index));
        if (target != selectedIndex.get()) {
            publish(target);
        }
    }

    private void publish(int target) {
        TimelineData current = data.get();
        selectedIndex.set(target);
        selectedBatch.set(target < 0 ? null : current.batches().get(target));
        batchLabel.set(TimelineText.batchLabel(current, target));
        atFirst.set(target <= 0);
        atLast.set(target < 0 || target == current.size() - 1);
        if (target >= 0) {
            ensureVisible(target);
        }
    }

    public void selectNext() {
        if (!atLast.get()) {
            select(selectedIndex.get() + 1);
        }
    }

    public void selectPrevious() {
        if (!atFirst.get()) {
            select(selectedIndex.get() - 1);
        }
    }

    public void selectFirst() {
        select(0);
    }

    public void selectLast() {
        select(data.get().size() - 1);
    }

    /**
     * What the view can show: at most {@code most} columns (the narrowest width), {@code fitting} at the natural width,
     * at least {@code fewest} (the widest). Until the user zooms, the window is {@code fitting} columns wide.
     */
    public void setCapacity(double fewest, double fitting, double most) {
        fewestColumns = Math.max(1, fewest);
        mostColumns = Math.max(fewestColumns, most);
        fittingColumns = Math.max(fewestColumns, Math.min(mostColumns, fitting));
        if (!userZoomed) {
            windowSpan.set(fittingColumns);
        }
        clampWindow();
        if (selectedIndex.get() >= 0) {
            ensureVisible(selectedIndex.get());
        }
    }

    /** Shows columns {@code low} to {@code high} (a range slider, a drag). */
    public void setWindow(double low, double high) {
        userZoomed = true;
        windowSpan.set(high - low);
        windowStart.set(low);
        clampWindow();
    }

    /** Pans the window by a number of columns (negative: towards batch 0). */
    public void scrollBy(double columns) {
        windowStart.set(windowStart.get() + columns);
        clampWindow();
    }

    /** Zooms by {@code factor} (&gt; 1 shows more columns) keeping the column at {@code anchor} in place. */
    public void zoom(double factor, double anchor) {
        userZoomed = true;
        double oldSpan = windowSpan.get();
        double fraction = oldSpan <= 0 ? 0 : (anchor - windowStart.get()) / oldSpan;
        windowSpan.set(oldSpan * factor);
        clampWindow();
        windowStart.set(anchor - fraction * windowSpan.get());
        clampWindow();
    }

    /** Back to the natural column width. */
    public void resetZoom() {
        userZoomed = false;
        windowSpan.set(fittingColumns);
        clampWindow();
        if (selectedIndex.get() >= 0) {
            ensureVisible(selectedIndex.get());
        }
    }

    private void ensureVisible(int index) {
        if (index < windowStart.get()) {
            windowStart.set(index);
        } else if (index + 1 > windowStart.get() + windowSpan.get()) {
            windowStart.set(index + 1 - windowSpan.get());
        }
        clampWindow();
    }

    private void clampWindow() {
        int count = data.get().size();
        double span = Math.max(fewestColumns, Math.min(windowSpan.get(), mostColumns));
        if (count > 0) {
            span = Math.min(span, Math.max(count, fewestColumns));
        }
        windowSpan.set(span);
        double start = Math.max(0, Math.min(windowStart.get(), Math.max(0, count - span)));
        windowStart.set(start);
    }

    private static int nearestIndex(TimelineData data, long batchId) {
        int exact = data.indexOf(batchId);
        if (exact >= 0) {
            return exact;
        }
        List<TimelineBatch> batches = data.batches();
        for (int i = 0; i < batches.size(); i++) {
            if (batches.get(i).id() > batchId) {
                return i;
            }
        }
        return batches.size() - 1;
    }

    /** The first column (partly) on show. */
    public int firstVisibleIndex() {
        return data.get().isEmpty() ? -1 : (int) Math.floor(windowStart.get());
    }

    /** The last column (partly) on show. */
    public int lastVisibleIndex() {
        int count = data.get().size();
        return count == 0 ? -1 : Math.min(count - 1, (int) Math.ceil(windowStart.get() + windowSpan.get()) - 1);
    }

    public ReadOnlyObjectProperty<TimelineData> dataProperty() {
        return data.getReadOnlyProperty();
    }

    public TimelineData getData() {
        return data.get();
    }

    /** The batches, oldest first. */
    public List<TimelineBatch> batches() {
        return data.get().batches();
    }

    public ReadOnlyIntegerProperty selectedIndexProperty() {
        return selectedIndex.getReadOnlyProperty();
    }

    public int getSelectedIndex() {
        return selectedIndex.get();
    }

    public ReadOnlyObjectProperty<TimelineBatch> selectedBatchProperty() {
        return selectedBatch.getReadOnlyProperty();
    }

    public TimelineBatch getSelectedBatch() {
        return selectedBatch.get();
    }

    public ReadOnlyStringProperty batchLabelProperty() {
        return batchLabel.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty atFirstProperty() {
        return atFirst.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty atLastProperty() {
        return atLast.getReadOnlyProperty();
    }

    public boolean isAtLast() {
        return atLast.get();
    }

    public ReadOnlyDoubleProperty windowStartProperty() {
        return windowStart.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty windowSpanProperty() {
        return windowSpan.getReadOnlyProperty();
    }
}
