package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.Json;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.checkpoint.Problem;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.checkpoint.state.JsonBytes;
import io.streamscope.checkpoint.state.StateChange;
import io.streamscope.checkpoint.state.StateCodec;
import io.streamscope.checkpoint.state.StateReader;
import io.streamscope.checkpoint.state.StoreSchema;
import io.streamscope.doctor.StateSnippet;
import io.streamscope.replay.ImpliedStateSchema;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.sparktypes.SparkTypeJson;
import io.streamscope.topic.DdlParser;
import io.streamscope.topic.SchemaException;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code state CHECKPOINT [--batch N] [--operator K] [--store NAME] [--changes-from M]}: the rows of a state store
 * after a batch, or the changes of batches M+1…N. Rows stream out one per line as they are decoded. With
 * {@code --spark-snippet [--language python|scala]} no state is read: it prints the State Data Source read that gives
 * the same rows (or changes) on the user's own Spark cluster.
 */
final class StateCommand implements Command {

    private static final String SNIPPET_FLAG = "--spark-snippet";
    private static final String FIGURES_FLAG = "--figures";

    @Override
    public String usage() {
        return "state CHECKPOINT_DIR [--batch N] [--operator K] [--store NAME] [--changes-from M]"
                + " [--key-schema SCHEMA --value-schema SCHEMA] [--spark-snippet [--language python|scala]] [--figures]";
    }

