package io.streamscope.replay.plan;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/** Comparing and classifying values of the {@link Row} value model. */
public final class Values {

    private Values() {
    }

    public static boolean isIntegral(SparkType type) {
        return type == SparkType.Atomic.BYTE || type == SparkType.Atomic.SHORT || type == SparkType.Atomic.INTEGER
                || type == SparkType.Atomic.LONG;
    }

    public static boolean isFractional(SparkType type) {
        return type == SparkType.Atomic.FLOAT || type == SparkType.Atomic.DOUBLE;
    }

    public static boolean isNumeric(SparkType type) {
        return isIntegral(type) || isFractional(type) || type instanceof SparkType.Decimal;
    }

    public static BigDecimal toBigDecimal(Object number) {
        if (number instanceof BigDecimal d) {
            return d;
        }
        if (number instanceof Double || number instanceof Float) {
            return BigDecimal.valueOf(((Number) number).doubleValue());
        }
        return BigDecimal.valueOf(((Number) number).longValue());
    }

    /**
     * Orders two non-null values of the same kind as Spark does: numbers by value (NaN above everything and equal to
     * itself), strings by code point (UTF-8 byte order), false before true, times by instant, structs field by field
     * with nulls first.
     */
    @SuppressWarnings("unchecked")
    public static int compare(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            if (x instanceof Double || x instanceof Float || y instanceof Double || y instanceof Float) {
                double dx = x.doubleValue();
                double dy = y.doubleValue();
                if (Double.isNaN(dx) || Double.isNaN(dy)) {
                    return Boolean.compare(Double.isNaN(dx), Double.isNaN(dy));
                }
                return Double.compare(dx == 0.0 ? 0.0 : dx, dy == 0.0 ? 0.0 : dy);
            }
            if (x instanceof BigDecimal || y instanceof BigDecimal) {
                return toBigDecimal(x).compareTo(toBigDecimal(y));
            }
            return Long.compare(x.longValue(), y.longValue());
        }
        if (a instanceof String x && b instanceof String y) {
            return compareCodePoints(x, y);
        }
        if (a instanceof Row x && b instanceof Row y) {
            return compareLists(x.values(), y.values());
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            return compareLists(x, y);
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return java.util.Arrays.compareUnsigned(x, y);
        }
        if (a instanceof Comparable<?> x && a.getClass() == b.getClass()) {
            return ((Comparable<Object>) x).compareTo(b);
        }
        throw new IllegalArgumentException("cannot compare " + a.getClass().getSimpleName() + " with "
                + b.getClass().getSimpleName());
    }

    /** Orders possibly-null values with nulls first (for sorting rows in a stable, readable order). */
    public static int compareNullsFirst(Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        return compare(a, b);
    }

    private static int compareLists(List<?> x, List<?> y) {
        for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
            int c = compareNullsFirst(x.get(i), y.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.size(), y.size());
    }

    private static int compareCodePoints(String x, String y) {
        int i = 0;
        int j = 0;
        while (i < x.length() && j < y.length()) {
            int cx = x.codePointAt(i);
            int cy = y.codePointAt(j);
            if (cx != cy) {
                return Integer.compare(cx, cy);
            }
            i += Character.charCount(cx);
            j += Character.charCount(cy);
        }
        return Boolean.compare(i < x.length(), j < y.length());
    }

    /** Microseconds since the epoch, Spark's internal timestamp. */
    public static long micros(Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000);
    }

    public static Instant fromMicros(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
    }

    public static Instant startOfDay(LocalDate date) {
        return date.atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
    }
}
