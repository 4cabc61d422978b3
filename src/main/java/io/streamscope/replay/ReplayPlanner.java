package io.streamscope.replay;

import io.streamscope.checkpoint.SourceInfo;
import io.streamscope.replay.plan.Compiled;
import io.streamscope.replay.plan.CompiledQuery;
import io.streamscope.replay.plan.Operator;
import io.streamscope.replay.plan.QueryCompiler;
import io.streamscope.replay.plan.Relation;
import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.ExprNames;
import io.streamscope.replay.query.Job;
import io.streamscope.replay.query.JobFrame;
import io.streamscope.replay.query.JobQuery;
import io.streamscope.replay.query.JobStream;
import io.streamscope.replay.query.Query;
import io.streamscope.replay.query.QueryException;
import io.streamscope.replay.query.QueryParser;
import io.streamscope.replay.query.SchemaVariable;
import io.streamscope.replay.query.Step;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.task.Work;
import io.streamscope.topic.InferredSchema;
import io.streamscope.topic.KafkaColumns;
import io.streamscope.topic.TopicSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Works out how a checkpoint's sources become the query's rows, and the query over them: from the job's streams
 * (each {@code readStream}'s decoding, a union's branches) or, without a job, from one value schema per topic
 * (given, the sidecar's, or inferred from the records), decoded as {@code from_json(col("value").cast("string"),
 * schema).alias("o")).select("o.*")}.
 */
final class ReplayPlanner {

    /** A plan: the sources and the query over them (none: the input rows only, for {@code noQueryReason}). */
    record Plan(List<SourcePlan> sources, SparkType.Struct querySchema, Optional<CompiledQuery> query,
                Optional<String> queryText, String noQueryReason, List<SourceSetup> setups, Optional<StreamJoin> join) {
    }

    /** The records cannot be decoded: a schema that does not parse, a source with no topic. */
    static final class UnreadableException extends Exception {
        UnreadableException(String message) {
            super(message);
        }
    }

    private final ReplayRequest request;
    private final boolean ansi;
    private final List<String> notes;
    private final SourceTopics sourceTopicReader;
    private List<SourceSetup> setups = List.of();

    /** @param work asked by the schema inference, which reads the source's records */
    ReplayPlanner(ReplayRequest request, TopicSource topics, boolean ansi, List<String> notes, Work work) {
        this.request = request;
        this.ansi = ansi;
        this.notes = notes;
        this.sourceTopicReader = new SourceTopics(request.checkpoint(), topics, work);
    }

    List<SourceSetup> setups() {
        return setups;
    }

    Plan fromJob(Job job, JobQuery jobQuery) throws QueryException, UnreadableException, OutputModeException {
        JobFrame frame = jobQuery.frame();
        List<JobStream> streams = checkStreams(job, frame);
        List<SourceSetup> setupsOut = new ArrayList<>();
        List<SourcePlan> sources = new ArrayList<>();
        SparkType.Struct schema;
        List<Step> querySteps;
        if (frame.root() instanceof JobFrame.Root.Read read) {
            SourcePlan source = decode(job, streams.indexOf(read.stream()), read.stream(), frame.steps(), setupsOut, Side.QUERY);
            sources.add(source);
            schema = source.output();
            querySteps = frame.steps().subList(DecodeSteps.decodeLength(frame.steps()), frame.steps().size());
        } else if (frame.root() instanceof JobFrame.Root.Union union) {
            schema = union(job, union, streams, sources, setupsOut);
            querySteps = frame.steps();
        } else {
            JobFrame.Root.Join join = (JobFrame.Root.Join) frame.root();
            SourcePlan leftSide = side(job, join.left(), streams, setupsOut, false);
            SourcePlan rightSide = side(job, join.right(), streams, setupsOut, true);
            StreamJoin planned = new JoinPlanner(job.text(), ansi).plan(join, frame.steps(), leftSide, rightSide,
                    watermarkPolicy());
            setups = List.copyOf(setupsOut);
            if (frame.userCode().isPresent()) {
                throw userCode(job, frame.userCode().get());
            }
            CompiledQuery after = QueryCompiler.compile(new Query(job.text(), Query.Notation.DATAFRAME, "stream",
                    List.of()), planned.output(), ansi);
            return new Plan(List.of(planned.left(), planned.right()), planned.output(), Optional.of(after),
                    Optional.empty(), null, setups, Optional.of(planned));
        }
        setups = List.copyOf(setupsOut);
        if (frame.userCode().isPresent()) {
            throw userCode(job, frame.userCode().get());
        }
        Query query = request.query().isPresent() ? QueryParser.parse(request.query().get())
                : new Query(job.text(), Query.Notation.DATAFRAME, "stream", querySteps);
        CompiledQuery compiled = QueryCompiler.compile(query, schema, ansi);
        return new Plan(sources, schema, Optional.of(compiled), request.query(), null, setups, Optional.empty());
    }