    @Override
    public int run(String[] args, PrintStream out) throws UsageException, CommandFailedException {
        List<String> given = new java.util.ArrayList<>(List.of(args));
        boolean snippet = given.remove(SNIPPET_FLAG); // a switch: it takes no value
        boolean figures = given.remove(FIGURES_FLAG); // likewise
        Arguments arguments = Arguments.parse(given.toArray(String[]::new), List.of("--batch", "--operator", "--store",
                "--changes-from", "--key-schema", "--value-schema", "--language"));
        if (arguments.has("--language") && !snippet) {
            throw new UsageException("--language goes with --spark-snippet");
        }
        if (!figures) {
            StateCodec.loadLz4InBackground();
        }
        Checkpoint checkpoint;
        try {
            checkpoint = CheckpointReader.read(arguments.positionalPath());
        } catch (NotACheckpointException e) {
            throw new CommandFailedException(e.getMessage());
        }
        StateOperatorInfo operator = chooseOperator(checkpoint, arguments.longOption("--operator"));
        StateStoreInfo store = figures ? null : chooseStore(operator, arguments.option("--store"));
        long batchId = arguments.longOption("--batch").orElseGet(() -> checkpoint.lastCommittedBatch().map(Batch::id)
                .orElse(-1L));
        if (batchId < 0) {
            throw new CommandFailedException("no batch has committed yet; give --batch N");
        }
        if (!checkpoint.batches().isEmpty() && batchId > checkpoint.batches().lastKey()) {
            throw new CommandFailedException("batch " + batchId + " is beyond the last batch of the checkpoint ("
                    + checkpoint.batches().lastKey() + ")");
        }
        Optional<Long> changesFrom = arguments.longOption("--changes-from");
        if (changesFrom.isPresent() && changesFrom.get() >= batchId) {
            throw new UsageException("--changes-from " + changesFrom.get() + " must be below the batch " + batchId);
        }
        if (figures) {
            StateFiguresJson.write(checkpoint, operator, batchId, out); // the operator's, all its stores
            return Cli.OK;
        }
        if (snippet) {
            return StateSnippetOutput.print(StateSnippet.of(checkpoint, operator, store, batchId, changesFrom),
                    arguments.option("--language").orElse("python"), batchId, operator, store, out);
        }
        Optional<StoreSchema> schema = suppliedSchema(arguments);
        if (schema.isEmpty() && store.schema().isEmpty() && store.storeName().equals("default")) {
            schema = Optional.ofNullable(ImpliedStateSchema.fromSidecar(checkpoint).get(operator.operatorId()));
        }
        StateReader reader = StateReader.open(checkpoint, operator, store, schema);
        java.io.BufferedOutputStream buffered = new java.io.BufferedOutputStream(new NonClosingStream(out), 1 << 16);
        try (JsonGenerator json = Json.factory().createGenerator(buffered)) {
            json.setPrettyPrinter(new LinePerElementPrinter());
            json.writeStartObject();
            json.writeNumberField("batchId", batchId);
            json.writeNumberField("operatorId", operator.operatorId());
            json.writeStringField("storeName", store.storeName());
            if (changesFrom.isPresent()) {
                json.writeArrayFieldStart("changes");
                reader.changes(changesFrom.get(), batchId, change -> writeChange(json, change));
            } else {
                json.writeArrayFieldStart("rows");
                json.flush(); // the partitions' rows go to the stream as rendered, between the generator's brackets
                writeRows(reader, batchId, buffered);
            }
            json.writeEndArray();
            writeProblems(json, checkpoint, reader);
            json.writeEndObject();
            json.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Cli.OK;
    }

    /**
     * One object a line, as {@link LinePerElementPrinter} lays out an array's elements. The rows' bytes, up to a
     * megabyte or so a part ({@link StateRowsJson#PART_BYTES}), go round: a part written out lends its array to one
     * not yet made.
     */
    private static void writeRows(StateReader reader, long batchId, OutputStream out) {
        boolean[] any = {false};
        java.util.Queue<JsonBytes> spare = new java.util.concurrent.ConcurrentLinkedQueue<>();
        reader.renderPartitions(batchId, partition -> new StateRowsJson(partition, () -> Objects.requireNonNullElseGet(spare.poll(),
                () -> new JsonBytes(1 << 16))), rendered -> {
            try {
                boolean first = !any[0] && rendered.rows() > 0;
                if (first) {
                    out.write('\n');
                    any[0] = true;
                }
                spare.add(rendered.writeTo(out, first));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        if (any[0]) {
            try {
                out.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static void writeChange(JsonGenerator json, StateChange change) {
        try {
            json.writeStartObject();
            json.writeNumberField("batchId", change.batchId());
            json.writeStringField("type", change.type().label());
            json.writeNumberField("partition", change.partition());
            writeEntry(json, change.columnFamily(), change.key(), change.value());
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeEntry(JsonGenerator json, String columnFamily, Object key, Object value) throws IOException {
        if (columnFamily != null) {
            json.writeStringField("columnFamily", columnFamily);
        }
        json.writeFieldName("key");
        SparkJson.writeValue(json, key);
        if (value != null) {
            json.writeFieldName("value");
            SparkJson.writeValue(json, value);
        }
    }

    /** {@code problems} (damaged content), then {@code notes} (what the reader saw that is normal Spark behaviour). */
    private static void writeProblems(JsonGenerator json, Checkpoint checkpoint, StateReader reader) throws IOException {
        List<Problem> problems = new java.util.ArrayList<>(checkpoint.problems());
        problems.addAll(reader.problems());
        JsonOutput.writeProblems(json, problems);
        json.writeArrayFieldStart("notes");
        for (io.streamscope.checkpoint.Note note : checkpoint.notes()) {
            if (note.path() != null && note.path().startsWith("state/")) {
                json.writeString(note.toString()); // e.g. a batch that died while writing its state
            }
        }
        for (io.streamscope.checkpoint.Note note : reader.notes()) {
            json.writeString(note.toString());
        }
        json.writeEndArray();
    }

    private static StateOperatorInfo chooseOperator(Checkpoint checkpoint, Optional<Long> wanted) throws CommandFailedException {
        List<StateOperatorInfo> operators = checkpoint.stateOperators();
        if (wanted.isPresent()) {
            return operators.stream().filter(op -> op.operatorId() == wanted.get()).findFirst()
                    .orElseThrow(() -> new CommandFailedException("no operator " + wanted.get() + "; operators: " + describe(operators)));
        }
        if (operators.size() != 1) {
            throw new CommandFailedException(operators.isEmpty() ? "the checkpoint has no state (no state/ operators)"
                    : "several stateful operators; choose one with --operator: " + describe(operators));
        }
        return operators.get(0);
    }

    private static StateStoreInfo chooseStore(StateOperatorInfo operator, Optional<String> wanted) throws CommandFailedException {
        List<StateStoreInfo> stores = operator.stores();
        String names = stores.stream().map(StateStoreInfo::storeName).collect(Collectors.joining(", "));
        if (wanted.isPresent()) {
            return stores.stream().filter(s -> s.storeName().equals(wanted.get())).findFirst()
                    .orElseThrow(() -> new CommandFailedException("operator " + operator.operatorId() + " has no store "
                            + wanted.get() + "; stores: " + names));
        }
        if (stores.size() != 1) {
            throw new CommandFailedException("operator " + operator.operatorId() + " has several stores; choose one with --store: " + names);
        }
        return stores.get(0);
    }

    private static String describe(List<StateOperatorInfo> operators) {
        return operators.stream().map(op -> op.operatorId() + (op.operatorName() == null ? "" : " (" + op.operatorName() + ")"))
                .collect(Collectors.joining(", "));
    }

    private static Optional<StoreSchema> suppliedSchema(Arguments arguments) throws UsageException {
        Optional<String> key = arguments.option("--key-schema");
        Optional<String> value = arguments.option("--value-schema");
        if (key.isEmpty() && value.isEmpty()) {
            return Optional.empty();
        }
        if (key.isEmpty() || value.isEmpty()) {
            throw new UsageException("give both --key-schema and --value-schema");
        }
        return Optional.of(new StoreSchema(schema("--key-schema", key.get()), schema("--value-schema", value.get()), "supplied"));
    }

    /** A schema as Spark's JSON ({@code {"type":"struct",…}}) or as DDL ({@code value INT, count BIGINT}). */
    private static SparkType.Struct schema(String flag, String text) throws UsageException {
        try {
            return text.trim().startsWith("{") ? SparkTypeJson.parseStruct(Json.mapper().readTree(text)) : DdlParser.parseSchema(text);
        } catch (IOException | IllegalArgumentException | SchemaException e) {
            throw new UsageException(flag + " is neither Spark's schema JSON nor DDL: " + e.getMessage());
        }
    }
}
