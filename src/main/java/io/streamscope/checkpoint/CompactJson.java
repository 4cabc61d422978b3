package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reads the JSON Spark writes in its logs — json4s's compact output: no whitespace, plain ASCII strings, integers —
 * into the very tree {@link Json#mapper()} would give, without a Jackson parser set up for each line (ten thousand
 * offsets files are twenty thousand lines). Anything outside that shape gives null, and the caller asks Jackson, which
 * also words the errors: whitespace, escapes, non-ASCII or control characters, fractions and exponents, integers of
 * more than 18 digits, leading zeros, {@code -0}, strings longer than {@link #MAX_STRING}, a key twice in one object,
 * nesting deeper than {@link #MAX_DEPTH}.
 */
final class CompactJson {

    /** Kafka offsets are two objects deep, a metadata line's conf too, a v2 commit's state ids three. */
    static final int MAX_DEPTH = 8;

    /** Longer strings (keys or values) are Jackson's to read. */
    static final int MAX_STRING = 4096;

    /** Strings up to this long are kept in {@link #SHARED}: keys, topics, partition numbers, conf entries. */
    private static final int MAX_SHARED = 256;
    private static final String[] SHARED = new String[4096];

    private static final JsonNodeFactory NODES = Json.NODES;

    private final String text;
    private int at;

    private CompactJson(String text) {
        this.text = text;
    }

    /** The tree of {@code text}, equal to {@code Json.mapper().readTree(text)}; null where it is not of the shape above. */
    static JsonNode parse(String text) {
        CompactJson reader = new CompactJson(text);
        JsonNode node = reader.value(0);
        return node != null && reader.at == text.length() ? node : null;
    }

    private JsonNode value(int depth) {
        if (at >= text.length()) {
            return null;
        }
        char c = text.charAt(at);
        if (c == '{') {
            return depth < MAX_DEPTH ? object(depth + 1) : null;
        }
        if (c == '[') {
            return depth < MAX_DEPTH ? array(depth + 1) : null;
        }
        if (c == '"') {
            String string = string();
            return string == null ? null : NODES.textNode(string);
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            return number();
        }
        if (text.startsWith("true", at)) {
            at += 4;
            return NODES.booleanNode(true);
        }
        if (text.startsWith("false", at)) {
            at += 5;
            return NODES.booleanNode(false);
        }
        if (text.startsWith("null", at)) {
            at += 4;
            return NODES.nullNode();
        }
        return null;
    }

    private JsonNode object(int depth) {
        at++; // {
        ObjectNode object = NODES.objectNode();
        if (at < text.length() && text.charAt(at) == '}') {
            at++;
            return object;
        }
        while (true) {
            if (at >= text.length() || text.charAt(at) != '"') {
                return null;
            }
            String key = string();
            if (key == null || at >= text.length() || text.charAt(at) != ':') {
                return null;
            }
            at++;
            JsonNode value = value(depth);
            if (value == null || object.putIfAbsent(key, value) != null) {
                return null; // a key twice: Jackson's rules decide
            }
            if (at >= text.length()) {
                return null;
            }
            char c = text.charAt(at++);
            if (c == '}') {
                return object;
            }
            if (c != ',') {
                return null;
            }
        }
    }

    private JsonNode array(int depth) {
        at++; // [
        ArrayNode array = NODES.arrayNode();
        if (at < text.length() && text.charAt(at) == ']') {
            at++;
            return array;
        }
        while (true) {
            JsonNode value = value(depth);
            if (value == null || at >= text.length()) {
                return null;
            }
            array.add(value);
            char c = text.charAt(at++);
            if (c == ']') {
                return array;
            }
            if (c != ',') {
                return null;
            }
        }
    }

    /**
     * A string of printable ASCII without escapes, the quotes consumed; null otherwise, and beyond
     * {@link #MAX_STRING} characters (Jackson bounds names, at 50,000: its rules decide there).
     */
    private String string() {
        int start = at + 1;
        int end = Math.min(text.length(), start + MAX_STRING + 1);
        int hash = 0;
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (c == '"') {
                at = i + 1;
                return shared(start, i, hash);
            }
            if (c < 0x20 || c > 0x7e || c == '\\') {
                return null;
            }
            hash = 31 * hash + c;
        }
        return null;
    }

    /**
     * The string at {@code [start, end)}, the same instance as the last time it was met where it is still in its
     * slot: the keys and conf values of ten thousand offsets files are a few dozen strings, kept once (as Jackson
     * interns names). Slots are overwritten freely; a racy read is safe, a string being immutable.
     */
    private String shared(int start, int end, int hash) {
        int slot = (hash ^ (hash >>> 16)) & (SHARED.length - 1);
        String known = SHARED[slot];
        if (known != null && known.length() == end - start && text.regionMatches(start, known, 0, end - start)) {
            return known;
        }
        String string = text.substring(start, end);
        if (end - start <= MAX_SHARED) {
            SHARED[slot] = string;
        }
        return string;
    }

    /** An integer as Jackson types it: an int node where the value fits an int, else a long node (up to 18 digits). */
    private JsonNode number() {
        boolean negative = text.charAt(at) == '-';
        int digitsStart = negative ? at + 1 : at;
        int i = digitsStart;
        long value = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            value = value * 10 + (c - '0');
            i++;
        }
        int digits = i - digitsStart;
        if (digits == 0 || digits > 18 || (digits > 1 && text.charAt(digitsStart) == '0') || (negative && value == 0)) {
            return null;
        }
        if (i < text.length()) {
            char next = text.charAt(i);
            if (next == '.' || next == 'e' || next == 'E') {
                return null;
            }
        }
        at = i;
        long signed = negative ? -value : value;
        return signed >= Integer.MIN_VALUE && signed <= Integer.MAX_VALUE ? NODES.numberNode((int) signed) : NODES.numberNode(signed);
    }
}
