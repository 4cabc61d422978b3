package io.streamscope.checkpoint.state;

/**
 * Turns the rows of one partition into something to hand out whole, on the worker thread that rebuilt the partition:
 * see {@link StateReader#renderPartitions}. A renderer serves one partition.
 *
 * @param <R> what a partition's rows become (its JSON bytes, say)
 */
public interface PartitionRenderer<R> {

    /** One row, in key order; the row object is reused for the next row, as {@link StateReader#forEachRow} does. */
    void row(StateRow row);

    /** What the rows became; called once, after the last row (at once for a partition without rows). */
    R finish();
}
