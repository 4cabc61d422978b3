package io.streamscope.ui.timeline;

/**
 * Where things are in the timeline, in pixels, from the font size, the data and the window: lane heights, column
 * width, which columns are on show, and what lies under a point. Pure, so it is tested without a screen.
 *
 * @param width       the control's width
 * @param height      the control's height
 * @param em          the font size
 * @param laneCount   input lanes
 * @param hasState    whether there is a state lane
 * @param count       batches
 * @param windowStart the column at the left edge of the plot (fractional)
 * @param windowSpan  columns the plot is meant to hold
 */
public record TimelineGeometry(double width, double height, double em, int laneCount, boolean hasState, int count,
                               double windowStart, double windowSpan) {

    /** Column width limits and the natural width, in em. */
    static final double MIN_COLUMN_EM = 0.9;
    static final double PREF_COLUMN_EM = 8.5;
    static final double MAX_COLUMN_EM = 17;
    static final double GUTTER_EM = 7.5;
    static final double HEADER_EM = 2.7;
    static final double INPUT_LANE_EM = 2.1;
    static final double MARK_LANE_EM = 1.7;
    static final double BOTTOM_EM = 0.3;
    /** Input lanes shown at full height before they are squeezed. */
    static final int ROOMY_LANES = 6;
    /**
     * The height of input lanes a timeline keeps on a short window: many partitions' lanes are squeezed into as many
     * full lanes' height as this, so that the job editor's bar and the tables keep their room (16 partitions and a
     * long batch id at 1280×720 had left the editor not even its bar).
     */
    static final int SHORT_WINDOW_LANES = 3;

    /** What lies under a point. */
    public enum Part { NONE, GUTTER, HEADER, INPUT, OFFSETS, COMMIT, STATE, WATERMARK }

    public static double prefHeight(double em, int laneCount, boolean hasState) {
        return height(em, Math.min(laneCount, ROOMY_LANES), hasState);
    }

    /** The least height: the pref height of up to {@link #SHORT_WINDOW_LANES} lanes. */
    public static double minHeight(double em, int laneCount, boolean hasState) {
        return height(em, Math.min(laneCount, SHORT_WINDOW_LANES), hasState);
    }

    private static double height(double em, int fullLanes, boolean hasState) {
        return em * (HEADER_EM + Math.max(1, fullLanes) * INPUT_LANE_EM + markLanes(hasState) * MARK_LANE_EM + BOTTOM_EM);
    }

    private static int markLanes(boolean hasState) {
        return hasState ? 4 : 3;
    }

    public double gutterWidth() {
        return Math.min(em * GUTTER_EM, width * 0.4);
    }

    public double plotWidth() {
        return Math.max(0, width - gutterWidth());
    }

    public double columnWidth() {
        double natural = windowSpan <= 0 ? em * PREF_COLUMN_EM : plotWidth() / windowSpan;
        return Math.max(em * MIN_COLUMN_EM, Math.min(em * MAX_COLUMN_EM, natural));
    }

    /** Columns that fit at the widest, natural and narrowest column width. */
    public double fewestColumns() {
        return plotWidth() / (em * MAX_COLUMN_EM);
    }

    public double fittingColumns() {
        return plotWidth() / (em * PREF_COLUMN_EM);
    }

    public double mostColumns() {
        return plotWidth() / (em * MIN_COLUMN_EM);
    }

    public double headerHeight() {
        return em * HEADER_EM;
    }

    public double markLaneHeight() {
        return em * MARK_LANE_EM;
    }

    public double inputTop() {
        return headerHeight();
    }

    public double inputHeight() {
        return Math.max(0, height - headerHeight() - markLanes(hasState) * markLaneHeight() - em * BOTTOM_EM);
    }

    public double inputLaneHeight() {
        return inputHeight() / Math.max(1, laneCount);
    }

    public double offsetsTop() {
        return inputTop() + inputHeight();
    }

    public double commitTop() {
        return offsetsTop() + markLaneHeight();
    }

    public double stateTop() {
        return commitTop() + markLaneHeight();
    }

    public double watermarkTop() {
        return (hasState ? stateTop() : commitTop()) + markLaneHeight();
    }

    public double bottom() {
        return watermarkTop() + markLaneHeight();
    }

    public double xOf(int index) {
        return gutterWidth() + (index - windowStart) * columnWidth();
    }

    public int firstVisible() {
        return count == 0 ? -1 : Math.max(0, Math.min(count - 1, (int) Math.floor(windowStart)));
    }

    public int lastVisible() {
        if (count == 0) {
            return -1;
        }
        int last = (int) Math.ceil(windowStart + plotWidth() / columnWidth()) - 1;
        return Math.max(firstVisible(), Math.min(count - 1, last));
    }

    /** The column at {@code x}, or -1 left of the plot or right of the last batch. */
    public int indexAt(double x) {
        if (x < gutterWidth() || count == 0) {
            return -1;
        }
        int index = (int) Math.floor(windowStart + (x - gutterWidth()) / columnWidth());
        return index < count ? index : -1;
    }

    /** The nearest column to {@code x}, for dragging past either end. */
    public int nearestIndexAt(double x) {
        if (count == 0) {
            return -1;
        }
        double column = windowStart + (x - gutterWidth()) / columnWidth();
        return (int) Math.max(0, Math.min(count - 1, Math.floor(column)));
    }

    /** The fractional column at {@code x}, to zoom around. */
    public double columnAt(double x) {
        return windowStart + (x - gutterWidth()) / columnWidth();
    }

    public Part partAt(double x, double y) {
        if (y < 0 || y > height || x < 0 || x > width) {
            return Part.NONE;
        }
        if (x < gutterWidth()) {
            return Part.GUTTER;
        }
        if (y < inputTop()) {
            return Part.HEADER;
        }
        if (y < offsetsTop()) {
            return Part.INPUT;
        }
        if (y < commitTop()) {
            return Part.OFFSETS;
        }
        if (hasState && y < stateTop() + markLaneHeight()) {
            return y < stateTop() ? Part.COMMIT : Part.STATE;
        }
        if (y < watermarkTop()) {
            return Part.COMMIT;
        }
        return y < bottom() ? Part.WATERMARK : Part.NONE;
    }
}
