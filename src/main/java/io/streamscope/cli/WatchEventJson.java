package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;
import io.streamscope.follow.CheckpointEvent;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/** One {@code watch} event as its JSON line. */
final class WatchEventJson {

    private WatchEventJson() {
    }

    static String line(CheckpointEvent event) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = Json.mapper().getFactory().createGenerator(text)) {
            json.writeStartObject();
            json.writeStringField("event", event.label());
            if (event instanceof CheckpointEvent.Metadata metadata) {
                json.writeStringField("queryId", metadata.queryId());
            } else if (event instanceof CheckpointEvent.Planned planned) {
                json.writeNumberField("batchId", planned.batchId());
                json.writeArrayFieldStart("endOffsets");
                for (JsonNode offsets : planned.endOffsets()) {
                    if (offsets == null) {
                        json.writeNull();
                    } else {
                        json.writeTree(offsets);
                    }
                }
                json.writeEndArray();
                json.writeNumberField("watermarkMs", planned.watermarkMs());
                json.writeNumberField("timestampMs", planned.timestampMs());
            } else if (event instanceof CheckpointEvent.StateVersion state) {
                json.writeNumberField("batchId", state.batchId());
                json.writeNumberField("operatorId", state.operatorId());
                json.writeStringField("storeName", state.storeName());
                json.writeNumberField("version", state.version());
            } else if (event instanceof CheckpointEvent.Committed committed) {
                json.writeNumberField("batchId", committed.batchId());
                if (committed.nextWatermarkMs().isPresent()) {
                    json.writeNumberField("nextWatermarkMs", committed.nextWatermarkMs().get());
                }
            } else if (event instanceof CheckpointEvent.Problem problem) {
                if (problem.batchId() >= 0) {
                    json.writeNumberField("batchId", problem.batchId());
                }
                json.writeStringField("path", problem.path());
                json.writeStringField("message", problem.message());
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }
}
