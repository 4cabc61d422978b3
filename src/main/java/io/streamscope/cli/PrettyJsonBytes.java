package io.streamscope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.state.JsonBytes;

import java.util.Arrays;
import java.util.Map;

/**
 * Bytes laid out as {@link JsonOutput#pretty}'s generator lays them out, byte for byte: a newline and two spaces a
 * level before each field and element, {@code ": "} after a name, {@code {}} and {@code []} when empty. It writes
 * names, numbers, booleans and nulls, and trees of those and ASCII text; for any other node {@link #tree} says false.
 * It starts inside an array that already has an element, at a given depth: a chunk of an answer's array rendered
 * apart from the generator that writes the rest.
 */
final class PrettyJsonBytes implements PrettyJsonWriter {

    private static final byte[] AFTER_NAME = {':', ' '};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};
    private static final byte[][] INDENTS = new byte[32][];

    static {
        for (int level = 0; level < INDENTS.length; level++) {
            INDENTS[level] = ("\n" + "  ".repeat(level)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        }
    }

    private final JsonBytes out;
    private int depth;
    /** Per open object or array, from the outermost: whether an object, and how many entries it has so far. */
    private boolean[] objects = new boolean[16];
    private int[] entries = new int[16];
    private int open;
    /** The last trees written whole, for as many sources as a batch commonly has (see {@link #tree}). */
    private final Written[] recent = new Written[4];
    private int next;

    /** A tree written whole at {@code depth}, as the bytes from {@code from} to {@code to}. */
    private record Written(JsonNode node, int depth, int from, int to) {
    }

    /** @param depth the depth of the array the values go into, which has an element already */
    PrettyJsonBytes(JsonBytes out, int depth) {
        this.out = out;
        this.depth = depth;
        objects[0] = false;
        entries[0] = 1;
        open = 1;
    }

    @Override
    public void startObject() {
        beforeValue();
        openBracket(true);
    }

    @Override
    public void endObject() {
        close('}');
    }

    @Override
    public void startArray() {
        beforeValue();
        openBracket(false);
    }

    @Override
    public void endArray() {
        close(']');
    }

    @Override
    public void field(String name) {
        if (!writeName(name)) {
            throw new IllegalArgumentException("a name that is not ASCII: " + name);
        }
    }

    @Override
    public void number(long value) {
        beforeValue();
        out.writeLong(value);
    }

    @Override
    public void bool(boolean value) {
        beforeValue();
        out.writeBoolean(value);
    }

    @Override
    public void nullValue() {
        beforeValue();
        out.write(NULL);
    }

    /**
     * A tree written before, at the same depth, is written again as a copy of its bytes: a batch starts where the one
     * before it ended, so its start offsets are the very tree written as the end offsets just before (half of what
     * rendering 10,000 batches spent).
     */
    @Override
    public boolean tree(JsonNode node) {
        if (!node.isContainerNode()) {
            return value(node);
        }
        beforeValue();
        int from = out.size();
        for (Written written : recent) {
            if (written != null && written.node() == node && written.depth() == depth && written.to() <= from) {
                out.repeat(written.from(), written.to());
                return true;
            }
        }
        if (!container(node)) {
            return false;
        }
        recent[next] = new Written(node, depth, from, out.size());
        next = (next + 1) % recent.length;
        return true;
    }

    private boolean value(JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT, ARRAY -> {
                beforeValue();
                return container(node);
            }
            case STRING -> {
                beforeValue();
                return out.writeAsciiString(node.textValue());
            }
            case NUMBER -> {
                if (!node.isInt() && !node.isLong()) {
                    return false; // Jackson's serializers decide how other numbers read
                }
                number(node.longValue());
            }
            case BOOLEAN -> bool(node.booleanValue());
            case NULL -> nullValue();
            default -> {
                return false;
            }
        }
        return true;
    }

    /** An object or an array after what comes before it: its brackets and what is in them. */
    private boolean container(JsonNode node) {
        boolean object = node.isObject();
        openBracket(object);
        if (object) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                if (!writeName(field.getKey()) || !value(field.getValue())) {
                    return false;
                }
            }
        } else {
            for (JsonNode element : node) {
                if (!value(element)) {
                    return false;
                }
            }
        }
        close(object ? '}' : ']');
        return true;
    }

    /** A field's name after its separator and indentation, as the generator's pretty printer writes them. */
    private boolean writeName(String name) {
        if (entries[open - 1]++ > 0) {
            out.write(',');
        }
        indent();
        return out.writeAsciiString(name);
    }

    /** What comes before a value: after a name, {@code ": "}; in an array, the separator and the indentation. */
    private void beforeValue() {
        if (objects[open - 1]) {
            out.write(AFTER_NAME);
            return;
        }
        if (entries[open - 1]++ > 0) {
            out.write(',');
        }
        indent();
    }

    /** An object's or an array's opening bracket, after what comes before it. */
    private void openBracket(boolean object) {
        out.write(object ? '{' : '[');
        if (open == objects.length) {
            objects = Arrays.copyOf(objects, open * 2);
            entries = Arrays.copyOf(entries, open * 2);
        }
        objects[open] = object;
        entries[open++] = 0;
        depth++;
    }

    private void close(char bracket) {
        int closed = entries[--open];
        depth--;
        if (closed > 0) {
            indent();
        }
        out.write(bracket);
    }

    private void indent() {
        out.write(depth < INDENTS.length ? INDENTS[depth] : ("\n" + "  ".repeat(depth)).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }
}
