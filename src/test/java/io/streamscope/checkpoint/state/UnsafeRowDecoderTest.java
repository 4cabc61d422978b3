package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.sparktypes.SparkType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * UnsafeRow bytes built by hand from checkpoint-format.md §10 (little-endian null bitset words, 8-byte slots,
 * {@code (offset << 32) | size} for variable-length data relative to the (nested) row, UnsafeArrayData, maps), decoded
 * for every type that can appear in state; malformed rows fail with {@link UnsafeRowException}, never an index error.
 * Then {@link SparkJson}: Spark's {@code to_json} rendering.
 */
class UnsafeRowDecoderTest {

    // ------------------------------------------------------------------------------------------------------------
    // Writers (independent of the decoder): UnsafeRowWriter / UnsafeArrayWriter semantics
    // ------------------------------------------------------------------------------------------------------------

    /** An UnsafeRow under construction. */
    static final class RowWriter {
        private final int fields;
        private final long[] bitset;
        private final long[] slots;
        private final ByteArrayOutputStream variable = new ByteArrayOutputStream();

        RowWriter(int fields) {
            this.fields = fields;
            this.bitset = new long[(fields + 63) / 64];
            this.slots = new long[fields];
        }

        int fixedSize() {
            return bitset.length * 8 + fields * 8;
        }

        RowWriter setNull(int i) {
            bitset[i / 64] |= 1L << (i % 64);
            slots[i] = 0;
            return this;
        }

        RowWriter bool(int i, boolean value) {
            slots[i] = value ? 1 : 0;
            return this;
        }

        RowWriter i8(int i, byte value) {
            slots[i] = value & 0xFFL; // the slot is zeroed, then one byte written
            return this;
        }

        RowWriter i16(int i, short value) {
            slots[i] = value & 0xFFFFL;
            return this;
        }

        RowWriter i32(int i, int value) {
            slots[i] = value & 0xFFFFFFFFL;
            return this;
        }

        RowWriter i64(int i, long value) {
            slots[i] = value;
            return this;
        }

        RowWriter f32(int i, float value) {
            slots[i] = Float.floatToIntBits(value) & 0xFFFFFFFFL;
            return this;
        }

        RowWriter f64(int i, double value) {
            slots[i] = Double.doubleToLongBits(value);
            return this;
        }

        /** Variable-length data, zero-padded to 8 bytes. */
        RowWriter var(int i, byte[] data) {
            int offset = fixedSize() + variable.size();
            slots[i] = ((long) offset << 32) | data.length;
            variable.writeBytes(data);
            variable.writeBytes(new byte[pad(data.length)]);
            return this;
        }

        RowWriter string(int i, String value) {
            return var(i, value.getBytes(StandardCharsets.UTF_8));
        }

        /** Decimal with more than 18 digits: a 16-byte region holding BigInteger.toByteArray() first. */
        RowWriter bigDecimal(int i, BigInteger unscaled) {
            byte[] bytes = unscaled.toByteArray();
            int offset = fixedSize() + variable.size();
            slots[i] = ((long) offset << 32) | bytes.length;
            variable.writeBytes(Arrays.copyOf(bytes, 16));
            return this;
        }

        /** A null decimal with more than 18 digits still reserves its 16 bytes (offset set, size 0, null bit). */
        RowWriter nullBigDecimal(int i) {
            int offset = fixedSize() + variable.size();
            variable.writeBytes(new byte[16]);
            bitset[i / 64] |= 1L << (i % 64);
            slots[i] = (long) offset << 32;
            return this;
        }

        /** A raw slot word (for malformed rows). */
        RowWriter slot(int i, long word) {
            slots[i] = word;
            return this;
        }

        byte[] bytes() {
            ByteBuffer out = ByteBuffer.allocate(fixedSize() + variable.size()).order(ByteOrder.LITTLE_ENDIAN);
            for (long word : bitset) {
                out.putLong(word);
            }
            for (long slot : slots) {
                out.putLong(slot);
            }
            out.put(variable.toByteArray());
            return out.array();
        }
    }

    private static int pad(int length) {
        return (8 - length % 8) % 8;
    }

    private static byte[] header(int count) {
        ByteBuffer header = ByteBuffer.allocate(8 + ((count + 63) / 64) * 8).order(ByteOrder.LITTLE_ENDIAN);
        header.putLong(count);
        return header.array();
    }

