package io.streamscope.replay;

import io.streamscope.sql.Row;

/**
 * One key of a stateful operator's store as the replay has it after a batch, shaped like Spark's state rows.
 *
 * @param operatorId the operator's id under {@code state/}
 * @param key        the key row (the grouping or deduplication columns)
 * @param value      the value row: an aggregation's buffer ({@code sum}, {@code isEmpty}, {@code count}…), the
 *                   expiry of {@code dropDuplicatesWithinWatermark} ({@code expiresAtMicros}); null for
 *                   {@code dropDuplicates}, which stores no value
 */
public record StateEntry(int operatorId, Row key, Row value) {
}
