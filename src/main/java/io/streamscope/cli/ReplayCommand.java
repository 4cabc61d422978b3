package io.streamscope.cli;

import io.streamscope.sql.SparkJson;
import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.MicroBatchReplay;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.OutputModeException;
import io.streamscope.replay.Replay;
import io.streamscope.replay.Sidecar;
import io.streamscope.replay.StateCheck;
import io.streamscope.replay.StateDifference;
import io.streamscope.replay.TopicInput;
import io.streamscope.replay.query.QueryException;
import io.streamscope.sql.Row;
import io.streamscope.sql.SparkType;
import io.streamscope.topic.CheckpointSpan;
import io.streamscope.topic.DdlParser;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.SchemaException;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.KafkaSettings;
import io.streamscope.topic.KafkaTopicSource;
import io.streamscope.replay.lag.Lag;
import io.streamscope.replay.lag.LagCalculator;
import io.streamscope.replay.lag.PartitionLag;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicFiles;
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
 * {@code replay CHECKPOINT [--topic-file [TOPIC=]F …] [--bootstrap-servers H [--command-config F] [--topic T]]
 * [--schema DDL] [--query Q] [--mode append|update|complete]}: the query replayed batch by batch over the records
 * each batch read, with what the sink received. Defaults come from the checkpoint's {@code streamscope.json}. A query
 * or mode Spark would refuse is an answer (exit 0, {@code error} set), not a failure.
 */
final class ReplayCommand implements Command {

    private static final List<String> FLAGS = List.of("--topic-file", "--bootstrap-servers", "--command-config",
            "--topic", "--schema", "--query", "--mode");

    @Override
    public String usage() {
        return "replay CHECKPOINT_DIR [--topic-file [TOPIC=]FILE …] [--bootstrap-servers HOST:PORT [--command-config F]]"
                + " [--schema DDL] [--query QUERY] [--mode append|update|complete]";
    }

