package io.streamscope.ui.timeline;

/**
 * A column as the timeline last drew it, so tests (and hit tests) see what is on screen, not only the model.
 *
 * @param index           position in the batch list
 * @param batchId         the batch
 * @param x               left edge, in the control's canvas
 * @param width           column width
 * @param selected        drawn as the selection
 * @param willReplayBadge a "will replay" badge was drawn
 * @param commitMark      a commit mark was drawn
 * @param triggerMark     the trigger's mark drawn in the header ({@code run 2}, {@code +60 s}), or null
 */
public record PaintedColumn(int index, long batchId, double x, double width, boolean selected, boolean willReplayBadge,
                            boolean commitMark, String triggerMark) {

    public PaintedColumn(int index, long batchId, double x, double width, boolean selected, boolean willReplayBadge,
                         boolean commitMark) {
        this(index, batchId, x, width, selected, willReplayBadge, commitMark, null);
    }
}
