package io.streamscope.replay;

import io.streamscope.sparktypes.Row;

import java.util.List;

/** The state of a streaming aggregation between batches: by group, or by session window. */
interface GroupedState {

    /** One batch: the rows in, what the sink gets in the mode, and how the result table changed. */
    AggregationState.Outcome process(List<Row> rows, OutputMode mode, long evictionWatermarkMs, long lateWatermarkMs,
                                     List<Row> late);

    /** The result table after the batches so far. */
    List<Row> resultTable();

    /** The state store's rows after the batches so far, shaped as Spark keeps them. */
    List<StateEntry> state();
}
