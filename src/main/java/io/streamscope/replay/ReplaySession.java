package io.streamscope.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.replay.lag.Lag;
import io.streamscope.replay.lag.LagCalculator;
import io.streamscope.replay.plan.CompiledQuery;
import io.streamscope.replay.plan.QueryCompiler;
import io.streamscope.replay.query.Job;
import io.streamscope.replay.query.JobParser;
import io.streamscope.replay.query.JobQuery;
import io.streamscope.replay.query.JobTrigger;
import io.streamscope.replay.query.Query;
import io.streamscope.replay.query.QueryException;
import io.streamscope.task.Work;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one way the window and the CLI replay a checkpoint: the job (or the given query, schemas and mode) and the
 * topic source in, one {@link ReplayResult} out — replayed, input only, refused by Spark's rules, not understood, or
 * unreadable — each with whatever can still be shown. Synchronous; the caller runs it off the FX thread.
 */
public final class ReplaySession {

    private ReplaySession() {
    }

    public static ReplayResult run(ReplayRequest request, TopicSource topics) {
        return run(request, topics, Work.NONE);
    }

    /**
     * Likewise, telling {@code work} the batches replayed of those with offsets, and asking its cancellation before
     * each batch and between the chunks of each batch's topic read.
     *
     * @throws java.util.concurrent.CancellationException when {@code work} is cancelled
     */
    public static ReplayResult run(ReplayRequest request, TopicSource topics, Work work) {
        Checkpoint checkpoint = request.checkpoint();
        List<String> notes = new ArrayList<>();
        Job job = null;
        JobQuery jobQuery = null;
        QueryException notUnderstood = null;
        if (request.job().isPresent()) {
            try {
                job = JobParser.parse(request.job().get());
                jobQuery = job.queryFor(folderName(checkpoint)).orElse(null);
                if (jobQuery == null) {
                    notUnderstood = new QueryException("the job starts " + job.queries().size() + " queries and none "
                            + "has the checkpointLocation …/" + folderName(checkpoint), job.text(),
                            job.queries().get(0).position());
                } else if (job.queries().size() > 1) {
                    notes.add("the job starts " + job.queries().size() + " queries: replaying the one whose "
                            + "checkpointLocation is " + jobQuery.checkpointLocation().orElse("?"));
                }
            } catch (QueryException e) {
                notUnderstood = e;
            }
        }
        if (job != null) {
            notes.addAll(pinnedConf(job, checkpoint));
        }
        OutputMode mode = mode(request, job, jobQuery);
        Optional<JobTrigger> trigger = jobQuery == null ? Optional.empty() : jobQuery.trigger();
        ReplayPlanner planner = new ReplayPlanner(request, topics, ansi(job), notes, work);
        if (notUnderstood != null) {
            return notUnderstood(planner, null, notUnderstood, mode, trigger, notes, topics, checkpoint, work);
        }
        ReplayPlanner.Plan plan;
        try {
            plan = jobQuery != null ? planner.fromJob(job, jobQuery) : planner.withoutJob();
        } catch (QueryException e) {
            return notUnderstood(planner, jobQuery != null ? jobQuery : null, e, mode, trigger, notes, topics, checkpoint,
                    work);
        } catch (ReplayPlanner.UnreadableException e) {
            return new ReplayResult.Unreadable(setup(mode, Optional.empty(), trigger, planner.setups(), notes),
                    e.getMessage());
        } catch (OutputModeException e) {
            return refused(planner, jobQuery, e.getMessage(), mode, trigger, notes, topics, checkpoint, work);
        }
        ReplaySetup setup = setup(mode, plan.queryText(), trigger, plan.setups(), notes);
        JobInput input = new JobInput(topics, plan.sources(), plan.querySchema(), work, checkpoint);
        if (plan.query().isEmpty()) {
            Replay passThrough = passThrough(checkpoint, input);
            return new ReplayResult.InputOnly(setup, passThrough, input, lag(checkpoint, topics, passThrough),
                    plan.noQueryReason());
        }
        if (plan.join().isPresent()) {
            if (mode != OutputMode.APPEND) {
                return refused(planner, jobQuery, "Join between two streaming DataFrames/Datasets is not supported in "
                        + mode.sparkName() + " output mode, only in Append output mode", mode, trigger, notes, topics,
                        checkpoint, work);
            }
            Replay replay = MicroBatchReplay.replay(checkpoint, plan.query().get(), mode, input,
                    new JoinExecution(plan.join().get(), input));
            return new ReplayResult.Replayed(setup, replay, input, lag(checkpoint, topics, replay));
        }
        try {
            Replay replay = MicroBatchReplay.replay(checkpoint, plan.query().get(), mode, input);
            return new ReplayResult.Replayed(setup, replay, input, lag(checkpoint, topics, replay));
        } catch (OutputModeException e) {
            Replay passThrough = passThrough(checkpoint, input);
            return new ReplayResult.Refused(setup, e.getMessage(), Optional.of(passThrough), Optional.of(input),
                    lag(checkpoint, topics, passThrough));
        }
    }