    /** Without a job: each source's value schema decoded, and the given (or the sidecar's) query over the one stream. */
    Plan withoutJob() throws QueryException, UnreadableException {
        List<SourcePlan> sources = schemaSources();
        Optional<String> queryText = request.query()
                .or(() -> request.sidecar().map(Sidecar::query).filter(text -> !text.isBlank()));
        if (queryText.isEmpty()) {
            return new Plan(sources, sources.isEmpty() ? null : sources.get(0).output(), Optional.empty(), Optional.empty(),
                    "No query to replay: the input table shows what each batch read; give the job (or a query) for "
                            + "the result table", setups, Optional.empty());
        }
        if (sources.size() != 1) {
            throw new QueryException("the checkpoint reads " + sources.size() + " sources: a query over one stream "
                    + "cannot say how they are combined; give the job that wrote it", null, -1);
        }
        CompiledQuery compiled = QueryCompiler.compile(QueryParser.parse(queryText.get()), sources.get(0).output(), ansi);
        return new Plan(sources, sources.get(0).output(), Optional.of(compiled), queryText, null, setups,
                Optional.empty());
    }

    /** Only each source's decoding, for showing what batches read when the query cannot run. */
    Optional<List<SourcePlan>> decodingOnly(JobQuery jobQuery) {
        if (jobQuery != null) {
            try {
                List<JobStream> streams = checkStreams(null, jobQuery.frame());
                List<SourceSetup> setupsOut = new ArrayList<>();
                List<SourcePlan> sources = new ArrayList<>();
                collectDecodings(jobQuery.frame(), streams, sources, setupsOut);
                sources.sort(java.util.Comparator.comparingInt(SourcePlan::index));
                setups = List.copyOf(setupsOut);
                return Optional.of(sources);
            } catch (QueryException | UnreadableException e) {
                // fall back to the schemas
            }
        }
        try {
            return Optional.of(schemaSources());
        } catch (UnreadableException e) {
            return Optional.empty();
        }
    }

    private void collectDecodings(JobFrame frame, List<JobStream> streams, List<SourcePlan> into,
                                  List<SourceSetup> setupsOut) throws QueryException, UnreadableException {
        if (frame.root() instanceof JobFrame.Root.Read read) {
            if (into.stream().noneMatch(source -> source.index() == streams.indexOf(read.stream()))) {
                List<Step> decodeSteps = frame.steps().subList(0, DecodeSteps.decodeLength(frame.steps()));
                into.add(decode(null, streams.indexOf(read.stream()), read.stream(), decodeSteps, setupsOut, Side.QUERY));
            }
        } else if (frame.root() instanceof JobFrame.Root.Union union) {
            for (JobFrame input : union.inputs()) {
                collectDecodings(input, streams, into, setupsOut);
            }
        } else if (frame.root() instanceof JobFrame.Root.Join join) {
            collectDecodings(join.left(), streams, into, setupsOut);
            collectDecodings(join.right(), streams, into, setupsOut);
        }
    }

