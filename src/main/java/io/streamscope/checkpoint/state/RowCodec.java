package io.streamscope.checkpoint.state;

import io.streamscope.sql.Row;
import io.streamscope.sql.SparkType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns stored key/value bytes into rows with a store's schema, with the quirks of what Spark really wrote: values
 * of Spark 2.1/2.2 carry 4 trailing junk bytes; deduplication in 3.2–3.3 records a value schema that does not
 * match its empty value rows (SPARK-39650); flatMapGroupsWithState format 1 declares {@code timeoutTimestamp} an
 * int but stores a long.
 */
final class RowCodec {

    private static final byte[] EMPTY_ROW = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    private static final SparkType.Struct NO_FIELDS = new SparkType.Struct(List.of());

    private RowCodec() {
    }

    static Object key(byte[] bytes, int from, SparkType.Struct schema) throws UnsafeRowException {
        if (schema == null) {
            return new Row.Raw(Arrays.copyOfRange(bytes, from, bytes.length));
        }
        return UnsafeRowDecoder.decode(bytes, from, bytes.length - from, schema);
    }

    static Object value(byte[] bytes, int from, SparkType.Struct schema) throws UnsafeRowException {
        int size = bytes.length - from;
        size -= size % 8; // Spark 2.1/2.2 wrote 4 junk bytes after each value row; rows are always 8-byte aligned
        if (schema == null) {
            return new Row.Raw(Arrays.copyOfRange(bytes, from, from + size));
        }
        if (size == EMPTY_ROW.length && schema.size() > 1
                && Arrays.equals(bytes, from, from + size, EMPTY_ROW, 0, EMPTY_ROW.length)) {
            return new Row(NO_FIELDS, List.of()); // deduplication's placeholder value, whatever the schema file claims
        }
        return UnsafeRowDecoder.decode(bytes, from, size, schema);
    }

    /** The value schema as the bytes were written (see the class comment). */
    static SparkType.Struct storedValueSchema(SparkType.Struct declared) {
        if (declared == null) {
            return null;
        }
        List<SparkType.Field> fields = new ArrayList<>();
        boolean changed = false;
        for (SparkType.Field field : declared.fields()) {
            if (field.name().equals("timeoutTimestamp") && field.type() == SparkType.Atomic.INTEGER) {
                fields.add(new SparkType.Field(field.name(), SparkType.Atomic.LONG, field.nullable()));
                changed = true;
            } else {
                fields.add(field);
            }
        }
        return changed ? new SparkType.Struct(fields) : declared;
    }
}
