package io.streamscope.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A checkpoint's {@code streamscope.json} (design.md, only in folders we ship): what the checkpoint itself cannot
 * say — the query, the values' schema, the output mode and the topic file — which the replay takes as defaults.
 */
public record Sidecar(String title, String description, String query, String schema, String outputMode,
                      String topicFile) {

    public static final String FILE = "streamscope.json";
    private static final long MAX_BYTES = 1 << 20;

    /** The sidecar next to a checkpoint's {@code metadata}; absent when there is none or it is damaged. */
    public static Optional<Sidecar> read(Path checkpoint) {
        try {
            return readStrict(checkpoint);
        } catch (IOException damaged) {
            return Optional.empty();
        }
    }

    /** Like {@link #read}, but a damaged sidecar is an error that says what is wrong. */
    public static Optional<Sidecar> readStrict(Path checkpoint) throws IOException {
        Path file = checkpoint.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        if (Files.size(file) > MAX_BYTES) {
            throw new IOException(file + " is larger than " + MAX_BYTES + " bytes");
        }
        JsonNode json = Json.MAPPER.readTree(file.toFile());
        if (json == null || !json.isObject()) {
            throw new IOException(file + " is not a JSON object");
        }
        return Optional.of(new Sidecar(text(json, "title"), text(json, "description"), text(json, "query"),
                text(json, "schema"), text(json, "outputMode"), text(json.path("topic"), "file")));
    }

    /** The output mode, when the sidecar names a known one. */
    public Optional<OutputMode> mode() {
        return OutputMode.find(outputMode);
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
