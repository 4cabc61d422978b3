package io.streamscope.topic;

/**
 * How far a read has come.
 *
 * @param recordsRead    records delivered so far
 * @param offsetsDone    offsets of the request covered so far (read, missing or empty)
 * @param offsetsTotal   offsets in the whole request
 */
public record ReadProgress(long recordsRead, long offsetsDone, long offsetsTotal) {

    /** From 0 to 1. */
    public double fraction() {
        return offsetsTotal == 0 ? 1.0 : (double) offsetsDone / offsetsTotal;
    }
}
