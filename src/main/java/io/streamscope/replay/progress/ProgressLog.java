package io.streamscope.replay.progress;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Real progress reports a user has: a driver log with {@code Streaming query made progress: {…}} entries (the JSON
 * spans several lines there), or a {@code StreamingQueryListener}'s JSON lines. Anything else in the text is skipped.
 */
public final class ProgressLog {

    static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, true)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);
    private static final String MARKER = "Streaming query made progress: ";

    private ProgressLog() {
    }

    /** The progress objects (those with a {@code batchId}) in the order they appear. */
    public static List<JsonNode> parse(String text) {
        List<JsonNode> found = new ArrayList<>();
        int position = 0;
        while (position < text.length()) {
            int lineEnd = text.indexOf('\n', position);
            lineEnd = lineEnd < 0 ? text.length() : lineEnd;
            String line = text.substring(position, lineEnd);
            int marker = line.indexOf(MARKER);
            int start = marker >= 0 ? position + marker + MARKER.length()
                    : line.stripLeading().startsWith("{") ? position + line.indexOf('{') : -1;
            int next = lineEnd + 1;
            if (start >= 0) {
                try (JsonParser parser = MAPPER.getFactory().createParser(text.substring(start))) {
                    JsonNode node = MAPPER.readTree(parser);
                    if (node != null && node.isObject() && node.has("batchId")) {
                        found.add(node);
                        next = Math.max(next, start + (int) parser.currentLocation().getCharOffset());
                    }
                } catch (IOException e) {
                    // not a progress report after all: skip the line
                }
            }
            position = next;
        }
        return found;
    }
}