    /** The job's streams, in the checkpoint's order, checked against the checkpoint's sources and their topics. */
    private List<JobStream> checkStreams(Job job, JobFrame frame) throws QueryException {
        List<JobStream> streams = frame.streams();
        String text = job == null ? request.job().orElse(null) : job.text();
        int sources = request.checkpoint().sources().size();
        if (streams.size() != sources && sources > 0) {
            throw new QueryException("the job's query reads " + streams.size() + " stream" + (streams.size() == 1 ? "" : "s")
                    + " but the checkpoint has " + sources + " source" + (sources == 1 ? "" : "s")
                    + ": is it the job that wrote this checkpoint?", text, streams.isEmpty() ? -1 : streams.get(0).position());
        }
        for (int i = 0; i < streams.size(); i++) {
            JobStream stream = streams.get(i);
            if (!stream.isKafka()) {
                throw new QueryException("the replay reads Kafka sources; this stream is " + stream.format(), text,
                        stream.position());
            }
            for (String topic : sourceTopicReader.of(i)) {
                if (!stream.reads(topic)) {
                    throw new QueryException("source " + i + " of the checkpoint read the topic " + topic + ", but this "
                            + "readStream reads " + stream.describe(), text, stream.position());
                }
            }
        }
        return streams;
    }

    private SparkType.Struct union(Job job, JobFrame.Root.Union union, List<JobStream> streams, List<SourcePlan> sources,
                                   List<SourceSetup> setupsOut) throws QueryException, UnreadableException {
        SparkType.Struct first = null;
        for (JobFrame input : union.inputs()) {
            if (!(input.root() instanceof JobFrame.Root.Read read)) {
                throw new QueryException("the replay runs a union of streams read directly (a union inside a union, or "
                        + "of a join, is not replayed yet)", job.text(), input.root().position());
            }
            if (input.userCode().isPresent()) {
                throw new QueryException(input.userCode().get().what() + " runs the job's own code, which cannot run "
                        + "here", job.text(), input.userCode().get().position());
            }
            SourcePlan source = decode(job, streams.indexOf(read.stream()), read.stream(), input.steps(), setupsOut, Side.UNION);
            SparkType.Struct output = source.output();
            if (first == null) {
                first = output;
                sources.add(source);
                continue;
            }
            Operator align = align(first, output, union.byName(), job.text(), union.position());
            List<Operator> branch = new ArrayList<>(source.branch());
            branch.add(align);
            sources.add(source.withBranch(branch, first));
        }
        return first;
    }

    /** A union's later input shaped as the first: by position (the first's names) or, for unionByName, by name. */
    private static Operator align(SparkType.Struct first, SparkType.Struct other, boolean byName, String text,
                                  int position) throws QueryException {
        if (first.size() != other.size()) {
            throw new QueryException("[NUM_COLUMNS_MISMATCH] UNION can only be performed on inputs with the same number "
                    + "of columns, but the first input has " + first.size() + " columns and the second input has "
                    + other.size() + " columns.", text, position);
        }
        List<Compiled> columns = new ArrayList<>();
        for (int i = 0; i < first.size(); i++) {
            SparkType.Field wanted = first.field(i);
            int index = i;
            if (byName) {
                index = -1;
                for (int j = 0; j < other.size(); j++) {
                    if (other.field(j).name().equalsIgnoreCase(wanted.name())) {
                        index = j;
                    }
                }
                if (index < 0) {
                    throw new QueryException("[UNRESOLVED_COLUMN] unionByName: the column `" + wanted.name()
                            + "` of the first input is not in the second", text, position);
                }
            }
            SparkType type = other.field(index).type();
            if (!type.equals(wanted.type())) {
                throw new QueryException("[INCOMPATIBLE_COLUMN_TYPE] UNION can only be performed on inputs with "
                        + "compatible column types: `" + wanted.name() + "` is " + ExprNames.sqlType(wanted.type())
                        + " in the first input and " + ExprNames.sqlType(type) + " in the second (the replay does "
                        + "not widen types yet)", text, position);
            }
            int from = index;
            columns.add(Compiled.of(type, row -> row.values().get(from)));
        }
        return new Operator.Project(columns, Relation.of(first));
    }

    /**
     * One stream's decoding: the leading projections of its steps ({@code select(from_json(…))}, {@code o.*}),
     * the schema given for its topic put in {@code from_json}'s place, or one inferred where the job names a schema
     * it does not spell out; the other steps, if row-by-row, are the branch (of a union).
     */
    /** What the steps after a stream's decoding are: the query, a union's branch, or a join's side. */
    enum Side { QUERY, UNION, JOIN }

