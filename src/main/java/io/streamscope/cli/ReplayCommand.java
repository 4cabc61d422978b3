package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Replay;
import io.streamscope.replay.ReplayRequest;
import io.streamscope.replay.ReplayResult;
import io.streamscope.replay.ReplaySession;
import io.streamscope.replay.ReplaySetup;
import io.streamscope.replay.Sidecar;
import io.streamscope.replay.SourceSetup;
import io.streamscope.replay.StateCheck;
import io.streamscope.replay.StateDifference;
import io.streamscope.replay.lag.Lag;
import io.streamscope.replay.lag.PartitionLag;
import io.streamscope.replay.query.JobTrigger;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.topic.CheckpointSpan;
import io.streamscope.topic.TopicSource;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code replay CHECKPOINT [--job FILE] [--topic-file [TOPIC=]F …] [--bootstrap-servers H [--command-config F]]
 * [--schema [TOPIC=]DDL …] [--query Q] [--mode append|update|complete]}: the checkpoint replayed batch by batch
 * through {@link ReplaySession}, from the streaming job's own source (or the query given), over the records each batch
 * read, with what the sink received. Without {@code --job}, a {@code job.py} inside the checkpoint folder (our
 * samples) is the job. A query or mode Spark would refuse is an answer (exit 0, {@code error} set, the input rows still
 * listed), not a failure.
 */
final class ReplayCommand implements Command {

    private static final List<String> FLAGS = List.of("--job", "--topic-file", "--bootstrap-servers", "--command-config",
            "--topic", "--schema", "--query", "--mode");
    /** The job a sample ships beside its checkpoint files. */
    static final String SAMPLE_JOB = "job.py";

    @Override
    public String usage() {
        return "replay CHECKPOINT_DIR [--job JOB.py|JOB.scala] [--topic-file [TOPIC=]FILE …] [--bootstrap-servers "
                + "HOST:PORT [--command-config F]] [--schema [TOPIC=]DDL …] [--query QUERY] [--mode append|update|complete]";
    }

