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

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

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
        Path folder = Arguments.parse(args, java.util.List.of()).positionalPath();
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
        for (Batch batch : checkpoint.batches().values()) {
            writeBatch(json, batch);
        }
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
