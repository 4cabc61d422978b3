package io.streamscope.replay;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.replay.plan.CompiledQuery;
import io.streamscope.replay.plan.Operator;
import io.streamscope.replay.plan.QueryCompiler;
import io.streamscope.replay.plan.ReplayRuntimeException;
import io.streamscope.replay.query.QueryException;
import io.streamscope.replay.query.QueryParser;
import io.streamscope.sparktypes.Row;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Replays a query over the batches of a checkpoint: each batch reads exactly the records of its offset ranges, runs
 * through the query with the state the previous batches left, and writes what its output mode says. The watermark is
 * the replay's own (the largest event time minus the delay, computed after each batch and used by the next) and is
 * compared with the one the checkpoint recorded.
 */
public final class MicroBatchReplay {

    private MicroBatchReplay() {
    }

    /** Parses and compiles {@code queryText} (ANSI arithmetic, Spark 4's default) and replays it. */
    public static Replay replay(Checkpoint checkpoint, String queryText, OutputMode mode, InputSource input)
            throws QueryException, OutputModeException {
        CompiledQuery query = QueryCompiler.compile(QueryParser.parse(queryText), input.schema(), true);
        return replay(checkpoint, query, mode, input);
    }

    public static Replay replay(Checkpoint checkpoint, CompiledQuery query, OutputMode mode, InputSource input)
            throws OutputModeException {
        OutputModeChecker.check(query, mode);
        long delayMs = query.watermark().map(Operator.Watermark::delayMs).orElse(0L);
        BatchExecution execution = new BatchExecution(query, mode);
        return replay(checkpoint, query, mode, input, new BatchRunner() {
            @Override
            public BatchExecution.Output run(long batchId, List<Row> rows, long watermarkMs, long lateWatermarkMs) {
                return execution.run(rows, watermarkMs, lateWatermarkMs);
            }

            @Override
            public long nextWatermark(long currentMs, BatchExecution.Output output) {
                // Spark's WatermarkTracker: max event time minus the delay, and the watermark never goes back
                return output.eventTime().map(stats -> Math.max(currentMs, stats.maxMs() - delayMs)).orElse(currentMs);
            }
        });
    }

    /** One batch's execution and the watermark after it: a query's operators, or a stream-stream join. */
    interface BatchRunner {
        BatchExecution.Output run(long batchId, List<Row> rows, long watermarkMs, long lateWatermarkMs);

        long nextWatermark(long currentMs, BatchExecution.Output output);
    }

    static Replay replay(Checkpoint checkpoint, CompiledQuery query, OutputMode mode, InputSource input,
                         BatchRunner runner) {
        List<BatchStep> steps = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Long watermark = null;
        long lateWatermark = 0;
        for (Batch batch : checkpoint.batches().values()) {
            if (batch.offsets().isEmpty()) {
                notes.add("batch " + batch.id() + ": no readable offsets/" + batch.id() + "; not replayed");
                continue;
            }
            if (watermark == null) {
                // the first batch replayed: start from what the checkpoint says (0 for batch 0)
                watermark = batch.watermarkMs();
                Batch previous = checkpoint.batches().get(batch.id() - 1);
                lateWatermark = previous != null && previous.offsets().isPresent() ? previous.watermarkMs() : watermark;
                if (batch.id() > 0) {
                    notes.add("the replay starts at batch " + batch.id() + " (earlier batches are not in the checkpoint):"
                            + " state from before it is not known to the replay");
                }
            }
            List<Row> rows;
            try {
                rows = input.rowsOf(batch);
            } catch (InputSource.InputException e) {
                return new Replay(query, mode, steps, notes, Optional.of("batch " + batch.id() + ": " + e.getMessage()));
            }
            BatchExecution.Output output;
            try {
                output = runner.run(batch.id(), rows, watermark, batch.id() == 0 ? 0 : lateWatermark);
            } catch (ReplayRuntimeException e) {
                return new Replay(query, mode, steps, notes, Optional.of("batch " + batch.id() + ": " + e.getMessage()));
            }
            long next = runner.nextWatermark(watermark, output);
            BatchStep step = new BatchStep(batch.id(), batch.committed(), batch.willReplay(), rows, watermark,
                    batch.id() == 0 ? 0 : lateWatermark, Optional.of(batch.watermarkMs()), next,
                    batch.nextWatermarkMs(), output.eventTime(), output.lateRows(), output.sinkRows(),
                    output.resultTable(), output.changes(), output.state(), output.metrics(), output.dropped());
            compareWatermarks(step, notes);
            steps.add(step);
            lateWatermark = watermark;
            watermark = next;
        }
        return new Replay(query, mode, steps, notes, Optional.empty());
    }

    private static void compareWatermarks(BatchStep step, List<String> notes) {
        step.checkpointWatermarkMs().filter(w -> w != step.watermarkMs()).ifPresent(w -> notes.add("batch "
                + step.batchId() + ": the replay runs with watermark " + step.watermarkMs() + " but offsets/"
                + step.batchId() + " says " + w));
        step.checkpointNextWatermarkMs().filter(w -> w != step.nextWatermarkMs()).ifPresent(w -> notes.add("batch "
                + step.batchId() + ": the replay computes the next watermark " + step.nextWatermarkMs()
                + " but commits/" + step.batchId() + " says " + w));
    }
}
