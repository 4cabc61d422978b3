package io.streamscope.checkpoint.state;

/**
 * Turns the rows of one partition into something to hand out whole, on the worker thread that rebuilt the partition:
 * see {@link StateReader#renderPartitions}. A renderer serves one partition.
 *
 * @param <R> what a partition's rows become (its JSON bytes, say)
 */
public interface PartitionRenderer<R> {

    /**
     * One row, in key order; the row object is reused for the next row, as {@link StateReader#forEachRow} does. Where
     * it throws {@link OutOfMemoryError}, nothing of the row is kept: the rows before it are handed out, and the rest
     * of the partition is left out with a problem.
     */
    void row(StateRow row);

    /**
     * What the rows so far became, when the renderer would rather hand them out now than hold them (a partition of
     * millions of rows); null to go on holding them. Asked every few thousand rows.
     */
    default R part() {
        return null;
    }

    /** What the rows (after the last {@link #part}) became; called once, after the last row (at once for a partition without rows). */
    R finish();
}
