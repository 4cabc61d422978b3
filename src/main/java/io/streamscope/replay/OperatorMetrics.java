package io.streamscope.replay;

/**
 * A stateful operator's numbers for one batch, as Spark's progress reports them under {@code stateOperators}.
 * Counted per key; Spark counts per partial aggregate, which is the same when the source has one partition.
 *
 * @param operatorName              Spark's short name ({@code stateStoreSave}, {@code dedupe}, …)
 * @param numRowsTotal              keys in the store after the batch
 * @param numRowsUpdated            keys the batch wrote
 * @param numRowsRemoved            keys the watermark evicted
 * @param numRowsDroppedByWatermark late input dropped (an aggregation: late groups; deduplication: late rows)
 */
public record OperatorMetrics(int operatorId, String operatorName, long numRowsTotal, long numRowsUpdated,
                              long numRowsRemoved, long numRowsDroppedByWatermark) {
}
