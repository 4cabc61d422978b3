package io.streamscope.ui.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.replay.OutputMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The few facts of a checkpoint's {@code streamscope.json} the window shows before any replay: title, query,
 * schema, output mode and topic file. Read only; a missing or damaged sidecar is simply absent.
 */
public record Sidecar(String title, String description, String query, String schema, Optional<OutputMode> outputMode,
                      String topicFile) {

    public static final String FILE = "streamscope.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MAX_BYTES = 1 << 20;

    public static Optional<Sidecar> read(Path checkpoint) {
        Path file = checkpoint.resolve(FILE);
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
                return Optional.empty();
            }
            JsonNode json = JSON.readTree(file.toFile());
            if (json == null || !json.isObject()) {
                return Optional.empty();
            }
            return Optional.of(new Sidecar(text(json, "title"), text(json, "description"), text(json, "query"),
                    text(json, "schema"), QueryViewModel.parseMode(text(json, "outputMode")), text(json.path("topic"), "file")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
