package io.streamscope.replay;

import io.streamscope.sparktypes.Row;

/**
 * How a batch changed one row of the result table (for an aggregation: one group).
 *
 * @param kind   what happened
 * @param before the row before the batch (null when added)
 * @param after  the row after the batch (for an eviction: the final row that left the state)
 */
public record ResultChange(Kind kind, Row before, Row after) {

    public enum Kind {
        /** A new row (a new group, or a new row of a stateless query). */
        ADDED,
        /** A group the batch updated (update mode writes it even when its value comes out the same). */
        UPDATED,
        /** A group the watermark closed: removed from the state store (and written in append mode). */
        EVICTED
    }
}