    private SourcePlan decode(Job job, int index, JobStream stream, List<Step> steps, List<SourceSetup> setupsOut,
                              Side side) throws QueryException, UnreadableException {
        String text = job == null ? request.job().orElse(null) : job.text();
        List<String> sourceTopics = sourceTopicReader.of(index);
        int length = DecodeSteps.decodeLength(steps);
        List<Step> decodeSteps = new ArrayList<>(steps.subList(0, length));
        Optional<Object> written = DecodeSteps.fromJsonSchema(decodeSteps);
        Optional<String> given = sourceTopics.stream().map(request::schemaFor).flatMap(Optional::stream).findFirst();
        SourceSetup.Origin origin = SourceSetup.Origin.NONE;
        Optional<InferredSchema> inferred = Optional.empty();
        Optional<String> ddl = Optional.empty();
        if (written.isPresent()) {
            if (given.isPresent()) {
                ddl = given;
                origin = SourceSetup.Origin.GIVEN;
            } else if (written.get() instanceof String jobDdl) {
                ddl = Optional.of(jobDdl);
                origin = SourceSetup.Origin.JOB;
            } else {
                inferred = Optional.of(sourceTopicReader.infer(index, sourceTopics));
                ddl = Optional.of(inferred.get().ddl());
                origin = SourceSetup.Origin.INFERRED;
                notes.add("source " + index + " (" + String.join(",", sourceTopics) + "): the job's schema `"
                        + ((SchemaVariable) written.get()).name() + "` is not in its text; inferred from "
                        + inferred.get().records() + " records: " + ddl.get());
            }
            SourceTopics.checkDdl(ddl.get(), sourceTopics);
            String schemaText = ddl.get();
            decodeSteps = DecodeSteps.replaceSchema(decodeSteps, schemaText);
        }
        setupsOut.add(new SourceSetup(index, sourceTopics, ddl, origin, inferred));
        SparkType.Struct kafka = KafkaColumns.schema(stream.includeHeaders());
        CompiledQuery decoding = QueryCompiler.compile(new Query(text, Query.Notation.DATAFRAME, "stream", decodeSteps),
                kafka, ansi);
        SparkType.Struct decoded = decoding.output().schema();
        List<Step> rest = steps.subList(length, steps.size());
        List<Operator> branch = List.of();
        SparkType.Struct output = decoded;
        String eventTime = null;
        long delayMs = 0;
        if (side != Side.QUERY && !rest.isEmpty()) {
            for (Step step : rest) {
                boolean allowed = step instanceof Step.Filter || DecodeSteps.isProjection(step)
                        || side == Side.JOIN && step instanceof Step.Watermark;
                if (!allowed) {
                    throw new QueryException(side == Side.UNION
                            ? "a union's inputs are replayed with row-by-row operations (select, filter, withColumn, …); "
                            + "move this after the union"
                            : "a join's sides are replayed with row-by-row operations and withWatermark; this is not "
                            + "replayed yet", text, step.position());
                }
            }
            CompiledQuery compiledBranch = QueryCompiler.compile(new Query(text, Query.Notation.DATAFRAME, "stream",
                    rest), decoded, ansi);
            branch = compiledBranch.operators();
            output = compiledBranch.output().schema();
            eventTime = compiledBranch.output().eventTimeColumn().orElse(null);
            delayMs = eventTime == null ? 0 : compiledBranch.output().eventTime().get(eventTime);
        }
        return new SourcePlan(index, String.join(",", sourceTopics), stream.includeHeaders(), decoding.operators(),
                decoded, branch, output, eventTime, delayMs, DirectDecoding.of(decodeSteps).orElse(null));
    }

    private static QueryException userCode(Job job, JobFrame.UserCode code) {
        return new QueryException(code.what() + " runs the job's own code, which cannot run here: the input table "
                + "shows what each batch read and the state panel what the state holds", job.text(), code.position());
    }

