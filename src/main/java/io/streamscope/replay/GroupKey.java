package io.streamscope.replay;

import io.streamscope.replay.plan.Values;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * The key of a group or a deduplicated row, equal when Spark's keys are equal: decimals by value, {@code -0.0} and
 * {@code 0.0} alike (Spark normalizes floating-point keys), binary by content.
 */
final class GroupKey implements Comparable<GroupKey> {

    private final List<Object> values;
    private final List<Object> normalized;

    GroupKey(List<Object> values) {
        this.values = java.util.Collections.unmodifiableList(new ArrayList<>(values));
        List<Object> normal = new ArrayList<>();
        for (Object value : values) {
            normal.add(normalize(value));
        }
        this.normalized = normal;
    }

    List<Object> values() {
        return values;
    }

    private static Object normalize(Object value) {
        if (value instanceof BigDecimal d) {
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        if (value instanceof Double d) {
            return d == 0.0 ? 0.0 : d;
        }
        if (value instanceof Float f) {
            return f == 0.0f ? 0.0f : f;
        }
        if (value instanceof byte[] bytes) {
            return HexFormat.of().formatHex(bytes);
        }
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof GroupKey key && normalized.equals(key.normalized);
    }

    @Override
    public int hashCode() {
        return Objects.hash(normalized);
    }

    @Override
    public int compareTo(GroupKey other) {
        for (int i = 0; i < Math.min(values.size(), other.values.size()); i++) {
            int c = Values.compareNullsFirst(values.get(i), other.values.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(values.size(), other.values.size());
    }
}
