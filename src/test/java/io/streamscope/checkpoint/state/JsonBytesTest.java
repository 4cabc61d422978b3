package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.Json;
import io.streamscope.sparktypes.SparkType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import static io.streamscope.checkpoint.state.UnsafeRowDecoderTest.RowWriter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The state command writes rows of numbers and ASCII text as bytes ({@link JsonBytes}) instead of through Jackson's
 * generator: the text must be Jackson's, byte for byte, for every value, and rows it cannot write must say so.
 */
class JsonBytesTest {

    private static final SparkType.Struct SIMPLE = new SparkType.Struct(List.of(
            field("bool", SparkType.Atomic.BOOLEAN), field("b", SparkType.Atomic.BYTE), field("s", SparkType.Atomic.SHORT),
            field("i", SparkType.Atomic.INTEGER), field("l", SparkType.Atomic.LONG), field("f", SparkType.Atomic.FLOAT),
            field("d", SparkType.Atomic.DOUBLE), field("name", SparkType.Atomic.STRING), field("weird name \"\\\u0001é", SparkType.Atomic.LONG)));

    @Test
    void randomRowsOfEverySimpleTypeAreJacksonsText() throws IOException {
        Random random = new Random(16);
        UnsafeRowJson writer = new UnsafeRowJson(SIMPLE);
        int asBytes = 0;
        for (int round = 0; round < 20_000; round++) {
            RowWriter row = new RowWriter(SIMPLE.size()).bool(0, random.nextBoolean()).i8(1, (byte) random.nextInt())
                    .i16(2, (short) random.nextInt()).i32(3, random.nextInt()).i64(4, random.nextLong())
                    .f32(5, randomFloat(random)).f64(6, randomDouble(random)).string(7, randomAscii(random)).i64(8, random.nextLong());
            for (int field = 0; field < SIMPLE.size(); field++) {
                if (random.nextInt(5) == 0) {
                    row.setNull(field);
                }
            }
            byte[] bytes = row.bytes();
            JsonBytes out = new JsonBytes(16);
            assertTrue(writer.write(out, bytes, 0, bytes.length), "round " + round);
            assertEquals(jackson(writer, bytes), text(out), "round " + round + ": " + HexFormat.of().formatHex(bytes));
            asBytes++;
        }
        assertEquals(20_000, asBytes);
    }

    @Test
    void aRowOfNullsOnlyIsAnEmptyObject() throws IOException {
        UnsafeRowJson writer = new UnsafeRowJson(SIMPLE);
        RowWriter row = new RowWriter(SIMPLE.size());
        for (int field = 0; field < SIMPLE.size(); field++) {
            row.setNull(field);
        }
        byte[] bytes = row.bytes();
        JsonBytes out = new JsonBytes(16);
        assertTrue(writer.write(out, bytes, 0, bytes.length));
        assertEquals("{}", text(out));
        assertEquals(jackson(writer, bytes), text(out));
    }

    /** Each length of number, at both ends: the digit count comes from the binary length and one comparison. */
    @Test
    void longsOfEveryLengthAreJavasDigits() {
        List<Long> numbers = new java.util.ArrayList<>(List.of(0L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1));
        for (long power = 1; power > 0 && power <= Long.MAX_VALUE / 10 * 10; power *= 10) {
            numbers.addAll(List.of(power - 1, power, power + 1, -power, -(power - 1), 2 * power - 1));
        }
        for (int bit = 0; bit < 63; bit++) {
            numbers.addAll(List.of((1L << bit) - 1, 1L << bit, -(1L << bit)));
        }
        Random random = new Random(64);
        for (int i = 0; i < 10_000; i++) {
            numbers.add(random.nextLong() >> random.nextInt(64));
        }
        for (long number : numbers) {
            JsonBytes out = new JsonBytes(1);
            out.writeLong(number);
            assertEquals(Long.toString(number), new String(out.toByteArray(), StandardCharsets.US_ASCII));
            if (number >= 0) {
                assertEquals(Long.toString(number).length(), JsonBytes.digits(number), "digits of " + number);
            }
        }
    }