    /** One side of a join: a stream read directly, decoded, with its own row-by-row steps and watermark. */
    /** {@code spark.sql.streaming.multipleWatermarkPolicy} as the checkpoint pinned it ({@code min} by default). */
    private String watermarkPolicy() {
        return request.checkpoint().batches().values().stream().findFirst()
                .map(batch -> batch.metadata().conf().getOrDefault("spark.sql.streaming.multipleWatermarkPolicy", "min"))
                .orElse("min");
    }

    private SourcePlan side(Job job, JobFrame side, List<JobStream> streams, List<SourceSetup> setupsOut,
                            boolean rightSide) throws QueryException, UnreadableException {
        if (!(side.root() instanceof JobFrame.Root.Read read)) {
            throw new QueryException("the replay runs joins of two streams read directly (a join of a union or of "
                    + "another join is not replayed yet)", job.text(), side.root().position());
        }
        if (side.userCode().isPresent()) {
            throw userCode(job, side.userCode().get());
        }
        // a self-join reads one stream twice: the right side is the later source
        int index = rightSide ? streams.lastIndexOf(read.stream()) : streams.indexOf(read.stream());
        return decode(job, index, read.stream(), side.steps(), setupsOut, Side.JOIN);
    }

    /** Without a job: one source per checkpoint source, each decoded with its topic's value schema. */
    private List<SourcePlan> schemaSources() throws UnreadableException {
        List<SourceSetup> setupsOut = new ArrayList<>();
        List<SourcePlan> sources = new ArrayList<>();
        for (SourceInfo info : request.checkpoint().sources()) {
            List<String> sourceTopics = sourceTopicReader.of(info.index());
            if (sourceTopics.isEmpty()) {
                continue;
            }
            Optional<String> given = sourceTopics.stream().map(request::schemaFor).flatMap(Optional::stream).findFirst();
            Optional<String> sidecar = request.checkpoint().sources().size() == 1
                    ? request.sidecar().map(Sidecar::schema).filter(text -> !text.isBlank()) : Optional.empty();
            SourceSetup.Origin origin;
            Optional<InferredSchema> inferred = Optional.empty();
            String ddl;
            if (given.isPresent()) {
                ddl = given.get();
                origin = SourceSetup.Origin.GIVEN;
            } else if (sidecar.isPresent()) {
                ddl = sidecar.get();
                origin = SourceSetup.Origin.SIDECAR;
            } else {
                inferred = Optional.of(sourceTopicReader.infer(info.index(), sourceTopics));
                ddl = inferred.get().ddl();
                origin = SourceSetup.Origin.INFERRED;
                notes.add("source " + info.index() + " (" + String.join(",", sourceTopics) + "): no schema given; "
                        + "inferred from " + inferred.get().records() + " records as spark.read.json would: " + ddl);
            }
            SourceTopics.checkDdl(ddl, sourceTopics);
            setupsOut.add(new SourceSetup(info.index(), sourceTopics, Optional.of(ddl), origin, inferred));
            List<Step> decodeSteps = List.of(
                    new Step.Project(List.of(new Expr.Alias(new Expr.Call("from_json", List.of(
                            new Expr.Cast(new Expr.ColumnRef("value", 0), SparkType.Atomic.STRING, 0),
                            new Expr.Literal(ddl, SparkType.Atomic.STRING, 0)), 0), "o", 0)), 0),
                    new Step.Project(List.of(new Expr.ColumnRef("o.*", 0)), 0));
            try {
                CompiledQuery decoding = QueryCompiler.compile(new Query("from_json", Query.Notation.DATAFRAME, "stream",
                        decodeSteps), KafkaColumns.schema(false), ansi);
                SparkType.Struct decoded = decoding.output().schema();
                sources.add(new SourcePlan(info.index(), String.join(",", sourceTopics), false, decoding.operators(),
                        decoded, List.of(), decoded, null, 0, DirectDecoding.of(decodeSteps).orElse(null)));
            } catch (QueryException e) {
                throw new UnreadableException("Schema of " + String.join(",", sourceTopics) + ": " + e.reason());
            }
        }
        setups = List.copyOf(setupsOut);
        if (sources.isEmpty()) {
            throw new UnreadableException("the checkpoint has no Kafka source whose offsets name a topic");
        }
        return sources;
    }
}
