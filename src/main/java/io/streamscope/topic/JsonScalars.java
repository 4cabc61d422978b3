package io.streamscope.topic;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.streamscope.sparktypes.SparkType;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Optional;

/**
 * One JSON value as an atomic Spark type or a DECIMAL, as Spark 4.0's {@code JacksonParser} converts it for
 * {@link RowDecoder} (the rules are listed there): numbers with Jackson's range checks, the non-numeric strings of
 * FLOAT and DOUBLE, a STRING's exact JSON text, timestamps and dates in the session time zone.
 */
final class JsonScalars {

    private final ZoneId sessionZone;
    private final Clock clock;

    JsonScalars(ZoneId sessionZone, Clock clock) {
        this.sessionZone = sessionZone;
        this.clock = clock;
    }

    /** The value at {@code token} as {@code type}; a value that does not fit is a {@link JsonValueMismatch}. */
    Object atomic(JsonParser parser, JsonToken token, SparkType.Atomic type, byte[] input) throws IOException {
        switch (type) {
            case BOOLEAN:
                if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
                    return token == JsonToken.VALUE_TRUE;
                }
                break;
            case BYTE:
                if (token == JsonToken.VALUE_NUMBER_INT) {
                    return parser.getByteValue();
                }
                break;
            case SHORT:
                if (token == JsonToken.VALUE_NUMBER_INT) {
                    return parser.getShortValue();
                }
                break;
            case INTEGER:
                if (token == JsonToken.VALUE_NUMBER_INT) {
                    return parser.getIntValue();
                }
                break;
            case LONG:
                if (token == JsonToken.VALUE_NUMBER_INT) {
                    return parser.getLongValue();
                }
                break;
            case FLOAT:
                if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
                    return parser.getFloatValue();
                }
                if (token == JsonToken.VALUE_STRING && parser.getTextLength() >= 1) {
                    Double special = nonNumeric(parser.getText());
                    if (special != null) {
                        return special.floatValue();
                    }
                }
                break;
            case DOUBLE:
                if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
                    return parser.getDoubleValue();
                }
                if (token == JsonToken.VALUE_STRING && parser.getTextLength() >= 1) {
                    Double special = nonNumeric(parser.getText());
                    if (special != null) {
                        return special;
                    }
                }
                break;
            case STRING:
                return token == JsonToken.VALUE_STRING ? parser.getText() : exactText(parser, token, input);
            case BINARY:
                if (token == JsonToken.VALUE_STRING) {
                    return parser.getBinaryValue();
                }
                break;
            case TIMESTAMP:
                if (token == JsonToken.VALUE_STRING && parser.getTextLength() >= 1) {
                    String text = parser.getText();
                    Optional<Long> micros = SparkDateTime.stringToTimestamp(text, sessionZone, clock)
                            .or(() -> SparkDateTime.stringToTimestamp(SparkDateTime.cleanLegacy(text), sessionZone, clock));
                    return SparkDateTime.microsToInstant(micros.orElseThrow(() -> new JsonValueMismatch(
                            "cannot parse \"" + text + "\" as a timestamp")));
                }
                if (token == JsonToken.VALUE_NUMBER_INT) {
                    // Epoch seconds; Spark multiplies without an overflow check, and so does this.
                    return SparkDateTime.microsToInstant(parser.getLongValue() * SparkDateTime.MICROS_PER_SECOND);
                }
                break;
            case TIMESTAMP_NTZ:
                if (token == JsonToken.VALUE_STRING && parser.getTextLength() >= 1) {
                    String text = parser.getText();
                    long micros = SparkDateTime.stringToTimestampWithoutTimeZone(text).orElseThrow(() -> new JsonValueMismatch(
                            "cannot parse \"" + text + "\" as a timestamp without time zone"));
                    return SparkDateTime.microsToLocalDateTime(micros);
                }
                break;
            case DATE:
                if (token == JsonToken.VALUE_STRING && parser.getTextLength() >= 1) {
                    return LocalDate.ofEpochDay(parseDate(parser.getText()));
                }
                break;
            case NULL:
                // Spark answers null without skipping the value, so the tokens of an object or array given for a
                // VOID field are read as the enclosing struct's; reproduced as is.
                return null;
            case CALENDAR_INTERVAL:
                break;
        }
        throw JsonValueMismatch.of(parser, token, type);
    }

    private static int parseDate(String text) {
        Optional<Integer> days = SparkDateTime.stringToDate(text)
                .or(() -> SparkDateTime.stringToDate(SparkDateTime.cleanLegacy(text)));
        if (days.isPresent()) {
            return days.get();
        }
        try {
            // Spark 1.5 wrote days since the epoch as text.
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new JsonValueMismatch("cannot parse \"" + text + "\" as a date");
        }
    }

    private static Double nonNumeric(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+INF", "+Infinity", "Infinity" -> Double.POSITIVE_INFINITY;
            case "-INF", "-Infinity" -> Double.NEGATIVE_INFINITY;
            default -> null;
        };
    }

    /** Spark's {@code Decimal.set}: HALF_UP to the scale, then null (an error) when the precision overflows. */
    private static BigDecimal toDecimal(BigDecimal value, SparkType.Decimal type) {
        BigDecimal scaled = value.setScale(type.scale(), RoundingMode.HALF_UP);
        if (scaled.precision() > type.precision()) {
            throw new JsonValueMismatch(value.toPlainString() + " does not fit " + DdlParser.ddlOf(type) + " ("
                    + scaled.precision() + " digits)");
        }
        return scaled;
    }

    /** Spark 4.0 ({@code spark.sql.json.enableExactStringParsing}): the value's JSON text exactly as written. */
    private static String exactText(JsonParser parser, JsonToken token, byte[] input) throws IOException {
        long start = parser.currentTokenLocation().getByteOffset();
        if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
            parser.skipChildren();
        }
        long end = parser.currentLocation().getByteOffset();
        if (start < 0 || end < start || end > input.length) {
            // A non-UTF-8 input (Jackson detected UTF-16/32) has no byte offsets: re-serialize instead.
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (JsonGenerator generator = RowDecoder.FACTORY.createGenerator(out)) {
                generator.copyCurrentStructure(parser);
            }
            return out.toString(StandardCharsets.UTF_8);
        }
        return new String(input, (int) start, (int) (end - start), StandardCharsets.UTF_8);
    }

    /** A DECIMAL(p,s): a number, or a numeric string. */
    static BigDecimal decimal(JsonParser parser, JsonToken token, SparkType.Decimal type) throws IOException {
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
            return toDecimal(parser.getDecimalValue(), type);
        }
        if (token == JsonToken.VALUE_STRING && parser.getTextLength() >= 1) {
            // Spark's decimal parser for the default locale (en-US) drops grouping commas.
            return toDecimal(new BigDecimal(parser.getText().replace(",", "")), type);
        }
        throw JsonValueMismatch.of(parser, token, type);
    }
}
