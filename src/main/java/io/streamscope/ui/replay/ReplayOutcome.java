package io.streamscope.ui.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.JobInput;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Replay;
import io.streamscope.replay.ReplayResult;
import io.streamscope.replay.ReplaySession;
import io.streamscope.replay.ReplaySetup;
import io.streamscope.replay.SourceSetup;
import io.streamscope.replay.lab.TableOutcome;
import io.streamscope.replay.lag.Lag;
import io.streamscope.replay.progress.BatchProgress;
import io.streamscope.replay.progress.ProgressReport;
import io.streamscope.replay.query.QueryException;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.task.Work;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicSource;
import io.streamscope.ui.lab.BatchRuns;
import io.streamscope.ui.lab.CrashLab;

import java.util.List;
import java.util.Optional;

/**
 * One replay run of the window, computed off the FX thread by {@link ReplaySession} (the one way the window and the
 * CLI replay): the session's {@link ReplayResult} — replayed, input only, refused, not understood, unreadable — with
 * what the window adds: the {@code lastProgress}-shaped report per batch (merged with Spark's own reports where the
 * checkpoint folder has them) and the foreachBatch lab of a crashed foreachBatch query.
 *
 * @param progress per batch replayed in full (empty unless {@link #replayed()})
 * @param lab      the foreachBatch lab (plain append, MERGE, batch-id log) where the last batch will replay and the
 *                 job writes through foreachBatch; empty otherwise
 * @param runs     how often Spark ran each batch, and its own progress reports, where the checkpoint folder says
 */
public record ReplayOutcome(ReplayRequest request, ReplayResult result, List<BatchProgress> progress,
                            List<TableOutcome> lab, BatchRuns runs) {

    public ReplayOutcome {
        progress = progress == null ? List.of() : List.copyOf(progress);
        lab = lab == null ? List.of() : List.copyOf(lab);
        runs = runs == null ? BatchRuns.NONE : runs;
    }

    static final String NO_TOPIC = "No topic source: choose a snapshot file or a Kafka broker (Topic source)";

    /**
     * Runs the session over the request's topic source. Off the FX thread.
     *
     * @param runs Spark's own runs and progress reports for the checkpoint, where its folder has them
     */
    public static ReplayOutcome compute(ReplayRequest request, BatchRuns runs) {
        return compute(request, runs, Work.NONE);
    }

    /** Likewise, the session's batches reported to {@code work}, which may cancel it between them. */
    public static ReplayOutcome compute(ReplayRequest request, BatchRuns runs, Work work) {
        if (request.topic() == null) {
            return unreadable(request, NO_TOPIC, runs);
        }
        List<JsonNode> sparkReports = runs.sparkReports();
        try (TopicSource topics = request.topic().open(request.checkpoint(), work)) {
            ReplayResult result = ReplaySession.run(request.session(), topics, work);
            List<BatchProgress> progress = result instanceof ReplayResult.Replayed replayed
                    ? ProgressReport.of(request.checkpoint(), replayed.full(), sparkReports) : List.of();
            List<TableOutcome> lab = result instanceof ReplayResult.Replayed replayed
                    ? CrashLab.run(request, replayed.full()) : List.of();
            return new ReplayOutcome(request, result, progress, lab, runs);
        } catch (TopicException e) {
            return unreadable(request, "Cannot read the topic from " + request.topic().describe() + ": "
                    + e.getMessage(), runs);
        }
    }

    public static ReplayOutcome compute(ReplayRequest request) {
        return compute(request, BatchRuns.NONE);
    }

    /** An outcome without a session run: the topic source could not be opened, or the run failed. */
    public static ReplayOutcome unreadable(ReplayRequest request, String message, BatchRuns runs) {
        ReplaySetup setup = new ReplaySetup(request.mode().orElse(OutputMode.APPEND), Optional.empty(), Optional.empty(),
                List.of(), List.of());
        return new ReplayOutcome(request, new ReplayResult.Unreadable(setup, message), List.of(), List.of(), runs);
    }

    /** Whether the query ran: only then is there a result table and a sink. */
    public boolean replayed() {
        return result instanceof ReplayResult.Replayed;
    }

    /** The rows the batches read: the full replay, or the input rows passed through; empty when they were not read. */
    public Optional<Replay> replay() {
        return result.replay();
    }

    public Optional<JobInput> input() {
        return result.input();
    }

    public ReplaySetup setup() {
        return result.setup();
    }

    /** The output mode the replay ran with (the user's, the job's, the sidecar's, or append). */
    public OutputMode mode() {
        return result.setup().mode();
    }

    public List<SourceSetup> sources() {
        return result.setup().sources();
    }

    public Optional<Lag> lag() {
        return result.lag();
    }

    /** The schema of the input table's value columns; empty when nothing was read. */
    public Optional<SparkType.Struct> inputSchema() {
        return result.input().map(JobInput::schema);
    }

    /** How many sources the input rows come from (a topic column shows when more than one). */
    public int sourceCount() {
        return result.input().map(JobInput::sourceCount).orElse(0);
    }

    /** The job's or query's error, with its position in the editor's text, when it is not understood. */
    public Optional<QueryException> queryError() {
        return result instanceof ReplayResult.NotUnderstood notUnderstood ? Optional.of(notUnderstood.error())
                : Optional.empty();
    }

    /** Spark's reason, when it refuses the query in this output mode. */
    public Optional<String> refusal() {
        return result instanceof ReplayResult.Refused refused ? Optional.of(refused.sparkReason()) : Optional.empty();
    }

    /** Where each input row of a batch came from (topic, partition, offset), in row order; empty when unknown. */
    public List<JobInput.Coordinates> coordinatesOf(long batchId) {
        return result.input().map(input -> input.coordinatesOf(batchId)).orElse(List.of());
    }

    public Optional<BatchStep> step(Long batchId) {
        return batchId == null ? Optional.empty() : replay().flatMap(replay -> replay.step(batchId));
    }

    public Optional<BatchProgress> progressOf(Long batchId) {
        return batchId == null ? Optional.empty()
                : progress.stream().filter(p -> p.batchId() == batchId).findFirst();
    }

    /**
     * Why there is no result table (or why the replay stopped at a batch), in one line; null when the query ran over
     * every batch.
     */
    public String problem() {
        return result.reason().or(() -> replay().flatMap(Replay::error)).orElse(null);
    }
}
