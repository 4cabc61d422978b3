package io.streamscope.replay;

import io.streamscope.replay.plan.CompiledQuery;
import io.streamscope.replay.plan.Operator;

import java.util.Optional;

/** The output-mode rules of Spark's {@code UnsupportedOperationChecker.checkForStreaming}, with its messages. */
public final class OutputModeChecker {

    private OutputModeChecker() {
    }

    public static void check(CompiledQuery query, OutputMode mode) throws OutputModeException {
        Optional<Operator.Aggregate> aggregate = query.aggregate();
        // A group only becomes final once the watermark passes it; without one, append could never write anything.
        if (mode == OutputMode.APPEND && aggregate.isPresent() && aggregate.get().spec().eventTimeKey() < 0) {
            throw new OutputModeException(mode.sparkName() + " output mode not supported when there are streaming "
                    + "aggregations on streaming DataFrames/DataSets without watermark");
        }
        if (mode == OutputMode.UPDATE && aggregate.isPresent() && aggregate.get().spec().sessionKey() >= 0) {
            // Spark 4's text (QueryCompilationErrors.unsupportedOutputModeForStreamingOperationError)
            throw new OutputModeException("[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: "
                    + "update. This output mode is not supported for session window streaming aggregations on "
                    + "streaming DataFrames/DataSets. SQLSTATE: 42KDE");
        }
        // Without an aggregation the result table is every row ever read: it cannot be rewritten each batch.
        if (mode == OutputMode.COMPLETE && aggregate.isEmpty()) {
            throw new OutputModeException(mode.sparkName() + " output mode not supported when there are no streaming "
                    + "aggregations on streaming DataFrames/Datasets");
        }
        for (Operator operator : query.operators()) {
            if (operator instanceof Operator.Deduplicate dedup && dedup.withinWatermark() && dedup.eventTime() < 0) {
                throw new OutputModeException("dropDuplicatesWithinWatermark is not supported on streaming "
                        + "DataFrames/DataSets without watermark");
            }
        }
    }
}
