package io.streamscope.ui.timeline;

/**
 * What one batch read in one lane.
 *
 * @param startOffset the first offset read, or null when unknown (purged history, a gap)
 * @param endOffset   the offset after the last one read, or null when the lane is plain
 * @param rows        rows read, or -1 when unknown
 * @param text        for a plain lane, the end offset as Spark wrote it ({@code -} for none)
 */
public record LaneCell(Long startOffset, Long endOffset, long rows, String text) {

    public static LaneCell range(Long start, long end, long rows) {
        return new LaneCell(start, end, rows, null);
    }

    public static LaneCell plain(String text) {
        return new LaneCell(null, null, -1, text);
    }

    public boolean hasRows() {
        return rows >= 0;
    }

    /** "5 → 7", "? → 7", or the plain text. */
    public String offsetsText() {
        if (endOffset == null) {
            return text;
        }
        return (startOffset == null ? "?" : startOffset) + " → " + endOffset;
    }
}
