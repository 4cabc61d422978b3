package io.streamscope.ui;

/**
 * One line of the batch timeline, as text ready to show.
 *
 * @param batchId    batch id
 * @param endOffsets each source's end offset JSON, joined by {@code "; "}; {@code -} where Spark wrote {@code -}
 * @param inputRows  rows read by the batch, or blank when the offsets are not numeric
 * @param committed  whether the batch finished
 * @param willReplay whether Spark re-runs the batch on restart
 * @param watermark  the watermark the batch ran with, ISO-8601 UTC, or {@link BatchRowFormatter#NO_VALUE} when 0
 * @param time       the batch's processing time, ISO-8601 UTC, or {@link BatchRowFormatter#NO_VALUE} when unknown
 */
public record BatchRow(long batchId, String endOffsets, String inputRows, boolean committed, boolean willReplay,
                       String watermark, String time) {

    public String committedText() {
        return committed ? BatchRowFormatter.COMMITTED_MARK : "";
    }

    public String willReplayText() {
        return willReplay ? BatchRowFormatter.WILL_REPLAY : "";
    }
}
