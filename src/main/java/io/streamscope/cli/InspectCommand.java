package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.CompactibleLog;
import io.streamscope.checkpoint.FileSinkLogReader;
import io.streamscope.checkpoint.FolderKind;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.checkpoint.Note;
import io.streamscope.checkpoint.SourceInfo;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateSchemaFile;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.checkpoint.state.JsonBytes;
import io.streamscope.task.InOrder;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * {@code inspect CHECKPOINT}: the batches, sources and state operators of a checkpoint as design.md's JSON. Opened on
 * a file sink's output folder instead, it prints that sink's {@code _spark_metadata} log.
 */
final class InspectCommand implements Command {

    @Override
    public String usage() {
        return "inspect CHECKPOINT_DIR";
    }

    @Override
    public int run(String[] args, PrintStream out) throws UsageException, CommandFailedException {
        Path folder = Arguments.parse(args, List.of()).positionalPath();
        try (JsonGenerator json = JsonOutput.pretty(out)) {
            if (FolderKind.of(folder) == FolderKind.FILE_SINK_OUTPUT) {
                writeFileSink(json, FileSinkLogReader.read(folder));
            } else {
                writeCheckpoint(json, CheckpointReader.read(folder));
            }
            json.writeRaw('\n');
        } catch (NotACheckpointException e) {
            throw new CommandFailedException(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Cli.OK;
    }

    static void writeCheckpoint(JsonGenerator json, Checkpoint checkpoint) throws IOException {
        json.writeStartObject();
        json.writeStringField("queryId", checkpoint.queryId());
        json.writeArrayFieldStart("sources");
        for (SourceInfo source : checkpoint.sources()) {
            json.writeStartObject();
            json.writeNumberField("index", source.index());
            json.writeStringField("kind", source.kind().label());
            writeJsonField(json, "initialOffsets", source.initialOffsets());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("batches");
        writeBatches(json, List.copyOf(checkpoint.batches().values()));
        json.writeEndArray();
        json.writeArrayFieldStart("stateOperators");
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            writeOperator(json, operator);
        }
        json.writeEndArray();
        JsonOutput.writeProblems(json, checkpoint.problems());
        json.writeArrayFieldStart("notes");
        for (Note note : checkpoint.notes()) {
            json.writeStartObject();
            if (note.path() != null) {
                json.writeStringField("path", note.path());
            }
            json.writeStringField("message", note.message());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    /**
     * The batches, on every core: the first written here, the others rendered in chunks by workers into bytes laid out
     * as this generator lays them out ({@link PrettyJsonBytes}) and written out in order, a few chunks ahead at most.
     * Ten thousand batches are 13 MB of JSON; rendering it with Jackson on one core was a sixth of inspect's time.
     */
    private static void writeBatches(JsonGenerator json, List<Batch> batches) throws IOException {
        PrettyJsonWriter here = PrettyJsonWriter.of(json);
        if (batches.size() < 2 * BATCHES_PER_CHUNK) {
            for (Batch batch : batches) {
                writeBatch(here, batch);
            }
            return;
        }
        writeBatch(here, batches.get(0)); // so that the generator knows the array has elements, for its closing bracket
        json.flush(); // the chunks go to the stream after what the generator holds
        OutputStream out = (OutputStream) json.getOutputTarget();
        int chunks = (batches.size() - 1 + BATCHES_PER_CHUNK - 1) / BATCHES_PER_CHUNK;
        int workers = InOrder.workers();
        // a chunk written out lends its bytes to one not yet rendered
        Queue<JsonBytes> spare = new ConcurrentLinkedQueue<>();
        InOrder.run(chunks, workers, workers + 1, chunk -> renderChunk(batches, 1 + chunk * BATCHES_PER_CHUNK,
                Math.min(batches.size(), 1 + (chunk + 1) * BATCHES_PER_CHUNK), spare.poll()), chunk -> {
        }, (rendered, chunk) -> {
            try {
                rendered.bytes().writeTo(out, rendered.start());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            rendered.bytes().truncate(0);
            spare.add(rendered.bytes());
        });
    }

    private static final int BATCHES_PER_CHUNK = 256;
    /** The depth of the batches array in the answer: in the root object, in its own brackets. */
    private static final int BATCHES_DEPTH = 2;

    /** A chunk's batches: the bytes from {@code start} on, each batch with its separator and indentation. */
    private record RenderedBatches(JsonBytes bytes, int start) {
    }

    /**
     * Batches {@code from} to {@code to} (exclusive) as this command lays them out after an array's first element.
     * Where a batch holds offsets {@link PrettyJsonBytes} does not write (a number of another kind, text that is not
     * ASCII), the chunk is rendered with Jackson instead: a generator of its own writes them into an array at the
     * depth of {@code batches}, after a placeholder element, so that each comes with its separator and indentation.
     *
     * @param spare the bytes of a chunk already written out, emptied, or null
     */
    private static RenderedBatches renderChunk(List<Batch> batches, int from, int to, JsonBytes spare) {
        // a batch over 16 Kafka partitions takes about 1.3 KB
        JsonBytes bytes = spare != null ? spare : new JsonBytes(2048 * (to - from) + 1024);
        PrettyJsonBytes pretty = new PrettyJsonBytes(bytes, BATCHES_DEPTH);
        for (int at = from; at < to; at++) {
            if (!writeBatch(pretty, batches.get(at))) {
                bytes.truncate(0);
                return renderChunkWithJackson(batches, from, to, bytes);
            }
        }
        return new RenderedBatches(bytes, 0);
    }

    private static RenderedBatches renderChunkWithJackson(List<Batch> batches, int from, int to, JsonBytes bytes) {
        try (JsonGenerator json = JsonOutput.pretty(bytes, false)) {
            json.writeStartObject();
            json.writeArrayFieldStart("batches");
            json.writeNull();
            json.flush();
            int start = bytes.size();
            PrettyJsonWriter writer = PrettyJsonWriter.of(json);
            for (int at = from; at < to; at++) {
                writeBatch(writer, batches.get(at));
            }
            json.flush();
            int end = bytes.size();
            json.close(); // its closing brackets, which are not the chunk's
            bytes.truncate(end);
            return new RenderedBatches(bytes, start);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One batch; false where {@code json} cannot write one of its offsets (the caller then writes it otherwise). */
    private static boolean writeBatch(PrettyJsonWriter json, Batch batch) {
        json.startObject();
        json.numberField("batchId", batch.id());
        json.field("committed");
        json.bool(batch.committed());
        json.field("willReplay");
        json.bool(batch.willReplay());
        json.longField("watermarkMs", batch.offsets().isPresent() ? batch.watermarkMs() : null);
        json.longField("timestampMs", batch.offsets().isPresent() ? batch.timestampMs() : null);
        json.longField("nextWatermarkMs", batch.nextWatermarkMs().orElse(null));
        json.field("sources");
        json.startArray();
        for (BatchSource source : batch.sources()) {
            json.startObject();
            json.numberField("index", source.index());
            if (!json.treeField("startOffset", source.startOffset()) || !json.treeField("endOffset", source.endOffset())) {
                return false;
            }
            json.longField("numInputRows", source.numInputRows());
            json.endObject();
        }
        json.endArray();
        json.endObject();
        return true;
    }

    private static void writeOperator(JsonGenerator json, StateOperatorInfo operator) throws IOException {
        json.writeStartObject();
        json.writeNumberField("operatorId", operator.operatorId());
        json.writeStringField("operatorName", operator.operatorName());
        json.writeArrayFieldStart("stores");
        for (StateStoreInfo store : operator.stores()) {
            StateSchemaFile schema = store.schema().orElse(null);
            json.writeStartObject();
            json.writeStringField("storeName", store.storeName());
            json.writeNumberField("numPartitions", store.numPartitions());
            writeJsonField(json, "keySchema", schema == null ? null : schema.keySchema());
            writeJsonField(json, "valueSchema", schema == null ? null : schema.valueSchema());
            json.writeStringField("provider", store.provider().label());
            json.writeArrayFieldStart("versions");
            for (long version : store.versions()) {
                json.writeNumber(version);
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void writeFileSink(JsonGenerator json, FileSinkLogReader.FileSinkLog sink) throws IOException {
        json.writeStartObject();
        json.writeObjectFieldStart("fileSink");
        json.writeArrayFieldStart("logFiles");
        for (CompactibleLog.LogFile file : sink.log().files()) {
            json.writeStartObject();
            json.writeNumberField("batchId", file.batchId());
            json.writeBooleanField("compact", file.compact());
            json.writeNumberField("entries", file.entryCount());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("files");
        for (JsonNode entry : sink.log().entries()) {
            JsonOutput.writeTree(json, entry);
        }
        json.writeEndArray();
        json.writeEndObject();
        JsonOutput.writeProblems(json, sink.problems());
        json.writeArrayFieldStart("notes");
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void writeJsonField(JsonGenerator json, String name, JsonNode value) throws IOException {
        json.writeFieldName(name);
        if (value == null) {
            json.writeNull();
        } else {
            JsonOutput.writeTree(json, value);
        }
    }
}
