package io.streamscope.ui.replay;

import io.streamscope.replay.TopicInput;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.MicroBatchReplay;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.OutputModeException;
import io.streamscope.replay.Replay;
import io.streamscope.replay.progress.BatchProgress;
import io.streamscope.replay.progress.ProgressReport;
import io.streamscope.replay.query.QueryException;
import io.streamscope.sql.SparkType;
import io.streamscope.topic.DdlParser;
import io.streamscope.replay.lag.Lag;
import io.streamscope.replay.lag.LagCalculator;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.SchemaException;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicSource;

import java.util.List;
import java.util.Optional;

/**
 * One replay run, computed off the FX thread: the replay, or why there is none — Spark's refusal of the mode
 * ({@link #refusal}), the query's error with its position ({@link #queryError}), or another failure ({@link #error}:
 * a bad schema, an unreadable topic). {@code progress} is the {@code lastProgress}-shaped report per batch and
 * {@code lag} the query's lag on the topic source now (absent where it could not be measured); {@code input} knows
 * where each input row came from.
 */
public record ReplayOutcome(ReplayRequest request, Replay replay, List<BatchProgress> progress, Optional<Lag> lag,
                            SparkType.Struct schema, String refusal, QueryException queryError, String error,
                            TopicInput input) {

    public ReplayOutcome {
        progress = progress == null ? List.of() : List.copyOf(progress);
    }

    /** Without a query the input rows still show: they are read through a query that passes them on. */
    private static final String PASS_THROUGH = "input";
    static final String NO_QUERY = "No query to replay: give one in the query editor";
    static final String INPUT_ONLY = "No query to replay: the input table shows what each batch read; give a query in "
            + "the query editor for the result table";

    public static ReplayOutcome compute(ReplayRequest request) {
        boolean inputOnly = request.query() == null || request.query().isBlank();
        if (inputOnly && (request.schema() == null || request.schema().isBlank() || request.topic() == null)) {
            return failed(request, null, NO_QUERY);
        }
        if (request.schema() == null || request.schema().isBlank()) {
            return failed(request, null, "No schema for the topic's values (the sidecar or --schema gives it)");
        }
        if (request.topic() == null) {
            return failed(request, null, "No topic source: choose a snapshot file or a Kafka broker");
        }
        SparkType.Struct schema;
        RowDecoder decoder;
        try {
            schema = DdlParser.parseSchema(request.schema());
            decoder = RowDecoder.of(schema);
        } catch (SchemaException e) {
            return failed(request, null, "Schema: " + e.getMessage());
        }
        try (TopicSource topics = request.topic().open(request.checkpoint())) {
            Replay replay;
            TopicInput input;
            try {
                input = new TopicInput(topics, schema, decoder);
                replay = inputOnly ? MicroBatchReplay.replay(request.checkpoint(), PASS_THROUGH, OutputMode.APPEND, input)
                        : MicroBatchReplay.replay(request.checkpoint(), request.query(), request.mode(), input);
            } catch (OutputModeException e) {
                return new ReplayOutcome(request, null, List.of(), Optional.empty(), schema, e.getMessage(), null, null, null);
            } catch (QueryException e) {
                return new ReplayOutcome(request, null, List.of(), Optional.empty(), schema, null, e, null, null);
            }
            List<BatchProgress> progress = ProgressReport.of(request.checkpoint(), replay, List.of());
            // a source that failed the replay (a broker that is down) is not asked again: one timeout, not two
            Optional<Lag> lag = replay.error().isEmpty() ? lag(request, topics) : Optional.empty();
            String error = replay.error().orElse(inputOnly ? INPUT_ONLY : null);
            return new ReplayOutcome(request, replay, progress, lag, schema, null, null, error, input);
        } catch (TopicException e) {
            return failed(request, schema, "Cannot read the topic from " + request.topic().describe() + ": "
                    + e.getMessage());
        }
    }

    /** The query's lag on the source now; empty where it cannot be measured (only the lag line is left out). */
    private static Optional<Lag> lag(ReplayRequest request, TopicSource topics) {
        try {
            return Optional.of(LagCalculator.measure(request.checkpoint(), topics));
        } catch (TopicException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static ReplayOutcome failed(ReplayRequest request, SparkType.Struct schema, String message) {
        return new ReplayOutcome(request, null, List.of(), Optional.empty(), schema, null, null, message, null);
    }

    /** Whether only the input rows are on show: no query was given, so there is no result table. */
    public boolean inputOnly() {
        return request.query() == null || request.query().isBlank();
    }

    /** Where each input row of a batch came from (topic, partition, offset), in row order; empty when unknown. */
    public List<TopicInput.Coordinates> coordinatesOf(long batchId) {
        return input == null ? List.of() : input.coordinatesOf(batchId);
    }

    public Optional<BatchStep> step(Long batchId) {
        return replay == null || batchId == null ? Optional.empty() : replay.step(batchId);
    }

    public Optional<BatchProgress> progressOf(Long batchId) {
        return batchId == null ? Optional.empty()
                : progress.stream().filter(p -> p.batchId() == batchId).findFirst();
    }

    /** What to show in place of the tables when there is no replay (or it stopped early), else null. */
    public String problem() {
        if (refusal != null) {
            return refusal;
        }
        if (queryError != null) {
            return queryError.getMessage();
        }
        return error;
    }
}
