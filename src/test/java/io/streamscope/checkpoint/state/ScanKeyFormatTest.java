package io.streamscope.checkpoint.state;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import static io.streamscope.checkpoint.state.UnsafeRowDecoderTest.RowWriter;
import static io.streamscope.checkpoint.state.UnsafeRowDecoderTest.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * transformWithState's scan keys and list values, built byte by byte as {@code RocksDBStateEncoder} writes them
 * (checkpoint-format.md §14.4); the real Spark-written ones are checked in {@link TransformWithStateSampleTest}.
 */
class ScanKeyFormatTest {

    private static final byte[] FAMILY = {5, 0};
    private static final SparkType.Struct GROUPING = struct(field("value", SparkType.Atomic.INTEGER));

    @Test
    void rangeKeysPutTheOrderingColumnsBackInSchemaOrder() throws Exception {
        SparkType.Struct schema = struct(field("name", SparkType.Atomic.STRING), field("at", SparkType.Atomic.LONG),
                field("score", SparkType.Atomic.DOUBLE));
        KeyEncoderSpec spec = KeyEncoderSpec.parse("{\"keyStateEncoderType\":\"RangeKeyScanStateEncoderSpec\",\"orderingOrdinals\":[1,2]}");
        byte[] ordering = new RowWriter(2).var(0, ordered((byte) 0, -5L)).var(1, orderedDouble(-2.5)).bytes();
        byte[] rest = new RowWriter(1).string(0, "ann").bytes();
        Row key = (Row) decode(new ScanKeyFormat(schema, spec, null, 0), scanKey(ordering, rest));
        assertEquals("ann", key.get("name"));
        assertEquals(-5L, key.get("at"));
        assertEquals(-2.5, key.get("score"));
    }

    @Test
    void rangeKeyNullMarkerAndNoRemainingColumns() throws Exception {
        SparkType.Struct schema = struct(field("at", SparkType.Atomic.LONG));
        KeyEncoderSpec spec = KeyEncoderSpec.parse("{\"keyStateEncoderType\":\"RangeKeyScanStateEncoderSpec\",\"orderingOrdinals\":[0]}");
        byte[] nullMarker = new byte[9];
        nullMarker[0] = 2;
        Row key = (Row) decode(new ScanKeyFormat(schema, spec, null, 0), scanKey(new RowWriter(1).var(0, nullMarker).bytes(), null));
        assertNull(key.get("at"));
        Row positive = (Row) decode(new ScanKeyFormat(schema, spec, null, 0),
                scanKey(new RowWriter(1).var(0, ordered((byte) 1, 1_796_581_691_479L)).bytes(), null));
        assertEquals(1_796_581_691_479L, positive.get("at"));
    }

    @Test
    void prefixKeysJoinThePrefixAndTheRest() throws Exception {
        SparkType.Struct schema = struct(field("key", GROUPING), field("userKey", struct(field("value", SparkType.Atomic.STRING))));
        KeyEncoderSpec spec = KeyEncoderSpec.parse("{\"keyStateEncoderType\":\"PrefixKeyScanStateEncoderSpec\",\"numColsPrefixKey\":1}");
        byte[] prefix = new RowWriter(1).var(0, new RowWriter(1).i32(0, 2).bytes()).bytes();
        byte[] rest = new RowWriter(1).var(0, new RowWriter(1).string(0, "2026-01-22T09").bytes()).bytes();
        Row key = (Row) decode(new ScanKeyFormat(schema, spec, null, 0), scanKey(prefix, rest));
        assertEquals(2, ((Row) key.get("key")).get("value"));
        assertEquals("2026-01-22T09", ((Row) key.get("userKey")).get("value"));
    }

    @Test
    void damagedScanKeysAreRefusedWithWhere() throws Exception {
        SparkType.Struct schema = struct(field("at", SparkType.Atomic.LONG), field("key", GROUPING));
        KeyEncoderSpec spec = KeyEncoderSpec.parse("{\"keyStateEncoderType\":\"RangeKeyScanStateEncoderSpec\",\"orderingOrdinals\":[0]}");
        ScanKeyFormat format = new ScanKeyFormat(schema, spec, null, 0);
        byte[] good = scanKey(new RowWriter(1).var(0, ordered((byte) 1, 7L)).bytes(), new RowWriter(1).var(0, new RowWriter(1).i32(0, 1).bytes()).bytes());
        assertEquals(7L, ((Row) decode(format, good)).get("at"));
        byte[] claimsTooMuch = good.clone();
        claimsTooMuch[2] = (byte) 0xF0;
        RowFormatException e = assertThrows(RowFormatException.class, () -> decode(format, claimsTooMuch));
        assertEquals(2, e.offset(), e.getMessage());
        assertThrows(RowFormatException.class, () -> decode(format, java.util.Arrays.copyOf(good, 5)));
        byte[] shortOrdering = scanKey(new RowWriter(1).var(0, new byte[]{1, 0, 0}).bytes(), null);
        assertTrue(assertThrows(RowFormatException.class, () -> decode(new ScanKeyFormat(struct(field("at", SparkType.Atomic.LONG)),
                spec, null, 0), shortOrdering)).getMessage().contains("at"));
        assertThrows(java.io.IOException.class, () -> KeyEncoderSpec.parse("{\"keyStateEncoderType\":\"SomethingNew\"}"));
    }

    @Test
    void listValuesAreTheirElementsJoinedByCommas() throws Exception {
        ListValueFormat format = new ListValueFormat(RowFormat.unsafeRow(GROUPING), 1);
        byte[] value = concat(element(new RowWriter(1).i32(0, 111).bytes()), new byte[]{','}, element(new RowWriter(1).i32(0, 114).bytes()));
        List<?> elements = (List<?>) format.decode(value, 0, value.length);
        assertEquals(List.of(111, 114), elements.stream().map(row -> ((Row) row).get("value")).toList());
        assertEquals(List.of(), format.decode(new byte[0], 0, 0));
        byte[] cut = java.util.Arrays.copyOf(value, value.length - 3);
        assertTrue(assertThrows(RowFormatException.class, () -> format.decode(cut, 0, cut.length)).getMessage().contains("list element 1"));
    }

    private static Object decode(RowFormat format, byte[] bytes) throws RowFormatException {
        return format.decode(bytes, 0, bytes.length);
    }

    /** {@code [family][int32 LE length][0x00 ordering/prefix row][0x00 rest row]}. */
    private static byte[] scanKey(byte[] leadingRow, byte[] restRow) {
        byte[] leading = concat(new byte[]{0}, leadingRow);
        byte[] length = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(leading.length).array();
        return restRow == null ? concat(FAMILY, length, leading) : concat(FAMILY, length, leading, new byte[]{0}, restRow);
    }

    private static byte[] element(byte[] row) {
        byte[] stored = concat(new byte[]{0}, row);
        return concat(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(stored.length).array(), stored);
    }

    private static byte[] ordered(byte marker, long value) {
        return ByteBuffer.allocate(9).put(marker).putLong(value).array();
    }

    /** Negative doubles are stored with every bit flipped, so that they sort below the positive ones. */
    private static byte[] orderedDouble(double value) {
        long bits = Double.doubleToRawLongBits(value);
        return value < 0 ? ByteBuffer.allocate(9).put((byte) 0).putLong(~bits).array()
                : ByteBuffer.allocate(9).put((byte) 1).putLong(bits).array();
    }

    private static SparkType.Field field(String name, SparkType type) {
        return new SparkType.Field(name, type, true);
    }

    private static SparkType.Struct struct(SparkType.Field... fields) {
        return new SparkType.Struct(List.of(fields));
    }
}