    private static void setArrayNull(byte[] array, int index) {
        array[8 + index / 8] |= (byte) (1 << (index % 8));
    }

    /** UnsafeArrayData of ints: [count][bitset][4-byte elements, padded to 8]. */
    static byte[] intArray(Integer... values) {
        byte[] head = header(values.length);
        ByteBuffer elements = ByteBuffer.allocate(values.length * 4 + pad(values.length * 4)).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                setArrayNull(head, i);
                elements.putInt(0);
            } else {
                elements.putInt(values[i]);
            }
        }
        return concat(head, elements.array());
    }

    /** UnsafeArrayData of longs. */
    static byte[] longArray(long... values) {
        ByteBuffer elements = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long value : values) {
            elements.putLong(value);
        }
        return concat(header(values.length), elements.array());
    }

    /** UnsafeArrayData of strings: 8-byte offset/size elements relative to the array's start, then the bytes. */
    static byte[] stringArray(String... values) {
        byte[] head = header(values.length);
        int start = head.length + values.length * 8;
        ByteBuffer slots = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                setArrayNull(head, i);
                slots.putLong(0);
                continue;
            }
            byte[] bytes = values[i].getBytes(StandardCharsets.UTF_8);
            slots.putLong(((long) (start + data.size()) << 32) | bytes.length);
            data.writeBytes(bytes);
            data.writeBytes(new byte[pad(bytes.length)]);
        }
        return concat(head, slots.array(), data.toByteArray());
    }

    /** UnsafeMapData: [int64 key array bytes][key array][value array]. */
    static byte[] map(byte[] keys, byte[] values) {
        return concat(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(keys.length).array(), keys, values);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static SparkType.Field field(String name, SparkType type) {
        return new SparkType.Field(name, type, true);
    }

    private static SparkType.Struct struct(SparkType.Field... fields) {
        return new SparkType.Struct(List.of(fields));
    }

    private static final SparkType.Struct WINDOW = struct(field("start", SparkType.Atomic.TIMESTAMP), field("end", SparkType.Atomic.TIMESTAMP));

    private static Instant micros(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Every type
    // ------------------------------------------------------------------------------------------------------------

    @Test
    void everyAtomicType() throws Exception {
        SparkType.Struct schema = struct(
                field("bool", SparkType.Atomic.BOOLEAN), field("b", SparkType.Atomic.BYTE), field("s", SparkType.Atomic.SHORT),
                field("i", SparkType.Atomic.INTEGER), field("l", SparkType.Atomic.LONG), field("f", SparkType.Atomic.FLOAT),
                field("d", SparkType.Atomic.DOUBLE), field("dec", new SparkType.Decimal(10, 2)),
                field("big", new SparkType.Decimal(38, 4)), field("str", SparkType.Atomic.STRING),
                field("bin", SparkType.Atomic.BINARY), field("day", SparkType.Atomic.DATE), field("ts", SparkType.Atomic.TIMESTAMP),
                field("ntz", SparkType.Atomic.TIMESTAMP_NTZ), field("falseBool", SparkType.Atomic.BOOLEAN));
        BigInteger bigUnscaled = new BigInteger("-123456789012345678901234567890");
        byte[] bytes = new RowWriter(15)
                .bool(0, true).i8(1, (byte) -5).i16(2, (short) -300).i32(3, -123_456).i64(4, Long.MIN_VALUE + 1)
                .f32(5, 1.5f).f64(6, -2.25).i64(7, -12_345).bigDecimal(8, bigUnscaled).string(9, "héllo ✓")
                .var(10, new byte[]{1, 2, 3, (byte) 0xFF}).i32(11, 19_000).i64(12, 15_123_456L).i64(13, 1_641_636_000_000_000L)
                .bool(14, false).bytes();
        Row row = UnsafeRowDecoder.decode(bytes, schema);
        assertEquals(true, row.get("bool"));
        assertEquals((byte) -5, row.get("b"));
        assertEquals((short) -300, row.get("s"));
        assertEquals(-123_456, row.get("i"));
        assertEquals(Long.MIN_VALUE + 1, row.get("l"));
        assertEquals(1.5f, row.get("f"));
        assertEquals(-2.25, row.get("d"));
        assertEquals(0, new BigDecimal("-123.45").compareTo((BigDecimal) row.get("dec")));
        assertEquals(2, ((BigDecimal) row.get("dec")).scale());
        assertEquals(new BigDecimal(bigUnscaled, 4), row.get("big"));
        assertEquals("héllo ✓", row.get("str"));
        assertArrayEquals(new byte[]{1, 2, 3, (byte) 0xFF}, (byte[]) row.get("bin"));
        assertEquals(LocalDate.of(2022, 1, 8), row.get("day"));
        assertEquals(Instant.parse("1970-01-01T00:00:15.123456Z"), row.get("ts"));
        assertEquals(LocalDateTime.of(2022, 1, 8, 10, 0), row.get("ntz"));
        assertEquals(false, row.get("falseBool"));
    }

    @Test
    void decimalsAtTheEdges() throws Exception {
        SparkType.Struct schema = struct(field("max18", new SparkType.Decimal(18, 0)), field("min18", new SparkType.Decimal(18, 6)),
                field("p19", new SparkType.Decimal(19, 0)), field("max38", new SparkType.Decimal(38, 0)),
                field("neg38", new SparkType.Decimal(38, 10)), field("small20", new SparkType.Decimal(20, 0)));
        BigInteger max38 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE); // 127 bits: all 16 bytes used
        BigInteger neg = BigInteger.TEN.pow(37).negate();
        byte[] bytes = new RowWriter(6).i64(0, 999_999_999_999_999_999L).i64(1, -999_999_999_999_999_999L)
                .bigDecimal(2, BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE)).bigDecimal(3, max38)
                .bigDecimal(4, neg).bigDecimal(5, BigInteger.valueOf(20)).bytes();
        Row row = UnsafeRowDecoder.decode(bytes, schema);
        assertEquals(new BigDecimal("999999999999999999"), row.get("max18"));
        assertEquals(new BigDecimal("-999999999999.999999"), row.get("min18"));
        assertEquals(new BigDecimal("9223372036854775808"), row.get("p19"));
        assertEquals(new BigDecimal(max38), row.get("max38"));
        assertEquals(new BigDecimal(neg, 10), row.get("neg38"));
        assertEquals(new BigDecimal(20), row.get("small20"), "the 2.4.5 sum-decimal buffer: one byte 0x14 in a 16-byte region");
    }

    @Test
    void workedExamplesOfTheFormatDocument() throws Exception {
        // key struct<value:int> = 3
        byte[] key = HexFormat.of().parseHex("0000000000000000" + "0300000000000000");
        assertEquals(List.of(3), UnsafeRowDecoder.decode(key, struct(field("value", SparkType.Atomic.INTEGER))).values());
        // dedup EMPTY_ROW: one NullType field, always null
        byte[] empty = HexFormat.of().parseHex("0100000000000000" + "0000000000000000");
        Row dummy = UnsafeRowDecoder.decode(empty, struct(field("__dummy__", SparkType.Atomic.NULL)));
        assertNull(dummy.get("__dummy__"));
        // window key (2.3.1): one field whose slot = offset 16, size 24; nested row = bitset + start + end micros
        ByteBuffer window = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
        window.putLong(0).putLong((16L << 32) | 24).putLong(0).putLong(15_000_000L).putLong(20_000_000L);
        Row row = UnsafeRowDecoder.decode(window.array(), struct(field("window", WINDOW)));
        Row nested = (Row) row.get("window");
        assertEquals(Instant.ofEpochSecond(15), nested.get("start"));
        assertEquals(Instant.ofEpochSecond(20), nested.get("end"));
        // the writer produces the same bytes as the document's layout
        byte[] inner = new RowWriter(2).i64(0, 15_000_000L).i64(1, 20_000_000L).bytes();
        assertArrayEquals(window.array(), new RowWriter(1).var(0, inner).bytes());
    }

    @Test
    void nestedStructsArraysAndMaps() throws Exception {
        SparkType.Struct schema = struct(
                field("window", WINDOW),
                field("ints", new SparkType.Array(SparkType.Atomic.INTEGER, true)),
                field("strings", new SparkType.Array(SparkType.Atomic.STRING, true)),
                field("totals", new SparkType.MapType(SparkType.Atomic.STRING, SparkType.Atomic.LONG, true)),
                field("empty", new SparkType.Array(SparkType.Atomic.LONG, true)),
                field("name", SparkType.Atomic.STRING));
        byte[] window = new RowWriter(2).i64(0, 10_000_000L).i64(1, 15_000_000L).bytes();
        byte[] bytes = new RowWriter(6).var(0, window).var(1, intArray(1, null, 3)).var(2, stringArray("a", null, "héllo wörld"))
                .var(3, map(stringArray("a", "bb"), longArray(1L, -2L))).var(4, longArray()).string(5, "after").bytes();
        Row row = UnsafeRowDecoder.decode(bytes, schema);
        Row nested = (Row) row.get("window");
        assertEquals(Instant.ofEpochSecond(10), nested.get("start"));
        assertEquals(Instant.ofEpochSecond(15), nested.get("end"));
        assertEquals(Arrays.asList(1, null, 3), row.get("ints"));
        assertEquals(Arrays.asList("a", null, "héllo wörld"), row.get("strings"));
        Row.MapValue totals = assertInstanceOf(Row.MapValue.class, row.get("totals"));
        assertEquals(List.of("a", "bb"), totals.keys());
        assertEquals(List.of(1L, -2L), totals.values());
        assertEquals(List.of(), row.get("empty"));
        assertEquals("after", row.get("name"), "the field after the complex ones is found at its own offset");
    }

    @Test
    void arrayOfStructsAndNestedArrays() throws Exception {
        // array<struct<start,end>>: elements are offset/size words relative to the array start
        byte[] first = new RowWriter(2).i64(0, 1_000_000L).i64(1, 2_000_000L).bytes();
        byte[] second = new RowWriter(2).i64(0, 3_000_000L).setNull(1).bytes();
        byte[] head = header(2);
        int start = head.length + 16;
        ByteBuffer slots = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(((long) start << 32) | first.length).putLong(((long) (start + first.length) << 32) | second.length);
        byte[] array = concat(head, slots.array(), first, second);
        SparkType.Struct schema = struct(field("windows", new SparkType.Array(WINDOW, true)));
        Row row = UnsafeRowDecoder.decode(new RowWriter(1).var(0, array).bytes(), schema);
        List<?> windows = (List<?>) row.get("windows");
        assertEquals(Instant.ofEpochSecond(2), ((Row) windows.get(0)).get("end"));
        assertEquals(Instant.ofEpochSecond(3), ((Row) windows.get(1)).get("start"));
        assertNull(((Row) windows.get(1)).get("end"));
    }

    @Test
    void nullsOfEveryKindAndASecondBitsetWord() throws Exception {
        // 70 fields: the null bitset has two 64-bit words; nulls at 0, 63, 64 and 69
        List<SparkType.Field> fields = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            fields.add(field("f" + i, i % 3 == 0 ? SparkType.Atomic.STRING : SparkType.Atomic.LONG));
        }
        RowWriter writer = new RowWriter(70);
        for (int i = 0; i < 70; i++) {
            if (i == 0 || i == 63 || i == 64 || i == 69) {
                writer.setNull(i);
            } else if (i % 3 == 0) {
                writer.string(i, "s" + i);
            } else {
                writer.i64(i, i * 1000L);
            }
        }
        Row row = UnsafeRowDecoder.decode(writer.bytes(), new SparkType.Struct(fields));
        assertEquals(16, writer.bytes().length - writer.variable.size() - 70 * 8, "two bitset words");
        for (int i = 0; i < 70; i++) {
            Object value = row.values().get(i);
            if (i == 0 || i == 63 || i == 64 || i == 69) {
                assertNull(value, "f" + i);
            } else if (i % 3 == 0) {
                assertEquals("s" + i, value);
            } else {
                assertEquals(i * 1000L, value);
            }
        }

        SparkType.Struct typed = struct(field("str", SparkType.Atomic.STRING), field("i", SparkType.Atomic.INTEGER),
                field("big", new SparkType.Decimal(25, 2)), field("w", WINDOW), field("arr", new SparkType.Array(SparkType.Atomic.INTEGER, true)),
                field("m", new SparkType.MapType(SparkType.Atomic.STRING, SparkType.Atomic.LONG, true)), field("ts", SparkType.Atomic.TIMESTAMP),
                field("after", SparkType.Atomic.STRING));
        byte[] bytes = new RowWriter(8).setNull(0).setNull(1).nullBigDecimal(2).setNull(3).setNull(4).setNull(5).setNull(6)
                .string(7, "still here").bytes();
        Row nulls = UnsafeRowDecoder.decode(bytes, typed);
        assertEquals(Arrays.asList(null, null, null, null, null, null, null, "still here"), nulls.values());
    }

    @Test
    void aRowInsideALargerBufferUsesOffsetsRelativeToItsOwnStart() throws Exception {
        // as in RocksDB: a version byte before the row
        byte[] row = new RowWriter(2).string(0, "key-a").i64(1, 7).bytes();
        byte[] stored = concat(new byte[]{0}, row, new byte[]{9, 9, 9});
        Row decoded = UnsafeRowDecoder.decode(stored, 1, row.length, struct(field("k", SparkType.Atomic.STRING), field("n", SparkType.Atomic.LONG)));
        assertEquals(List.of("key-a", 7L), decoded.values());
    }

    // ------------------------------------------------------------------------------------------------------------
    // Malformed rows
    // ------------------------------------------------------------------------------------------------------------

    private static final SparkType.Struct STRING_AND_LONG = struct(field("s", SparkType.Atomic.STRING), field("n", SparkType.Atomic.LONG));

    @Test
    void offsetPointingOutsideTheRow() {
        byte[] bytes = new RowWriter(2).slot(0, (1000L << 32) | 4).i64(1, 1).bytes();
        UnsafeRowException e = assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(bytes, STRING_AND_LONG));
        assertTrue(e.offset() >= 0 && e.offset() <= bytes.length, "offset " + e.offset());
        assertFalse(e.getMessage().isBlank());
    }

    @Test
    void sizeRunningPastTheRow() {
        byte[] bytes = new RowWriter(2).slot(0, (24L << 32) | 0x7FFFFFFFL).i64(1, 1).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(bytes, STRING_AND_LONG));
        byte[] huge = new RowWriter(2).slot(0, 0xFFFFFFFF_FFFFFFFFL).i64(1, 1).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(huge, STRING_AND_LONG));
    }

    @Test
    void rowsTooShortForTheirFields() {
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(new byte[8], STRING_AND_LONG));
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(new byte[0], STRING_AND_LONG));
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(new byte[16], STRING_AND_LONG));
        byte[] row = new RowWriter(2).string(0, "abc").i64(1, 1).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(row, 8, row.length, STRING_AND_LONG),
                "bounds beyond the buffer");
    }

    @Test
    void malformedNestedValues() {
        // nested struct whose size is smaller than its fixed region
        byte[] window = new RowWriter(1).slot(0, (16L << 32) | 8).bytes();
        byte[] padded = concat(window, new byte[24]);
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(padded, struct(field("w", WINDOW))));

        SparkType.Struct ints = struct(field("a", new SparkType.Array(SparkType.Atomic.INTEGER, true)));
        byte[] negativeCount = new RowWriter(1).var(0, ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(-1).array()).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(negativeCount, ints));
        byte[] hugeCount = new RowWriter(1).var(0, ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(Long.MAX_VALUE).array()).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(hugeCount, ints));
        byte[] manyElements = new RowWriter(1).var(0, ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putLong(1_000_000).array()).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(manyElements, ints));
        byte[] truncatedArray = new RowWriter(1).var(0, new byte[4]).bytes();
        byte[] cut = Arrays.copyOf(truncatedArray, truncatedArray.length - 8 + 4);
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(cut, ints));

        SparkType.Struct strings = struct(field("a", new SparkType.Array(SparkType.Atomic.STRING, true)));
        byte[] array = stringArray("abc");
        ByteBuffer.wrap(array, 16, 8).order(ByteOrder.LITTLE_ENDIAN).putLong((500L << 32) | 3); // element points outside
        byte[] badElement = new RowWriter(1).var(0, array).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(badElement, strings));

        SparkType.Struct maps = struct(field("m", new SparkType.MapType(SparkType.Atomic.STRING, SparkType.Atomic.LONG, true)));
        byte[] keys = stringArray("a");
        byte[] lying = map(keys, longArray(1));
        ByteBuffer.wrap(lying, 0, 8).order(ByteOrder.LITTLE_ENDIAN).putLong(10_000);
        byte[] lyingMap = new RowWriter(1).var(0, lying).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(lyingMap, maps));
        byte[] negative = map(keys, longArray(1));
        ByteBuffer.wrap(negative, 0, 8).order(ByteOrder.LITTLE_ENDIAN).putLong(-8);
        byte[] negativeMap = new RowWriter(1).var(0, negative).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(negativeMap, maps));
        byte[] unequal = new RowWriter(1).var(0, map(stringArray("a", "b"), longArray(1))).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(unequal, maps));

        SparkType.Struct bigDecimal = struct(field("d", new SparkType.Decimal(30, 0)));
        byte[] seventeen = new RowWriter(1).var(0, new byte[24]).slot(0, (16L << 32) | 17).bytes();
        assertThrows(UnsafeRowException.class, () -> UnsafeRowDecoder.decode(seventeen, bigDecimal));
    }

    @Test
    void randomDamageNeverEscapesAsAnotherException() throws Exception {
        SparkType.Struct schema = struct(field("window", WINDOW), field("ints", new SparkType.Array(SparkType.Atomic.INTEGER, true)),
                field("strings", new SparkType.Array(SparkType.Atomic.STRING, true)),
                field("totals", new SparkType.MapType(SparkType.Atomic.STRING, SparkType.Atomic.LONG, true)),
                field("big", new SparkType.Decimal(30, 2)), field("name", SparkType.Atomic.STRING), field("day", SparkType.Atomic.DATE),
                field("ts", SparkType.Atomic.TIMESTAMP), field("ntz", SparkType.Atomic.TIMESTAMP_NTZ),
                field("nested", new SparkType.Array(new SparkType.Array(SparkType.Atomic.STRING, true), true)));
        byte[] inner = stringArray("x", "yy");
        byte[] head = header(1);
        byte[] nestedArray = concat(head, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(((long) (head.length + 8) << 32) | inner.length).array(), inner);
        byte[] valid = new RowWriter(10).var(0, new RowWriter(2).i64(0, 1).i64(1, 2).bytes()).var(1, intArray(1, null, 3))
                .var(2, stringArray("a", "b")).var(3, map(stringArray("k"), longArray(5))).bigDecimal(4, BigInteger.TEN.pow(25))
                .string(5, "name").i32(6, 100).i64(7, 5).i64(8, 6).var(9, nestedArray).bytes();
        UnsafeRowDecoder.decode(valid, schema); // the undamaged row decodes
        int decoded = 0;
        int refused = 0;
        List<byte[]> copies = damagedCopies(valid, 7, 20_000);
        for (int round = 0; round < copies.size(); round++) {
            byte[] damaged = copies.get(round);
            try {
                UnsafeRowDecoder.decode(damaged, schema);
                decoded++;
            } catch (UnsafeRowException expected) {
                refused++;
            } catch (RuntimeException e) {
                fail("round " + round + ": " + e + " for " + HexFormat.of().formatHex(damaged), e);
            }
        }
        assertTrue(decoded > 0 && refused > 0, decoded + " decoded, " + refused + " refused");
    }

    /** Copies of {@code valid} with one to three random bytes changed, every tenth also cut short at random. */
    static List<byte[]> damagedCopies(byte[] valid, long seed, int count) {
        Random random = new Random(seed);
        List<byte[]> copies = new ArrayList<>(count);
        for (int round = 0; round < count; round++) {
            byte[] damaged = valid.clone();
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
            }
            copies.add(round % 10 == 0 ? Arrays.copyOf(damaged, random.nextInt(damaged.length)) : damaged);
        }
        return copies;
    }

    // ------------------------------------------------------------------------------------------------------------
    // SparkJson: to_json rendering
    // ------------------------------------------------------------------------------------------------------------

    private static String json(Row row) throws IOException {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = new ObjectMapper().getFactory().createGenerator(text)) {
            SparkJson.writeRow(generator, row);
        }
        return text.toString();
    }

    private static Row row(SparkType.Struct schema, Object... values) {
        return new Row(schema, Arrays.asList(values));
    }

    @Test
    void nullFieldsAreLeftOut() throws IOException {
        SparkType.Struct schema = struct(field("a", SparkType.Atomic.LONG), field("b", SparkType.Atomic.STRING), field("c", WINDOW));
        assertEquals("{\"a\":1}", json(row(schema, 1L, null, null)));
        assertEquals("{}", json(row(struct(field("__dummy__", SparkType.Atomic.NULL)), (Object) null)));
        JsonNode tree = SparkJson.toTree(row(schema, null, "x", row(WINDOW, Instant.ofEpochSecond(15), null)));
        assertEquals("{\"b\":\"x\",\"c\":{\"start\":\"1970-01-01T00:00:15.000Z\"}}", tree.toString());
    }

    @Test
    void decimalsAreNumbers() throws IOException {
        SparkType.Struct schema = struct(field("small", new SparkType.Decimal(10, 2)), field("big", new SparkType.Decimal(38, 4)),
                field("whole", new SparkType.Decimal(20, 0)));
        Row row = row(schema, new BigDecimal("123.40"), new BigDecimal(new BigInteger("-123456789012345678901234567890"), 4),
                new BigDecimal(20));
        assertEquals("{\"small\":123.40,\"big\":-12345678901234567890123456.7890,\"whole\":20}", json(row));
        JsonNode tree = SparkJson.toTree(row);
        assertTrue(tree.path("big").isNumber(), tree.toString());
        assertEquals(0, new BigDecimal("-12345678901234567890123456.789").compareTo(tree.path("big").decimalValue()),
                "no precision lost to a double");
    }

    @Test
    void timestampsAreIsoUtcWithMillis() throws IOException {
        SparkType.Struct schema = struct(field("t", SparkType.Atomic.TIMESTAMP), field("before", SparkType.Atomic.TIMESTAMP),
                field("day", SparkType.Atomic.DATE), field("ntz", SparkType.Atomic.TIMESTAMP_NTZ));
        Row row = row(schema, micros(15_123_456L), micros(-1L), LocalDate.ofEpochDay(19_000), LocalDateTime.of(2022, 1, 8, 10, 0, 5));
        JsonNode tree = SparkJson.toTree(row);
        assertEquals("1970-01-01T00:00:15.123Z", tree.path("t").asText());
        assertEquals("1969-12-31T23:59:59.999Z", tree.path("before").asText());
        assertEquals("2022-01-08", tree.path("day").asText());
        assertTrue(tree.path("ntz").asText().startsWith("2022-01-08T10:00:05"), tree.path("ntz").asText());
        assertFalse(tree.path("ntz").asText().endsWith("Z"), "timestamp_ntz has no zone");
        assertEquals("2026-01-22T09:01:00.000Z", SparkJson.formatTimestamp(Instant.parse("2026-01-22T09:01:00Z")));
    }

    @Test
    void binaryIsBase64() throws IOException {
        SparkType.Struct schema = struct(field("bin", SparkType.Atomic.BINARY));
        byte[] bytes = {1, 2, 3, (byte) 0xFF};
        String base64 = Base64.getEncoder().encodeToString(bytes);
        assertEquals("AQID/w==", base64);
        assertEquals("{\"bin\":\"AQID/w==\"}", json(row(schema, (Object) bytes)));
        assertEquals(base64, SparkJson.toTree(row(schema, (Object) bytes)).path("bin").asText());
    }

    @Test
    void structsArraysMapsAndNumbers() throws Exception {
        SparkType.Struct schema = struct(field("w", WINDOW), field("list", new SparkType.Array(SparkType.Atomic.INTEGER, true)),
                field("m", new SparkType.MapType(SparkType.Atomic.STRING, SparkType.Atomic.LONG, true)),
                field("flag", SparkType.Atomic.BOOLEAN), field("d", SparkType.Atomic.DOUBLE), field("b", SparkType.Atomic.BYTE),
                field("s", SparkType.Atomic.STRING));
        Row row = row(schema, row(WINDOW, Instant.ofEpochSecond(10), Instant.ofEpochSecond(15)), Arrays.asList(1, null, 3),
                new Row.MapValue(List.of("a", "bb"), List.of(1L, 2L)), true, -2.5, (byte) -5, "quote \" and ✓");
        JsonNode tree = SparkJson.toTree(row);
        assertEquals("{\"start\":\"1970-01-01T00:00:10.000Z\",\"end\":\"1970-01-01T00:00:15.000Z\"}", tree.path("w").toString());
        assertEquals("[1,null,3]", tree.path("list").toString());
        assertEquals("{\"a\":1,\"bb\":2}", tree.path("m").toString());
        assertTrue(tree.path("flag").isBoolean() && tree.path("flag").asBoolean());
        assertEquals(-2.5, tree.path("d").asDouble());
        assertEquals(-5, tree.path("b").asInt());
        assertEquals("quote \" and ✓", tree.path("s").asText());
        // a decoded row renders the same way
        byte[] window = new RowWriter(2).i64(0, 10_000_000L).i64(1, 15_000_000L).bytes();
        Row decoded = UnsafeRowDecoder.decode(new RowWriter(1).var(0, window).bytes(), struct(field("w", WINDOW)));
        assertEquals(tree.path("w"), SparkJson.toTree(decoded).path("w"));
    }
}
