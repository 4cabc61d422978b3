package io.streamscope.replay.plan;

import io.streamscope.sparktypes.SparkType;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Casts between the types the replay handles, as Spark casts them (ANSI: an error where Spark 4 raises one). */
final class Casts {

    private static final DateTimeFormatter TIMESTAMP_TEXT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private Casts() {
    }

    static boolean canCast(SparkType from, SparkType to) {
        if (from.equals(to) || from == SparkType.Atomic.NULL || to == SparkType.Atomic.STRING) {
            return true;
        }
        if (from == SparkType.Atomic.STRING) {
            return Values.isNumeric(to) || to == SparkType.Atomic.TIMESTAMP || to == SparkType.Atomic.DATE
                    || to == SparkType.Atomic.BOOLEAN;
        }
        if (Values.isNumeric(from)) {
            return Values.isNumeric(to) || to == SparkType.Atomic.BOOLEAN;
        }
        if (from == SparkType.Atomic.BOOLEAN) {
            return Values.isNumeric(to);
        }
        if (from == SparkType.Atomic.DATE) {
            return to == SparkType.Atomic.TIMESTAMP;
        }
        return from == SparkType.Atomic.TIMESTAMP && to == SparkType.Atomic.DATE;
    }

    static Object cast(Object value, SparkType from, SparkType to, boolean ansi) {
        if (value == null || from.equals(to)) {
            return value;
        }
        try {
            return doCast(value, from, to, ansi);
        } catch (ArithmeticException | NumberFormatException | DateTimeParseException e) {
            if (ansi) {
                throw new ReplayRuntimeException("[CAST_INVALID_INPUT] The value '" + value + "' of the type \""
                        + from.typeName().toUpperCase() + "\" cannot be cast to \"" + to.typeName().toUpperCase()
                        + "\" because it is malformed or out of range.");
            }
            return null;
        }
    }

    private static Object doCast(Object value, SparkType from, SparkType to, boolean ansi) {
        if (to == SparkType.Atomic.STRING) {
            return toText(value);
        }
        if (from == SparkType.Atomic.STRING) {
            String text = ((String) value).trim();
            if (to == SparkType.Atomic.TIMESTAMP) {
                return parseTimestamp(text);
            }
            if (to == SparkType.Atomic.DATE) {
                return LocalDate.parse(text);
            }
            if (to == SparkType.Atomic.BOOLEAN) {
                return switch (text.toLowerCase()) {
                    case "true", "t", "yes", "y", "1" -> true;
                    case "false", "f", "no", "n", "0" -> false;
                    default -> throw new NumberFormatException(text);
                };
            }
            value = Values.isFractional(to) ? (Object) Double.parseDouble(text) : new BigDecimal(text);
            from = Values.isFractional(to) ? SparkType.Atomic.DOUBLE : SparkType.Atomic.LONG;
            if (!Values.isFractional(to) && !(to instanceof SparkType.Decimal)) {
                value = ((BigDecimal) value).setScale(0, RoundingMode.DOWN).longValueExact();
            } else if (to instanceof SparkType.Decimal decimal) {
                return requireFit(DecimalMath.fit((BigDecimal) value, decimal, false), value, decimal, ansi);
            }
        }
        if (from == SparkType.Atomic.BOOLEAN) {
            value = ((Boolean) value) ? 1 : 0;
            from = SparkType.Atomic.INTEGER;
        }
        if (to == SparkType.Atomic.BOOLEAN) {
            return Values.toBigDecimal(value).signum() != 0;
        }
        if (from == SparkType.Atomic.DATE && to == SparkType.Atomic.TIMESTAMP) {
            return Values.startOfDay((LocalDate) value);
        }
        if (from == SparkType.Atomic.TIMESTAMP && to == SparkType.Atomic.DATE) {
            return LocalDate.ofInstant((Instant) value, ZoneOffset.UTC);
        }
        return numeric(value, to, ansi);
    }

    private static Object numeric(Object value, SparkType to, boolean ansi) {
        if (to == SparkType.Atomic.DOUBLE) {
            return ((Number) value).doubleValue();
        }
        if (to == SparkType.Atomic.FLOAT) {
            return ((Number) value).floatValue();
        }
        if (to instanceof SparkType.Decimal decimal) {
            BigDecimal exact = Values.toBigDecimal(value);
            return requireFit(DecimalMath.fit(exact, decimal, false), value, decimal, ansi);
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new ArithmeticException("not finite");
            }
            value = BigDecimal.valueOf(d);
        }
        BigDecimal whole = Values.toBigDecimal(value).setScale(0, RoundingMode.DOWN);
        long bits = switch ((SparkType.Atomic) to) {
            case BYTE -> 8;
            case SHORT -> 16;
            case INTEGER -> 32;
            default -> 64;
        };
        if (whole.toBigInteger().bitLength() >= bits) {
            if (ansi) {
                throw new ReplayRuntimeException("[CAST_OVERFLOW] The value " + value + " of the type cannot be cast to \""
                        + to.typeName().toUpperCase() + "\" due to an overflow.");
            }
            long wrapped = whole.toBigInteger().longValue();
            return narrow(wrapped, to);
        }
        return narrow(whole.longValueExact(), to);
    }

    private static Object narrow(long value, SparkType to) {
        return switch ((SparkType.Atomic) to) {
            case BYTE -> (byte) value;
            case SHORT -> (short) value;
            case INTEGER -> (int) value;
            default -> value;
        };
    }

    private static BigDecimal requireFit(BigDecimal fitted, Object value, SparkType.Decimal type, boolean ansi) {
        if (fitted == null && ansi) {
            throw new ReplayRuntimeException("[NUMERIC_VALUE_OUT_OF_RANGE] " + value + " cannot be represented as Decimal("
                    + type.precision() + ", " + type.scale() + ").");
        }
        return fitted;
    }

    static Instant parseTimestamp(String text) {
        String t = text.replace(' ', 'T');
        try {
            return java.time.OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeParseException e) {
            String local = t.endsWith("Z") ? t.substring(0, t.length() - 1) : t;
            if (local.length() == 10) {
                return LocalDate.parse(local).atStartOfDay(ZoneOffset.UTC).toInstant();
            }
            return LocalDateTime.parse(local).toInstant(ZoneOffset.UTC);
        }
    }

    private static String toText(Object value) {
        if (value instanceof Instant instant) {
            String text = TIMESTAMP_TEXT.format(instant);
            int nanos = instant.getNano();
            if (nanos == 0) {
                return text;
            }
            String fraction = String.format("%06d", nanos / 1000).replaceAll("0+$", "");
            return text + "." + fraction;
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof byte[] bytes) {
            // CAST(binary AS STRING) reads the bytes as UTF-8, malformed sequences replaced, as Spark's UTF8String
            return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        }
        return String.valueOf(value);
    }
}
