package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Parses {@code offsets/N} ({@code OffsetSeqLog}): a version line, the {@code OffsetSeqMetadata} JSON (or an empty
 * line), then one offset per source, {@code -} for a source without an offset. Also reads Spark master's
 * unreleased v2, whose source lines are {@code <sourceId>:<offset>}.
 */
public final class OffsetLogParser {

    static final int MAX_VERSION = 2;
    private static final String NO_OFFSET = "-";

    private OffsetLogParser() {
    }

    public static OffsetSeq parse(byte[] bytes) throws FormatException {
        return parseText(LogText.decode(bytes));
    }

    public static OffsetSeq parseText(LogText text) throws FormatException {
        int version = text.version(MAX_VERSION);
        if (text.size() < 2) {
            throw new FormatException(null, "truncated: no metadata line after the version line");
        }
        OffsetSeqMetadata metadata = parseMetadata(text.line(2), FormatException.line(2));
        List<JsonNode> offsets = new ArrayList<>();
        for (int number = 3; number <= text.size(); number++) {
            String line = text.line(number);
            if (version >= 2) {
                int colon = line.indexOf(':');
                if (colon < 0) {
                    throw new FormatException(FormatException.line(number), "expected <sourceId>:<offset> in a v2 offset log");
                }
                line = line.substring(colon + 1);
            }
            offsets.add(NO_OFFSET.equals(line) ? null : Json.parse(line, FormatException.line(number)));
        }
        return new OffsetSeq(version, metadata, offsets);
    }

    static OffsetSeqMetadata parseMetadata(String line, String where) throws FormatException {
        if (line.isEmpty()) {
            return OffsetSeqMetadata.EMPTY;
        }
        JsonNode json = Json.parseObject(line, where);
        long watermark = Json.longField(json, "batchWatermarkMs", 0, where);
        long timestamp = Json.longField(json, "batchTimestampMs", 0, where);
        TreeMap<String, String> conf = new TreeMap<>();
        JsonNode confJson = json.get("conf");
        if (confJson != null && !confJson.isNull()) {
            if (!confJson.isObject()) {
                throw new FormatException(where, "\"conf\" should be an object of strings");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = confJson.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                conf.put(entry.getKey(), entry.getValue().isTextual() ? entry.getValue().asText() : entry.getValue().toString());
            }
        }
        return new OffsetSeqMetadata(watermark, timestamp, conf);
    }
}
