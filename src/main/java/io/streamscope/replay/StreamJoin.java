package io.streamscope.replay;

import io.streamscope.replay.plan.Compiled;
import io.streamscope.replay.plan.Operator;
import io.streamscope.sparktypes.SparkType;

import java.util.List;

/**
 * A stream-stream join ready to run: its two sides (each a source's rows after the side's own operations, its
 * watermark among them), the condition over the joined row (left columns, then right, qualified), which side's
 * state each conjunct bounds, and the row-by-row operations after the join.
 *
 * @param leftTime      the left rows' event-time column (its watermark), or -1
 * @param leftKeys      the left columns of the condition's equalities with right columns (the state key)
 * @param after         the operations after the join, over {@code joined}
 * @param maxWatermark  {@code spark.sql.streaming.multipleWatermarkPolicy=max}: the global watermark is the larger
 *                      side's (by default the smaller)
 */
record StreamJoin(JoinType type, SourcePlan left, SourcePlan right, SparkType.Struct joined, Compiled condition,
                  int leftTime, long leftDelayMs, int rightTime, long rightDelayMs, List<Integer> leftKeys,
                  List<Integer> rightKeys, JoinStateWatermark leftState, JoinStateWatermark rightState,
                  List<Operator> after, SparkType.Struct output, boolean maxWatermark) {

    StreamJoin {
        leftKeys = List.copyOf(leftKeys);
        rightKeys = List.copyOf(rightKeys);
        after = List.copyOf(after);
    }
}
