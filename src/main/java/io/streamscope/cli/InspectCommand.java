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
import io.streamscope.task.InOrder;

import java.io.ByteArrayOutputStream;
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
     * The batches, on every core: the first written here, the others rendered in chunks by workers into bytes (a
     * generator each, laid out as this one) and written out in order, a few chunks ahead at most. Ten thousand
     * batches are 13 MB of JSON; rendering it was a sixth of inspect's time, on one core.
     */
    private static void writeBatches(JsonGenerator json, List<Batch> batches) throws IOException {
        if (batches.size() < 2 * BATCHES_PER_CHUNK) {
            for (Batch batch : batches) {
                writeBatch(json, batch);
            }
            return;
        }
        writeBatch(json, batches.get(0)); // so that the generator knows the array has elements, for its closing bracket
        json.flush(); // the chunks go to the stream after what the generator holds
        OutputStream out = (OutputStream) json.getOutputTarget();
        int chunks = (batches.size() - 1 + BATCHES_PER_CHUNK - 1) / BATCHES_PER_CHUNK;
        int workers = InOrder.workers();
        // a chunk written out lends its bytes to one not yet rendered
        Queue<RenderedBatches> spare = new ConcurrentLinkedQueue<>();
        InOrder.run(chunks, workers, workers + 1, chunk -> renderChunk(batches, 1 + chunk * BATCHES_PER_CHUNK,
                Math.min(batches.size(), 1 + (chunk + 1) * BATCHES_PER_CHUNK), spare.poll()), chunk -> {
        }, (rendered, chunk) -> {
            try {
                rendered.writeElementsTo(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            rendered.reset();
            spare.add(rendered);
        });
    }

    private static final int BATCHES_PER_CHUNK = 256;

    /**
     * Batches {@code from} to {@code to} (exclusive) as this command lays them out after an array's first element: a
     * generator of their own writes them into an array at the depth of {@code batches}, after a placeholder element,
     * so that each comes with its separator and indentation; the bytes after the placeholder are the chunk's.
     *
     * @param spare the bytes of a chunk already written out, emptied, or null
     */
    private static RenderedBatches renderChunk(List<Batch> batches, int from, int to, RenderedBatches spare) {
        // a batch over 16 Kafka partitions takes about 1.3 KB
        RenderedBatches rendered = spare != null ? spare : new RenderedBatches(2048 * (to - from) + 1024);
        try (JsonGenerator json = JsonOutput.pretty(rendered, false)) {
            json.writeStartObject();
            json.writeArrayFieldStart("batches");
            json.writeNull();
            json.flush();
            rendered.elementsStart = rendered.size();
            for (int at = from; at < to; at++) {
                writeBatch(json, batches.get(at));
            }
            json.flush();
            rendered.elementsEnd = rendered.size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rendered;
    }

    /** A chunk's bytes, the placeholder and the generator's closing brackets around them. */
    private static final class RenderedBatches extends ByteArrayOutputStream {

        private int elementsStart;
        private int elementsEnd;

        RenderedBatches(int capacity) {
            super(capacity);
        }

        void writeElementsTo(OutputStream out) throws IOException {
            out.write(buf, elementsStart, elementsEnd - elementsStart);
        }
    }

    private static void writeBatch(JsonGenerator json, Batch batch) throws IOException {
        json.writeStartObject();
        json.writeNumberField("batchId", batch.id());
        json.writeBooleanField("committed", batch.committed());
        json.writeBooleanField("willReplay", batch.willReplay());
        writeLongField(json, "watermarkMs", batch.offsets().isPresent() ? batch.watermarkMs() : null);
        writeLongField(json, "timestampMs", batch.offsets().isPresent() ? batch.timestampMs() : null);
        writeLongField(json, "nextWatermarkMs", batch.nextWatermarkMs().orElse(null));
        json.writeArrayFieldStart("sources");
        for (BatchSource source : batch.sources()) {
            json.writeStartObject();
            json.writeNumberField("index", source.index());
            writeJsonField(json, "startOffset", source.startOffset());
            writeJsonField(json, "endOffset", source.endOffset());
            writeLongField(json, "numInputRows", source.numInputRows());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
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

    private static void writeLongField(JsonGenerator json, String name, Long value) throws IOException {
        if (value == null) {
            json.writeNullField(name);
        } else {
            json.writeNumberField(name, value);
        }
    }
}
