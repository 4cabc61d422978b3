package io.streamscope.sparktypes;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.TokenBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;

/**
 * Writes values the way Spark's {@code to_json} does with default options in the UTC session time zone: null struct
 * fields left out, decimals as numbers, timestamps as {@code 2026-01-22T09:01:00.000Z}, dates as {@code 2026-01-22},
 * binary as base64, structs as objects, maps as objects keyed by the key's text.
 */
public final class SparkJson {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX").withZone(ZoneOffset.UTC);
    /** Text needs no object mapper: making one took a state read of a small store 12 ms of its start. */
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final DateTimeFormatter TIMESTAMP_NTZ = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");

    private SparkJson() {
    }

    public static void writeRow(JsonGenerator json, Row row) throws IOException {
        json.writeStartObject();
        for (int i = 0; i < row.schema().size(); i++) {
            Object value = row.values().get(i);
            if (value != null) {
                json.writeFieldName(row.schema().field(i).name());
                writeValue(json, value);
            }
        }
        json.writeEndObject();
    }

    public static void writeValue(JsonGenerator json, Object value) throws IOException {
        if (value == null) {
            json.writeNull();
        } else if (value instanceof Row row) {
            writeRow(json, row);
        } else if (value instanceof Boolean b) {
            json.writeBoolean(b);
        } else if (value instanceof Byte || value instanceof Short || value instanceof Integer) {
            json.writeNumber(((Number) value).intValue());
        } else if (value instanceof Long l) {
            json.writeNumber(l);
        } else if (value instanceof Float f) {
            json.writeNumber(f);
        } else if (value instanceof Double d) {
            json.writeNumber(d);
        } else if (value instanceof BigDecimal d) {
            json.writeNumber(d);
        } else if (value instanceof String s) {
            json.writeString(s);
        } else if (value instanceof byte[] bytes) {
            json.writeBinary(bytes);
        } else if (value instanceof Instant instant) {
            json.writeString(formatTimestamp(instant));
        } else if (value instanceof LocalDateTime local) {
            json.writeString(TIMESTAMP_NTZ.format(local.truncatedTo(ChronoUnit.MILLIS)));
        } else if (value instanceof LocalDate date) {
            json.writeString(date.toString());
        } else if (value instanceof List<?> list) {
            json.writeStartArray();
            for (Object element : list) {
                writeValue(json, element);
            }
            json.writeEndArray();
        } else if (value instanceof Row.MapValue map) {
            json.writeStartObject();
            for (int i = 0; i < map.keys().size(); i++) {
                json.writeFieldName(keyText(map.keys().get(i)));
                writeValue(json, map.values().get(i));
            }
            json.writeEndObject();
        } else if (value instanceof Row.Interval interval) {
            json.writeString(intervalText(interval));
        } else if (value instanceof Row.Raw raw) {
            json.writeString(HexFormat.of().formatHex(raw.bytes()));
        } else {
            throw new IllegalArgumentException("not a Spark value: " + value.getClass().getName());
        }
    }

    public static String formatTimestamp(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < FIRST_FOUR_DIGIT_YEAR || seconds >= FIRST_FIVE_DIGIT_YEAR) {
            return TIMESTAMP.format(instant.truncatedTo(ChronoUnit.MILLIS)); // era and sign rules of "yyyy"
        }
        // What the formatter gives for years 1–9999, without its per-call parsing context (a million rows in a replay).
        LocalDateTime utc = LocalDateTime.ofEpochSecond(seconds, instant.getNano(), ZoneOffset.UTC);
        char[] text = new char[24];
        digits(text, 0, utc.getYear(), 4);
        text[4] = '-';
        digits(text, 5, utc.getMonthValue(), 2);
        text[7] = '-';
        digits(text, 8, utc.getDayOfMonth(), 2);
        text[10] = 'T';
        digits(text, 11, utc.getHour(), 2);
        text[13] = ':';
        digits(text, 14, utc.getMinute(), 2);
        text[16] = ':';
        digits(text, 17, utc.getSecond(), 2);
        text[19] = '.';
        digits(text, 20, utc.getNano() / 1_000_000, 3);
        text[23] = 'Z';
        return new String(text);
    }

    /** 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z in epoch seconds. */
    private static final long FIRST_FOUR_DIGIT_YEAR = -62_135_596_800L;
    private static final long FIRST_FIVE_DIGIT_YEAR = 253_402_300_800L;

    private static void digits(char[] text, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    /**
     * A value (a row, usually) as the text Spark's {@code to_json} / {@code toJSON} gives, decimals with their scale
     * ({@code 37.50}). Written straight to text, not through a tree.
     */
    public static String text(Object value) {
        java.io.StringWriter out = new java.io.StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            writeValue(json, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /**
     * {@link #text} for many values one after the other, through one generator and one buffer, each written into
     * another generator as a raw value: a command printing a million rows would otherwise build a generator, a buffer
     * and a string for each. Not thread-safe.
     */
    public static final class Texts implements AutoCloseable {

        private final Chars buffer = new Chars();
        private final JsonGenerator json;

        public Texts() {
            try {
                json = FACTORY.createGenerator(buffer);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            json.setRootValueSeparator(null);
        }

        /** The same text as {@link SparkJson#text(Object)}. */
        public String of(Object value) {
            render(value);
            String text = new String(buffer.chars(), 0, buffer.size());
            buffer.reset();
            return text;
        }

        /** Writes {@link SparkJson#text(Object) the text} of {@code value} into {@code out} as a raw value. */
        public void writeRawValue(JsonGenerator out, Object value) throws IOException {
            render(value);
            out.writeRawValue(buffer.chars(), 0, buffer.size());
            buffer.reset();
        }

        private void render(Object value) {
            try {
                writeValue(json, value);
                json.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            try {
                json.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The row as a JSON tree, for views and tests. */
    public static JsonNode toTree(Row row) {
        try (TokenBuffer buffer = new TokenBuffer(Trees.MAPPER, false)) {
            writeRow(buffer, row);
            return Trees.MAPPER.readTree(buffer.asParser());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Made on the first {@link #toTree}. */
    private static final class Trees {
        /** Trees keep a decimal's scale ({@code 12.00} stays {@code 12.00}), as Spark prints it. */
        static final ObjectMapper MAPPER = new ObjectMapper()
                .setNodeFactory(com.fasterxml.jackson.databind.node.JsonNodeFactory.withExactBigDecimals(true));
    }

    private static String keyText(Object key) {
        if (key instanceof Instant instant) {
            return formatTimestamp(instant);
        }
        if (key instanceof byte[] bytes) {
            return java.util.Base64.getEncoder().encodeToString(bytes);
        }
        return String.valueOf(key);
    }

    private static String intervalText(Row.Interval interval) {
        return interval.months() + " months " + interval.days() + " days " + interval.microseconds() + " microseconds";
    }

    /** A {@link java.io.CharArrayWriter} that lends its array to its one user, {@link Texts}. */
    private static final class Chars extends java.io.CharArrayWriter {
        char[] chars() {
            return buf;
        }
    }
}
