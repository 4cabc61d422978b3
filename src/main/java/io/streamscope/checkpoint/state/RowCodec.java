package io.streamscope.checkpoint.state;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The quirks of what Spark really wrote, for reading stored rows with a store's schema: values of Spark 2.1/2.2
 * carry 4 trailing junk bytes; deduplication in 3.2–3.3 records a value schema that does not match its empty value
 * rows (SPARK-39650); flatMapGroupsWithState format 1 declares {@code timeoutTimestamp} an int but stores a long.
 */
final class RowCodec {

    private static final byte[] EMPTY_ROW = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    /** What deduplication's placeholder value decodes to, whatever the schema file claims. */
    static final RowFormat EMPTY_VALUE = RowFormat.constant(new Row(new SparkType.Struct(List.of()), List.of()));

    private RowCodec() {
    }

    /** The size of a value row stored in {@code stored} bytes: rows are 8-byte aligned, so trailing junk is dropped. */
    static int valueSize(int stored) {
        return stored - stored % 8;
    }

    /** The format to read a value with: {@code format}, unless the bytes are deduplication's placeholder row. */
    static RowFormat valueFormat(byte[] bytes, int from, int size, SparkType.Struct schema, RowFormat format) {
        boolean placeholder = schema != null && size == EMPTY_ROW.length && schema.size() > 1
                && Arrays.equals(bytes, from, from + size, EMPTY_ROW, 0, EMPTY_ROW.length);
        return placeholder ? EMPTY_VALUE : format;
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
