package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;
import io.streamscope.topic.DdlParser;
import io.streamscope.topic.SchemaException;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;

/** Number, timestamp and type-name literals, typed as Spark types them. */
final class Literals {

    private static final DateTimeFormatter LOCAL_TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd")
            .optionalStart().optionalStart().appendLiteral(' ').optionalEnd().optionalStart().appendLiteral('T').optionalEnd()
            .appendPattern("HH:mm")
            .optionalStart().appendPattern(":ss").optionalEnd()
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
            .toFormatter(Locale.ROOT);

    private Literals() {
    }

    /**
     * A number in SQL: {@code 10} int (bigint or decimal when larger), {@code 10.5} decimal(3,1), {@code 1e3} double,
     * and the suffixes {@code L S Y D F BD}.
     */
    static Expr.Literal sqlNumber(Token token) {
        String text = token.value();
        String upper = text.toUpperCase(Locale.ROOT);
        int at = token.start();
        if (upper.endsWith("BD")) {
            return decimal(new BigDecimal(text.substring(0, text.length() - 2)), at);
        }
        char suffix = upper.charAt(upper.length() - 1);
        String digits = Character.isLetter(suffix) ? text.substring(0, text.length() - 1) : text;
        switch (suffix) {
            case 'L' -> {
                return new Expr.Literal(Long.parseLong(digits), SparkType.Atomic.LONG, at);
            }
            case 'S' -> {
                return new Expr.Literal(Short.parseShort(digits), SparkType.Atomic.SHORT, at);
            }
            case 'Y' -> {
                return new Expr.Literal(Byte.parseByte(digits), SparkType.Atomic.BYTE, at);
            }
            case 'D' -> {
                return new Expr.Literal(Double.parseDouble(digits), SparkType.Atomic.DOUBLE, at);
            }
            case 'F' -> {
                return new Expr.Literal(Float.parseFloat(digits), SparkType.Atomic.FLOAT, at);
            }
            default -> {
            }
        }
        if (upper.contains("E")) {
            return new Expr.Literal(Double.parseDouble(text), SparkType.Atomic.DOUBLE, at);
        }
        if (text.contains(".")) {
            return decimal(new BigDecimal(text), at);
        }
        return integral(new BigInteger(text), at, true);
    }

    /**
     * A number in a Python or Scala column expression: whole numbers are int (long when larger), others double, as
     * {@code lit(10)} and {@code lit(10.5)} type them.
     */
    static Expr.Literal hostNumber(Token token) throws NumberFormatException {
        String text = token.value();
        String upper = text.toUpperCase(Locale.ROOT);
        int at = token.start();
        if (upper.endsWith("L")) {
            return new Expr.Literal(Long.parseLong(text.substring(0, text.length() - 1)), SparkType.Atomic.LONG, at);
        }
        if (upper.endsWith("F")) {
            return new Expr.Literal(Float.parseFloat(text.substring(0, text.length() - 1)), SparkType.Atomic.FLOAT, at);
        }
        if (upper.endsWith("D") || text.contains(".") || upper.contains("E")) {
            String digits = upper.endsWith("D") ? text.substring(0, text.length() - 1) : text;
            return new Expr.Literal(Double.parseDouble(digits), SparkType.Atomic.DOUBLE, at);
        }
        return integral(new BigInteger(text), at, false);
    }

    private static Expr.Literal integral(BigInteger value, int at, boolean decimalWhenHuge) {
        if (value.bitLength() < 32) {
            return new Expr.Literal(value.intValue(), SparkType.Atomic.INTEGER, at);
        }
        if (value.bitLength() < 64 || !decimalWhenHuge) {
            return new Expr.Literal(value.longValueExact(), SparkType.Atomic.LONG, at);
        }
        return decimal(new BigDecimal(value), at);
    }

    private static Expr.Literal decimal(BigDecimal value, int at) {
        int scale = Math.max(value.scale(), 0);
        BigDecimal scaled = value.setScale(scale);
        int precision = Math.max(scaled.precision(), scale);
        return new Expr.Literal(scaled, new SparkType.Decimal(Math.max(precision, 1), scale), at);
    }

    /** {@code TIMESTAMP '2026-01-22 09:10:00'}: a local time in the session time zone (UTC), or with an offset. */
    static Instant timestamp(String text) throws DateTimeParseException {
        String trimmed = text.trim();
        try {
            return OffsetDateTime.parse(trimmed.replace(' ', 'T')).toInstant();
        } catch (DateTimeParseException e) {
            if (trimmed.endsWith("Z")) {
                return LocalDateTime.parse(trimmed.substring(0, trimmed.length() - 1), LOCAL_TIMESTAMP).toInstant(ZoneOffset.UTC);
            }
            return LocalDateTime.parse(trimmed, LOCAL_TIMESTAMP).toInstant(ZoneOffset.UTC);
        }
    }

    static LocalDate date(String text) throws DateTimeParseException {
        return LocalDate.parse(text.trim());
    }

    /** A type name as {@code CAST(… AS type)} and {@code .cast("type")} take it: Spark parses it as DDL. */
    static SparkType typeName(String name) {
        try {
            return DdlParser.parseType(name);
        } catch (SchemaException e) {
            throw new IllegalArgumentException("unsupported type \"" + name + "\": " + e.getMessage());
        }
    }
}
