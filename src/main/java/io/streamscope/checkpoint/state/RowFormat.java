package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.sparktypes.SparkType;

import java.io.IOException;
import java.util.Arrays;

/**
 * How stored key or value bytes are read: an UnsafeRow or an Avro row of a schema, a fixed value, raw bytes, or
 * transformWithState's scan keys ({@link ScanKeyFormat}) and lists ({@link ListValueFormat}).
 */
interface RowFormat {

    RowFormat RAW = new Raw();

    static RowFormat unsafeRow(SparkType.Struct schema) {
        return schema == null ? RAW : new UnsafeRow(schema, new UnsafeRowJson(schema));
    }

    static RowFormat avro(SparkType.Struct schema, AvroRowDecoder.Unions unions) {
        return schema == null ? RAW : new Avro(schema, unions);
    }

    static RowFormat constant(Object value) {
        return new Constant(value);
    }

    /** A format that reads nothing: every row is a misfit, for the reason given. */
    static RowFormat unreadable(String reason) {
        return (bytes, from, size) -> {
            throw new RowFormatException(0, reason);
        };
    }

    Object decode(byte[] bytes, int from, int size) throws RowFormatException;

    /** Writes the row as {@link SparkJson} writes its decoded value; nothing is written when it throws. */
    default void writeJson(JsonGenerator json, byte[] bytes, int from, int size) throws IOException, RowFormatException {
        SparkJson.writeValue(json, decode(bytes, from, size));
    }

    /**
     * Writes the row as {@link #writeJson(JsonGenerator, byte[], int, int)} does, when it can without Jackson; false
     * when it cannot (the caller drops what was written and writes it that way).
     */
    default boolean writeJson(JsonBytes out, byte[] bytes, int from, int size) {
        return false;
    }

    record UnsafeRow(SparkType.Struct schema, UnsafeRowJson json) implements RowFormat {
        @Override
        public boolean writeJson(JsonBytes out, byte[] bytes, int from, int size) {
            return json.write(out, bytes, from, size);
        }

        @Override
        public Object decode(byte[] bytes, int from, int size) throws RowFormatException {
            return UnsafeRowDecoder.decode(bytes, from, size, schema);
        }

        @Override
        public void writeJson(JsonGenerator out, byte[] bytes, int from, int size) throws IOException, RowFormatException {
            json.write(out, bytes, from, size);
        }
    }

    /** An Avro record filling the bytes from {@code from} to their end. */
    record Avro(SparkType.Struct schema, AvroRowDecoder.Unions unions) implements RowFormat {
        @Override
        public Object decode(byte[] bytes, int from, int size) throws RowFormatException {
            // Avro records run to the end of their bytes: a row inside a larger buffer is decoded from a copy.
            return from + size == bytes.length ? AvroRowDecoder.decode(bytes, from, schema, unions)
                    : AvroRowDecoder.decode(Arrays.copyOfRange(bytes, from, from + size), 0, schema, unions);
        }
    }

    /** Bytes no schema describes, shown as hex. */
    record Raw() implements RowFormat {
        @Override
        public Object decode(byte[] bytes, int from, int size) {
            return new Row.Raw(from == 0 && size == bytes.length ? bytes : Arrays.copyOfRange(bytes, from, from + size));
        }
    }

    /** A value whatever the bytes (deduplication's placeholder rows). */
    record Constant(Object value) implements RowFormat {
        @Override
        public Object decode(byte[] bytes, int from, int size) {
            return value;
        }
    }
}
