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
        OffsetSeqMetadata likeTheLast = SameConf.metadata(line);
        if (likeTheLast != null) {
            return likeTheLast;
        }
        OffsetSeqMetadata metadata = parseJson(line, where);
        SameConf.remember(line, metadata.conf());
        return metadata;
    }

    private static OffsetSeqMetadata parseJson(String line, String where) throws FormatException {
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

    /**
     * The metadata lines of a query's batches differ in their two numbers only: Spark writes
     * {@code {"batchWatermarkMs":N,"batchTimestampMs":N,"conf":{…}}} with the confs pinned at the query's start. Where
     * a line is of that shape and its conf's text is the one of the last line this thread read in full, the numbers
     * are read here and the conf is that line's (the same text gives the same conf); anything else is read in full.
     */
    private record SameConf(String text, java.util.SortedMap<String, String> conf) {

        private static final String WATERMARK = "{\"batchWatermarkMs\":";
        private static final String TIMESTAMP = ",\"batchTimestampMs\":";
        private static final String CONF = ",\"conf\":";
        private static final ThreadLocal<SameConf> LAST = new ThreadLocal<>();

        /** The two numbers of a line of the shape above, and where its conf begins. */
        private record Numbers(long watermark, long timestamp, int confAt) {
        }

        static OffsetSeqMetadata metadata(String line) {
            SameConf last = LAST.get();
            Numbers numbers = last == null ? null : numbers(line);
            if (numbers == null || line.length() != numbers.confAt() + last.text().length() + 1
                    || !line.startsWith(last.text(), numbers.confAt())) {
                return null;
            }
            return new OffsetSeqMetadata(numbers.watermark(), numbers.timestamp(), last.conf());
        }

        static void remember(String line, java.util.SortedMap<String, String> conf) {
            Numbers numbers = numbers(line);
            if (numbers != null) {
                LAST.set(new SameConf(line.substring(numbers.confAt(), line.length() - 1), conf));
            }
        }

        /** Null where {@code line} is of another shape (its last character must close the object). */
        private static Numbers numbers(String line) {
            if (!line.startsWith(WATERMARK) || line.charAt(line.length() - 1) != '}') {
                return null;
            }
            int end = integerEnd(line, WATERMARK.length());
            if (end < 0 || !line.startsWith(TIMESTAMP, end)) {
                return null;
            }
            long watermark = Long.parseLong(line, WATERMARK.length(), end, 10);
            int start = end + TIMESTAMP.length();
            end = integerEnd(line, start);
            if (end < 0 || !line.startsWith(CONF, end)) {
                return null;
            }
            return new Numbers(watermark, Long.parseLong(line, start, end, 10), end + CONF.length());
        }

        /** The end of an integer as {@link CompactJson} takes it (no leading zero, no {@code -0}, 18 digits at most). */
        private static int integerEnd(String line, int start) {
            int digits = line.startsWith("-", start) ? start + 1 : start;
            int end = digits;
            while (end < line.length() && end - digits <= 18 && line.charAt(end) >= '0' && line.charAt(end) <= '9') {
                end++;
            }
            int count = end - digits;
            boolean zero = count == 1 && line.charAt(digits) == '0';
            if (count == 0 || count > 18 || (count > 1 && line.charAt(digits) == '0') || (zero && digits > start)) {
                return -1;
            }
            return end;
        }
    }
}
