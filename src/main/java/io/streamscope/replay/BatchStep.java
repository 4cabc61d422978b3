package io.streamscope.replay;

import io.streamscope.sparktypes.Row;

import java.util.List;
import java.util.Optional;

/**
 * One micro-batch, replayed.
 *
 * @param batchId                   the batch
 * @param committed                 its commit exists
 * @param willReplay                planned (offsets written) but not committed: Spark runs it again on restart
 * @param inputRows                 the new rows of the stream this batch read
 * @param watermarkMs               the watermark the batch ran with (computed by the replay: the one the previous
 *                                  batch left); stateful operators evict with it
 * @param lateEventsWatermarkMs     the watermark rows are judged late against (Spark 3.5+: the previous batch's)
 * @param checkpointWatermarkMs     what {@code offsets/N} says the batch ran with, if known
 * @param nextWatermarkMs           the watermark after the batch (for the next batch)
 * @param checkpointNextWatermarkMs what {@code commits/N} says, if known
 * @param eventTime                 the event times the watermark saw, if the query has a watermark and rows came
 * @param lateRows                  rows a stateful operator dropped as late
 * @param sinkRows                  what the sink receives in the chosen output mode
 * @param resultTable               the result table after the batch (every group, or every row so far)
 * @param changes                   how the batch changed the result table
 * @param state                     the state stores' keys after the batch
 * @param metrics                   each stateful operator's numbers for the batch, by operator id
 * @param dropped                   input rows a stateful operator dropped (late, duplicate), by input row
 */
public record BatchStep(long batchId, boolean committed, boolean willReplay, List<Row> inputRows, long watermarkMs,
                        long lateEventsWatermarkMs, Optional<Long> checkpointWatermarkMs, long nextWatermarkMs,
                        Optional<Long> checkpointNextWatermarkMs, Optional<EventTimeStats> eventTime,
                        List<Row> lateRows, List<Row> sinkRows, List<Row> resultTable, List<ResultChange> changes,
                        List<StateEntry> state, List<OperatorMetrics> metrics, List<DroppedRow> dropped) {

    public BatchStep {
        inputRows = List.copyOf(inputRows);
        lateRows = List.copyOf(lateRows);
        sinkRows = List.copyOf(sinkRows);
        // an append-only result table is a shared prefix view (AppendOnlyRows), already unmodifiable: not copied
        resultTable = resultTable instanceof AppendOnlyRows.Prefix ? resultTable : List.copyOf(resultTable);
        changes = List.copyOf(changes);
        state = List.copyOf(state);
        metrics = List.copyOf(metrics);
        dropped = List.copyOf(dropped);
    }
}
