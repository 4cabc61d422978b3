package io.streamscope.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A checkpoint's {@code streamscope.json} (design.md, only in folders we ship): what the checkpoint itself cannot
 * say — its title, and where its topics' snapshot files are ({@code "topics":{"orders":"../topics/orders.jsonl"}},
 * or {@code "topic":{"file":…}} for the one topic) — and, in older samples, the query, schema and mode that the
 * replay takes as defaults when there is no job.
 *
 * @param topicFiles snapshot files by topic, relative to the checkpoint; the key {@link ReplayRequest#ANY_TOPIC}
 *                   for a {@code "topic":{"file":…}} that names no topic
 */
public record Sidecar(String title, String description, String query, String schema, String outputMode,
                      java.util.Map<String, String> topicFiles) {

    public Sidecar {
        topicFiles = java.util.Map.copyOf(topicFiles);
    }

    /** The topic files as {@code --topic-file [TOPIC=]F} entries, resolved against the checkpoint folder. */
    public java.util.List<io.streamscope.topic.TopicFiles.Entry> topicEntries(Path checkpoint) {
        return topicFiles.entrySet().stream().map(entry -> new io.streamscope.topic.TopicFiles.Entry(
                entry.getKey().isEmpty() ? null : entry.getKey(), checkpoint.resolve(entry.getValue()).normalize()))
                .toList();
    }

    /** The one topic file, when the sidecar names exactly one; else null. */
    public String topicFile() {
        return topicFiles.size() == 1 ? topicFiles.values().iterator().next() : null;
    }

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
        JsonNode json;
        try (java.io.InputStream in = Files.newInputStream(file)) { // the path's own file system: local or remote
            json = Json.mapper().readTree(in);
        }
        if (json == null || !json.isObject()) {
            throw new IOException(file + " is not a JSON object");
        }
        java.util.Map<String, String> files = new java.util.LinkedHashMap<>();
        String single = text(json.path("topic"), "file");
        if (single != null) {
            files.put(ReplayRequest.ANY_TOPIC, single);
        }
        json.path("topics").fields().forEachRemaining(entry -> {
            String topicFile = entry.getValue().isTextual() ? entry.getValue().asText() : text(entry.getValue(), "file");
            if (topicFile != null) {
                files.put(entry.getKey(), topicFile);
            }
        });
        return Optional.of(new Sidecar(text(json, "title"), text(json, "description"), text(json, "query"),
                text(json, "schema"), text(json, "outputMode"), files));
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
