package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

/** Parses the {@code metadata} file: {@code {"id":"<uuid>"}}, compact or pretty-printed (Spark 2.1). */
public final class QueryMetadataParser {

    private QueryMetadataParser() {
    }

    public static String parseQueryId(byte[] bytes) throws FormatException {
        return parseQueryIdText(LogText.decode(bytes));
    }

    public static String parseQueryIdText(LogText text) throws FormatException {
        JsonNode json = Json.parseObject(String.join("\n", text.lines()), null);
        JsonNode id = json.get("id");
        if (id == null || !id.isTextual() || id.asText().isBlank()) {
            throw new FormatException(null, "no \"id\" string in the query metadata");
        }
        return id.asText();
    }
}