    @Override
    public int run(String[] args, PrintStream out) throws UsageException, CommandFailedException {
        Arguments flags = Arguments.parse(args, FLAGS, List.of("--topic-file"));
        String folder = flags.positional();
        Checkpoint checkpoint;
        try {
            checkpoint = CheckpointReader.read(Path.of(folder));
        } catch (NotACheckpointException e) {
            throw new CommandFailedException(e.getMessage());
        }
        Sidecar sidecar = sidecar(checkpoint.path());
        String query = flags.option("--query").orElse(sidecar == null ? null : sidecar.query());
        String modeText = flags.option("--mode").orElse(sidecar == null ? null : sidecar.outputMode());
        String ddl = flags.option("--schema").orElse(sidecar == null ? null : sidecar.schema());
        if (query == null || modeText == null || ddl == null) {
            throw new UsageException("no " + (query == null ? "--query" : modeText == null ? "--mode" : "--schema")
                    + " given and " + (sidecar == null ? "no streamscope.json next to the checkpoint says it"
                    : "the checkpoint's streamscope.json gives none (a transformWithState processor, say, is not a query the replay runs)"));
        }
        OutputMode mode;
        try {
            mode = OutputMode.parse(modeText);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        SparkType.Struct schema;
        RowDecoder decoder;
        try {
            schema = DdlParser.parseSchema(ddl);
            decoder = RowDecoder.of(schema);
        } catch (SchemaException e) {
            throw new UsageException("--schema: " + e.getMessage());
        }
        try (TopicSource topics = openTopics(checkpoint, flags, sidecar)) {
            TopicInput input = new TopicInput(topics, schema, decoder);
            Replay replay;
            try {
                replay = MicroBatchReplay.replay(checkpoint, query, mode, input);
            } catch (QueryException | OutputModeException e) {
                print(out, mode, query, null, null, null, e.getMessage());
                return Cli.OK;
            }
            StateCheck.Report check = checkpoint.stateOperators().isEmpty() && replay.query().statefulOperators().isEmpty()
                    ? null : StateCheck.check(checkpoint, replay);
            print(out, mode, query, replay, check, lag(checkpoint, topics), replay.error().orElse(null));
            return Cli.OK;
        }
    }

    private static Sidecar sidecar(Path checkpoint) throws CommandFailedException {
        try {
            return Sidecar.readStrict(checkpoint).orElse(null);
        } catch (IOException e) {
            throw new CommandFailedException("cannot read " + checkpoint.resolve(Sidecar.FILE) + ": " + e.getMessage());
        }
    }

    private static TopicSource openTopics(Checkpoint checkpoint, Arguments flags, Sidecar sidecar)
            throws UsageException, CommandFailedException {
        List<String> topics = CheckpointSpan.topics(checkpoint);
        Optional<String> topic = flags.option("--topic");
        if (topic.isPresent() && !topics.contains(topic.get())) {
            throw new UsageException("--topic " + topic.get() + " is not a topic of the checkpoint " + topics);
        }
        try {
            if (flags.has("--bootstrap-servers")) {
                KafkaSettings settings = KafkaSettings.of(flags.option("--bootstrap-servers").orElseThrow());
                Optional<String> config = flags.option("--command-config");
                if (config.isPresent()) {
                    settings = settings.withPropertiesFile(Path.of(config.get()));
                }
                return KafkaTopicSource.open(settings);
            }
            List<String> given = flags.all("--topic-file");
            if (given.isEmpty()) {
                String file = sidecar != null ? sidecar.topicFile() : null;
                if (file == null) {
                    throw new UsageException("give --topic-file or --bootstrap-servers: the checkpoint has no "
                            + "streamscope.json naming its topic");
                }
                given = List.of(checkpoint.path().resolve(file).normalize().toString());
            }
            Map<String, Path> files;
            try {
                files = TopicFiles.byTopic(given.stream().map(TopicFiles.Entry::parse).toList(), topics);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            for (Path file : files.values()) {
                if (!Files.isRegularFile(file)) {
                    throw new CommandFailedException("no topic file " + file);
                }
            }
            return JsonlTopicSource.open(files);
        } catch (TopicException e) {
            throw new CommandFailedException(e.getMessage());
        }
    }

    /** How far the topic is ahead of the last committed batch, or null when the topic's end cannot be read. */
    private static Lag lag(Checkpoint checkpoint, TopicSource topics) {
        try {
            return LagCalculator.measure(checkpoint, topics);
        } catch (TopicException e) {
            return null;
        }
    }

    private static void print(PrintStream out, OutputMode mode, String query, Replay replay, StateCheck.Report check,
                              Lag lag, String error) {
        try (JsonGenerator json = JsonOutput.pretty(out)) {
            json.writeStartObject();
            json.writeStringField("mode", mode.label());
            json.writeStringField("query", query);
            json.writeArrayFieldStart("batches");
            for (BatchStep step : replay == null ? List.<BatchStep>of() : replay.steps()) {
                json.writeStartObject();
                json.writeNumberField("batchId", step.batchId());
                json.writeBooleanField("committed", step.committed());
                json.writeBooleanField("willReplay", step.willReplay());
                json.writeNumberField("watermarkMs", step.watermarkMs());
                json.writeNumberField("nextWatermarkMs", step.nextWatermarkMs());
                rows(json, "inputRows", step.inputRows());
                rows(json, "lateRows", step.lateRows());
                rows(json, "sinkRows", step.sinkRows());
                rows(json, "resultTable", step.resultTable());
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
            if (lag != null) {
                writeLag(json, lag);
            }
            json.writeArrayFieldStart("notes");
            for (String note : replay == null ? List.<String>of() : replay.notes()) {
                json.writeString(note);
            }
            json.writeEndArray();
            json.writeStringField("error", error);
            json.writeEndObject();
            json.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One row per line, as Spark's {@code to_json} writes it. */
    private static void rows(JsonGenerator json, String field, List<Row> rows) throws IOException {
        json.writeArrayFieldStart(field);
        for (Row row : rows) {
            json.writeRawValue(SparkJson.text(row));
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