    /** Not understood: the rows each batch read still show, decoded as the job's streams (or the schemas) say. */
    private static ReplayResult notUnderstood(ReplayPlanner planner, JobQuery jobQuery, QueryException error,
                                              OutputMode mode, Optional<JobTrigger> trigger, List<String> notes,
                                              TopicSource topics, Checkpoint checkpoint, Work work) {
        Optional<List<SourcePlan>> sources = planner.decodingOnly(jobQuery);
        ReplaySetup setup = setup(mode, Optional.empty(), trigger, planner.setups(), notes);
        if (sources.isEmpty()) {
            return new ReplayResult.NotUnderstood(setup, error, Optional.empty(), Optional.empty(), Optional.empty());
        }
        JobInput input = new JobInput(topics, sources.get(), sources.get().isEmpty() ? null
                : sources.get().get(0).output(), work, checkpoint);
        Replay passThrough = passThrough(checkpoint, input);
        return new ReplayResult.NotUnderstood(setup, error, Optional.of(passThrough), Optional.of(input),
                lag(checkpoint, topics, passThrough));
    }

    /** Spark refuses the query: the rows each batch read still show, decoded as the job's streams say. */
    private static ReplayResult refused(ReplayPlanner planner, JobQuery jobQuery, String reason, OutputMode mode,
                                        Optional<JobTrigger> trigger, List<String> notes, TopicSource topics,
                                        Checkpoint checkpoint, Work work) {
        Optional<List<SourcePlan>> sources = planner.decodingOnly(jobQuery);
        ReplaySetup setup = setup(mode, Optional.empty(), trigger, planner.setups(), notes);
        if (sources.isEmpty()) {
            return new ReplayResult.Refused(setup, reason, Optional.empty(), Optional.empty(), Optional.empty());
        }
        JobInput input = new JobInput(topics, sources.get(), sources.get().isEmpty() ? null : sources.get().get(0).output(),
                work, checkpoint);
        Replay passThrough = passThrough(checkpoint, input);
        return new ReplayResult.Refused(setup, reason, Optional.of(passThrough), Optional.of(input),
                lag(checkpoint, topics, passThrough));
    }

    private static ReplaySetup setup(OutputMode mode, Optional<String> query, Optional<JobTrigger> trigger,
                                     List<SourceSetup> sources, List<String> notes) {
        return new ReplaySetup(mode, query, trigger, sources, notes);
    }

    /** Settings the checkpoint pinned at its first batch, which win over the job's on every restart. */
    private static final List<String> PINNED = List.of("spark.sql.shuffle.partitions",
            "spark.sql.streaming.stateStore.providerClass", "spark.sql.streaming.noDataMicroBatches.enabled",
            "spark.sql.streaming.stateStore.compression.codec", "spark.sql.streaming.multipleWatermarkPolicy");

    /** Where the job sets a pinned conf differently from the checkpoint, Spark runs with the checkpoint's: say so. */
    static List<String> pinnedConf(Job job, Checkpoint checkpoint) {
        List<String> notes = new ArrayList<>();
        java.util.Map<String, String> pinned = checkpoint.batches().values().stream().findFirst()
                .<java.util.Map<String, String>>map(batch -> batch.metadata().conf()).orElse(java.util.Map.of());
        for (String key : PINNED) {
            String mine = job.conf().get(key);
            String theirs = pinned.get(key);
            if (mine != null && theirs != null && !mine.equals(theirs)) {
                notes.add("the job sets " + key + "=" + mine + " but the checkpoint pinned " + theirs
                        + " in offsets/0: Spark runs (and the replay replays) with " + theirs);
            }
        }
        return notes;
    }

    /** The given mode, else the job's, else (without a job) the sidecar's, else Spark's default, append. */
    private static OutputMode mode(ReplayRequest request, Job job, JobQuery jobQuery) {
        if (request.mode().isPresent()) {
            return request.mode().get();
        }
        if (jobQuery != null && jobQuery.outputMode().isPresent()) {
            return OutputMode.find(jobQuery.outputMode().get()).orElse(OutputMode.APPEND);
        }
        if (job == null && request.sidecar().isPresent()) {
            return request.sidecar().get().mode().orElse(OutputMode.APPEND);
        }
        return OutputMode.APPEND;
    }

    /** ANSI arithmetic, Spark 4's default, unless the job turns it off. */
    private static boolean ansi(Job job) {
        return job == null || !"false".equalsIgnoreCase(job.conf().getOrDefault("spark.sql.ansi.enabled", "true"));
    }

    /** Every batch's input rows, through a query that passes them on. */
    static Replay passThrough(Checkpoint checkpoint, JobInput input) {
        try {
            CompiledQuery query = QueryCompiler.compile(new Query("input", Query.Notation.DATAFRAME, "input",
                    List.of()), input.schema() == null ? new io.streamscope.sparktypes.SparkType.Struct(List.of())
                    : input.schema(), true);
            Replay replay = MicroBatchReplay.replay(checkpoint, query, OutputMode.APPEND, input);
            // without the query there is no watermark to compare with the checkpoint's
            return new Replay(replay.query(), replay.mode(), replay.steps(), replay.notes().stream()
                    .filter(note -> !note.contains("watermark")).toList(), replay.error());
        } catch (QueryException | OutputModeException e) {
            throw new IllegalStateException("a query without operations is always valid in append mode", e);
        }
    }

    /** The lag now; empty where it cannot be measured, or where the source already failed the replay. */
    private static Optional<Lag> lag(Checkpoint checkpoint, TopicSource topics, Replay replay) {
        if (replay.error().isPresent()) {
            return Optional.empty(); // a broker that is down is not asked twice
        }
        try {
            return Optional.of(LagCalculator.measure(checkpoint, topics));
        } catch (TopicException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String folderName(Checkpoint checkpoint) {
        Path name = checkpoint.path().toAbsolutePath().normalize().getFileName();
        return name == null ? "" : name.toString();
    }
}
