package io.streamscope.replay;

import io.streamscope.replay.plan.CompiledQuery;

import java.util.List;
import java.util.Optional;

/**
 * A query replayed over a checkpoint's batches.
 *
 * @param query  the compiled query
 * @param mode   the output mode
 * @param steps  the batches replayed, in order
 * @param notes  remarks: batches skipped, watermarks that differ from the checkpoint's
 * @param error  the error that stopped the replay at a batch (as Spark's query would stop there), if any
 */
public record Replay(CompiledQuery query, OutputMode mode, List<BatchStep> steps, List<String> notes,
                     Optional<String> error) {

    public Replay {
        steps = List.copyOf(steps);
        notes = List.copyOf(notes);
    }

    public Optional<BatchStep> step(long batchId) {
        return steps.stream().filter(s -> s.batchId() == batchId).findFirst();
    }
}
