package io.streamscope.replay;

import io.streamscope.sparktypes.Row;

/**
 * One key of a stateful operator's store as the replay has it after a batch, shaped like Spark's state rows.
 *
 * @param operatorId the operator's id under {@code state/}
 * @param storeName  the store ({@code default}, or a join side's {@code left-keyWithIndexToValue} …)
 * @param key        the key row (the grouping or deduplication columns)
 * @param value      the value row: an aggregation's buffer ({@code sum}, {@code isEmpty}, {@code count}…), the
 *                   expiry of {@code dropDuplicatesWithinWatermark} ({@code expiresAtMicros}); null for
 *                   {@code dropDuplicates}, which stores no value
 */
public record StateEntry(int operatorId, String storeName, Row key, Row value) {

    /** An entry of the operator's only store, {@code default}. */
    public StateEntry(int operatorId, Row key, Row value) {
        this(operatorId, "default", key, value);
    }
}