    @Override
    public int run(String[] args, PrintStream out) throws UsageException, CommandFailedException {
        Arguments flags = Arguments.parse(args, FLAGS, List.of("--topic-file", "--schema"));
        String folder = flags.positional();
        Checkpoint checkpoint;
        try {
            checkpoint = CheckpointReader.read(flags.path(folder));
        } catch (NotACheckpointException e) {
            throw new CommandFailedException(e.getMessage());
        }
        Sidecar sidecar = sidecar(checkpoint.path());
        Optional<OutputMode> mode;
        try {
            mode = flags.option("--mode").map(OutputMode::parse);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Optional<Path> jobFile = jobFile(flags, checkpoint.path());
        Optional<String> job = jobFile.isPresent() ? Optional.of(readJob(jobFile.get())) : Optional.empty();
        Map<String, String> schemas = schemas(flags.all("--schema"), CheckpointSpan.topics(checkpoint));
        ReplayRequest request = new ReplayRequest(checkpoint, job, flags.option("--query"), schemas, mode,
                Optional.ofNullable(sidecar));
        try (TopicSource topics = TopicOptions.open(checkpoint, flags, sidecar)) {
            ReplayResult result = ReplaySession.run(request, topics);
            StateCheck.Report check = result instanceof ReplayResult.Replayed replayed
                    && !(checkpoint.stateOperators().isEmpty() && replayed.full().query().statefulOperators().isEmpty())
                    ? StateCheck.check(checkpoint, replayed.full()) : null;
            print(out, checkpoint, result, jobFile, check);
            return Cli.OK;
        }
    }

    /** {@code --job}, else the checkpoint's own {@code job.py} unless a query is given. */
    private static Optional<Path> jobFile(Arguments flags, Path checkpoint) throws UsageException, CommandFailedException {
        Optional<String> given = flags.option("--job");
        if (given.isPresent()) {
            Path file = flags.path(given.get());
            if (!Files.isRegularFile(file)) {
                throw new CommandFailedException("no job file " + file);
            }
            return Optional.of(file);
        }
        Path beside = checkpoint.resolve(SAMPLE_JOB);
        return flags.has("--query") || !Files.isRegularFile(beside) ? Optional.empty() : Optional.of(beside);
    }

    /** A job file's text; a job is source code, so a few megabytes at most. */
    private static String readJob(Path file) throws CommandFailedException {
        try {
            if (Files.size(file) > MAX_JOB_BYTES) {
                throw new CommandFailedException("the job " + file + " is larger than " + MAX_JOB_BYTES + " bytes");
            }
            return Files.readString(file);
        } catch (IOException e) {
            throw new CommandFailedException("cannot read the job " + file + ": " + e.getMessage());
        }
    }

    private static final long MAX_JOB_BYTES = 4 << 20;

    /** {@code --schema DDL} for every topic, {@code --schema TOPIC=DDL} for one of the checkpoint's topics. */
    static Map<String, String> schemas(List<String> given, List<String> topics) {
        Map<String, String> schemas = new java.util.LinkedHashMap<>();
        for (String value : given) {
            int equals = value.indexOf('=');
            String topic = equals > 0 ? value.substring(0, equals).strip() : null;
            if (topic != null && topics.contains(topic)) {
                schemas.put(topic, value.substring(equals + 1));
            } else {
                schemas.put(ReplayRequest.ANY_TOPIC, value);
            }
        }
        return schemas;
    }

    private static Sidecar sidecar(Path checkpoint) throws CommandFailedException {
        try {
            return Sidecar.readStrict(checkpoint).orElse(null);
        } catch (IOException e) {
            throw new CommandFailedException("cannot read " + checkpoint.resolve(Sidecar.FILE) + ": " + e.getMessage());
        }
    }


    private static void print(PrintStream out, Checkpoint checkpoint, ReplayResult result, Optional<Path> jobFile,
                              StateCheck.Report check) {
        ReplaySetup setup = result.setup();
        Replay replay = result.replay().orElse(null);
        boolean full = result instanceof ReplayResult.Replayed;
        try (JsonGenerator json = JsonOutput.pretty(out)) {
            json.writeStartObject();
            json.writeStringField("mode", setup.mode().label());
            json.writeStringField("query", setup.query().orElse(null));
            json.writeStringField("job", jobFile.map(Path::toString).orElse(null));
            json.writeStringField("trigger", setup.trigger().map(JobTrigger::describe).orElse(null));
            writeSources(json, setup);
            json.writeArrayFieldStart("batches");
            for (BatchStep step : replay == null ? List.<BatchStep>of() : replay.steps()) {
                json.writeStartObject();
                json.writeNumberField("batchId", step.batchId());
                json.writeBooleanField("committed", step.committed());
                json.writeBooleanField("willReplay", step.willReplay());
                json.writeNumberField("watermarkMs", step.watermarkMs());
                json.writeNumberField("nextWatermarkMs", step.nextWatermarkMs());
                rows(json, "inputRows", step.inputRows());
                if (full) {
                    rows(json, "lateRows", step.lateRows());
                    rows(json, "sinkRows", step.sinkRows());
                    rows(json, "resultTable", step.resultTable());
                }
                json.writeEndObject();
            }
            json.writeEndArray();
            if (check != null) {
                json.writeObjectFieldStart("stateCheck");
                json.writeNumberField("batchesChecked", check.checked());
                json.writeArrayFieldStart("differences");
                for (StateDifference difference : check.differences()) {
                    json.writeString(difference.message());
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            // the checkpoint's damaged files, then the state files the state check could not read
            List<io.streamscope.checkpoint.Problem> problems = new java.util.ArrayList<>(checkpoint.problems());
            if (check != null) {
                problems.addAll(check.problems());
            }
            JsonOutput.writeProblems(json, problems);
            if (result.lag().isPresent()) {
                writeLag(json, result.lag().get());
            }
            json.writeArrayFieldStart("notes");
            for (String note : setup.notes()) {
                json.writeString(note);
            }
            for (String note : replay == null ? List.<String>of() : replay.notes()) {
                json.writeString(note);
            }
            json.writeEndArray();
            json.writeStringField("error", result.reason().filter(reason -> !(result instanceof ReplayResult.InputOnly))
                    .or(() -> replay == null ? Optional.empty() : replay.error()).orElse(null));
            json.writeEndObject();
            json.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code "sources":[{"index","topics","schema","schemaOrigin"}]}: how each source was decoded. */
    private static void writeSources(JsonGenerator json, ReplaySetup setup) throws IOException {
        json.writeArrayFieldStart("sources");
        for (SourceSetup source : setup.sources()) {
            json.writeStartObject();
            json.writeNumberField("index", source.index());
            json.writeArrayFieldStart("topics");
            for (String topic : source.topics()) {
                json.writeString(topic);
            }
            json.writeEndArray();
            json.writeStringField("schema", source.schema().orElse(null));
            json.writeStringField("schemaOrigin", source.origin().name().toLowerCase(java.util.Locale.ROOT));
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    /** One row per line, as Spark's {@code to_json} writes it. */
    private static void rows(JsonGenerator json, String field, List<Row> rows) throws IOException {
        json.writeArrayFieldStart(field);
        try (SparkJson.Texts texts = new SparkJson.Texts()) {
            for (Row row : rows) {
                texts.writeRawValue(json, row);
            }
        }
        json.writeEndArray();
    }

    /** {@code "lag":{"batchId","total","partitions":[{"topic","partition","committedOffset","endOffset","lag"}]}}. */
    private static void writeLag(JsonGenerator json, Lag lag) throws IOException {
        json.writeObjectFieldStart("lag");
        if (lag.batchId() == null) {
            json.writeNullField("batchId");
        } else {
            json.writeNumberField("batchId", lag.batchId());
        }
        json.writeNumberField("total", lag.total());
        json.writeArrayFieldStart("partitions");
        for (PartitionLag partition : lag.partitions()) {
            json.writeStartObject();
            json.writeStringField("topic", partition.partition().topic());
            json.writeNumberField("partition", partition.partition().partition());
            json.writeNumberField("committedOffset", partition.checkpointOffset());
            json.writeNumberField("endOffset", partition.topicEndOffset());
            json.writeNumberField("lag", partition.lag());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }
}