    /**
     * A decimal of up to 18 digits, written from its unscaled long without a {@code BigDecimal}, is BigDecimal's own
     * text (Jackson's for a decimal) at every scale Spark's decimals have: plain down to an adjusted exponent of -6,
     * scientific below; whatever long the bytes hold, at both ends of a long too.
     */
    @Test
    void decimalsAreBigDecimalsText() {
        List<Long> unscaled = new java.util.ArrayList<>(List.of(0L, 1L, -1L, 9L, 15L, -120L, 3750L, Long.MAX_VALUE, Long.MIN_VALUE,
                999_999_999_999_999_999L, -100_000_000_000_000_000L));
        for (long power = 1; power > 0 && power <= Long.MAX_VALUE / 10; power *= 10) {
            unscaled.addAll(List.of(power, power - 1, -power, power + 7));
        }
        Random random = new Random(18);
        for (int i = 0; i < 5_000; i++) {
            unscaled.add(random.nextLong() >> random.nextInt(64));
        }
        for (long value : unscaled) {
            for (int scale = 0; scale <= 38; scale++) {
                byte[] to = new byte[2 + JsonBytes.DECIMAL_ROOM];
                int end = JsonBytes.putDecimal(to, 2, value, scale); // at an offset, as inside a row
                String expected = java.math.BigDecimal.valueOf(value, scale).toString();
                assertEquals(expected, new String(to, 2, end - 2, StandardCharsets.US_ASCII), value + " at scale " + scale);
            }
        }
    }

