package io.streamscope.sparktypes;

import java.util.Collections;
import java.util.List;

/**
 * A decoded row: its struct type and one value per field. Values are Java objects: Boolean, Byte, Short, Integer,
 * Long, Float, Double, {@link java.math.BigDecimal}, String, byte[], {@link java.time.LocalDate} (date),
 * {@link java.time.Instant} (timestamp), {@link java.time.LocalDateTime} (timestamp_ntz), {@link Interval}, Row
 * (struct), List (array), {@link MapValue} (map), or null.
 */
public record Row(SparkType.Struct schema, List<Object> values) {

    public Row {
        if (schema.size() != values.size()) {
            throw new IllegalArgumentException(schema.size() + " fields but " + values.size() + " values");
        }
        if (!(values instanceof Values)) {
            values = new Values(values.toArray());
        }
    }

    /** A row over an array the caller hands over and never touches again: no copy, for decoders' hot loops. */
    public static Row adopt(SparkType.Struct schema, Object[] values) {
        return new Row(schema, new Values(values));
    }

    public Object get(String field) {
        int index = schema.indexOf(field);
        if (index < 0) {
            throw new IllegalArgumentException("no field " + field);
        }
        return values.get(index);
    }

    /** A map value with keys and values in the order stored. */
    public record MapValue(List<Object> keys, List<Object> values) {
        public MapValue {
            keys = Collections.unmodifiableList(new java.util.ArrayList<>(keys));
            values = Collections.unmodifiableList(new java.util.ArrayList<>(values));
        }
    }

    /** A calendar interval ({@code CalendarIntervalType}). */
    public record Interval(int months, int days, long microseconds) {
    }

    /** Bytes of a value whose type cannot be decoded, kept to be shown as hex. */
    public record Raw(byte[] bytes) {
    }

    /** The read-only values of a row. */
    private static final class Values extends java.util.AbstractList<Object> implements java.util.RandomAccess {
        private final Object[] values;

        Values(Object[] values) {
            this.values = values;
        }

        @Override
        public Object get(int index) {
            return values[index];
        }

        @Override
        public int size() {
            return values.length;
        }
    }
}