    @Test
    void numbersAtTheirEdges() throws IOException {
        UnsafeRowJson writer = new UnsafeRowJson(SIMPLE);
        double[] doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.MIN_VALUE,
                Double.MAX_VALUE, Double.MIN_NORMAL, 1e-7, 1e21, 0.1 + 0.2, 123456789.0, 2e-323, -1.0 / 3};
        float[] floats = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, Float.MIN_VALUE, Float.MAX_VALUE,
                1e-7f, 1e10f, 0.1f, 16777217f};
        long[] longs = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 9, 10, 99, 100, -1_000_000_000_000L};
        for (int i = 0; i < Math.max(doubles.length, Math.max(floats.length, longs.length)); i++) {
            long number = longs[i % longs.length];
            byte[] bytes = new RowWriter(SIMPLE.size()).bool(0, false).i8(1, Byte.MIN_VALUE).i16(2, Short.MIN_VALUE)
                    .i32(3, Integer.MIN_VALUE).i64(4, number).f32(5, floats[i % floats.length]).f64(6, doubles[i % doubles.length])
                    .string(7, "").i64(8, -number).bytes();
            JsonBytes out = new JsonBytes(16);
            assertTrue(writer.write(out, bytes, 0, bytes.length));
            assertEquals(jackson(writer, bytes), text(out));
        }
    }

    @Test
    void everyAsciiCharacterIsEscapedAsJacksonEscapesIt() throws IOException {
        SparkType.Struct schema = new SparkType.Struct(List.of(field("s", SparkType.Atomic.STRING)));
        UnsafeRowJson writer = new UnsafeRowJson(schema);
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 128; c++) {
            all.append(c);
            byte[] bytes = new RowWriter(1).string(0, "<" + c + ">").bytes();
            JsonBytes out = new JsonBytes(4);
            assertTrue(writer.write(out, bytes, 0, bytes.length));
            assertEquals(jackson(writer, bytes), text(out), "character " + (int) c);
        }
        byte[] bytes = new RowWriter(1).string(0, all.toString()).bytes();
        JsonBytes out = new JsonBytes(4);
        assertTrue(writer.write(out, bytes, 0, bytes.length));
        assertEquals(jackson(writer, bytes), text(out));
    }

    @Test
    void aStringsCharactersAreEscapedAsJacksonEscapesThem() throws IOException {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 128; c++) {
            all.append(c);
            assertStringAsJacksonWritesIt("<" + c + ">");
        }
        assertStringAsJacksonWritesIt(all.toString());
        assertStringAsJacksonWritesIt("");
        assertFalse(new JsonBytes(4).writeAsciiString("caf\u00e9"), "not ASCII: Jackson writes it");
    }

    private static void assertStringAsJacksonWritesIt(String text) throws IOException {
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        try (JsonGenerator json = Json.factory().createGenerator(expected)) {
            json.writeString(text);
        }
        JsonBytes out = new JsonBytes(1);
        assertTrue(out.writeAsciiString(text));
        assertEquals(expected.toString(StandardCharsets.UTF_8), text(out), text);
    }

    /** A row's room is reserved once, before its fields are written: a string takes up to six bytes a character. */
    @Test
    void aRowOfStringsEscapedWholeFitsTheRoomReservedForIt() throws IOException {
        UnsafeRowJson writer = new UnsafeRowJson(new SparkType.Struct(List.of(field("n", SparkType.Atomic.LONG),
                field("s", SparkType.Atomic.STRING), field("t", SparkType.Atomic.STRING), field("d", SparkType.Atomic.DOUBLE))));
        byte[] bytes = new RowWriter(4).i64(0, Long.MIN_VALUE).string(1, "\u0001".repeat(300)).string(2, "\u001f\"\\")
                .f64(3, -Double.MAX_VALUE).bytes();
        JsonBytes out = new JsonBytes(1);
        out.write(JsonBytes.fieldName("before"));
        assertTrue(writer.write(out, bytes, 0, bytes.length));
        assertEquals("\"before\":" + jackson(writer, bytes), text(out));
        assertTrue(text(out).contains("\\u0001\\u0001"), text(out));
    }

    @Test
    void rowsItCannotWriteAsBytesAreRefused() {
        UnsafeRowJson strings = new UnsafeRowJson(new SparkType.Struct(List.of(field("s", SparkType.Atomic.STRING))));
        byte[] accented = new RowWriter(1).string(0, "héllo").bytes();
        JsonBytes refused = new JsonBytes(4);
        assertFalse(strings.write(refused, accented, 0, accented.length), "not ASCII: Jackson writes it");
        assertEquals(0, refused.size(), "nothing of a refused row is taken");
        byte[] pointsOutside = accented.clone();
        pointsOutside[8 + 4] = 100; // the string's offset, now past the row's end
        assertFalse(strings.write(new JsonBytes(4), pointsOutside, 0, pointsOutside.length), "damaged: Jackson's way reports it");
        assertFalse(strings.write(new JsonBytes(4), accented, 0, 12), "shorter than its fixed part");
        UnsafeRowJson timestamps = new UnsafeRowJson(new SparkType.Struct(List.of(field("t", SparkType.Atomic.TIMESTAMP))));
        byte[] timestamp = new RowWriter(1).i64(0, 1_000_000).bytes();
        assertFalse(timestamps.write(new JsonBytes(4), timestamp, 0, timestamp.length), "a timestamp is decoded, then written");
    }

    @Test
    void truncateDropsWhatARefusedRowLeft() {
        JsonBytes out = new JsonBytes(1);
        out.write(JsonBytes.fieldName("kept"));
        int mark = out.size();
        assertFalse(out.writeAsciiString("ab\u00e9"));
        out.truncate(mark);
        assertEquals("\"kept\":", text(out));
    }

    private static String jackson(UnsafeRowJson writer, byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = Json.mapper().getFactory().createGenerator(out)) {
            writer.write(json, bytes, 0, bytes.length);
        } catch (UnsafeRowException e) {
            throw new AssertionError(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String text(JsonBytes out) {
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        try {
            out.writeTo(copy);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return copy.toString(StandardCharsets.UTF_8);
    }

    private static String randomAscii(Random random) {
        char[] text = new char[random.nextInt(12)];
        for (int i = 0; i < text.length; i++) {
            text[i] = (char) (random.nextInt(4) == 0 ? random.nextInt(128) : 'a' + random.nextInt(26));
        }
        return new String(text);
    }

    private static double randomDouble(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> Double.longBitsToDouble(random.nextLong()); // any bits: NaNs, subnormals, huge
            case 1 -> random.nextInt(1_000_000) / 100.0;
            case 2 -> random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20);
            default -> random.nextLong();
        };
    }

    private static float randomFloat(Random random) {
        return random.nextBoolean() ? Float.intBitsToFloat(random.nextInt()) : random.nextInt(100_000) / 8.0f;
    }

    private static SparkType.Field field(String name, SparkType type) {
        return new SparkType.Field(name, type, true);
    }
}
