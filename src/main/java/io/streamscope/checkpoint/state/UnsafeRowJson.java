package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.sparktypes.SparkType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes an UnsafeRow of one schema as {@link SparkJson} writes the decoded row, straight from the bytes: the state
 * command streams a million rows without building a row, a boxed number or a string for each. Fixed-width numbers
 * and ASCII strings are written directly, and decimals whose unscaled value is a long's worth as {@code BigDecimal}
 * writes them ({@link JsonBytes#putDecimal}); every other field is decoded by {@link UnsafeRowDecoder} and written by
 * {@link SparkJson}, so there is one rendering of each other type. All offsets are checked before the first byte is
 * written: bytes that do not fit the schema raise {@link UnsafeRowException} and write nothing.
 */
final class UnsafeRowJson {

    /**
     * {@code DECIMAL}: a decimal of up to 18 digits, its unscaled value a long in the field's slot; {@code WIDE_DECIMAL}:
     * of more (a sum's: Spark adds ten digits), its unscaled value big-endian bytes, written from a long where they fit
     * one (as a sum of amounts does), else decoded.
     */
    private enum Kind { BOOLEAN, BYTE, SHORT, INTEGER, LONG, FLOAT, DOUBLE, DECIMAL, WIDE_DECIMAL, STRING, DECODED }

    /** Rows that would take more room than this are written the other way (Jackson's generator grows its own). */
    private static final long MAX_ROOM = 1 << 28;

    private final SparkType.Struct schema;
    private final SerializedString[] names;
    private final Kind[] kinds;
    /** A decimal field's scale. */
    private final int[] scales;
    private final int fixedBytes;
    /**
     * {@code "name":} per field after a brace (the first field written) and after a comma (the others), for
     * {@link #write(JsonBytes, byte[], int, int)}.
     */
    private final byte[][] firstFieldNames;
    private final byte[][] laterFieldNames;
    private final boolean writesBytes;
    /** The most room a row takes but for its strings, and whether it has any ({@link JsonBytes#stringRoom(int)} each). */
    private final long fixedRoom;
    private final boolean hasStrings;

    UnsafeRowJson(SparkType.Struct schema) {
        this.schema = schema;
        int fields = schema.size();
        this.names = new SerializedString[fields];
        this.kinds = new Kind[fields];
        this.scales = new int[fields];
        for (int i = 0; i < fields; i++) {
            names[i] = new SerializedString(schema.field(i).name());
            kinds[i] = kindOf(schema.field(i).type());
            if (kinds[i] == Kind.DECIMAL || kinds[i] == Kind.WIDE_DECIMAL) {
                scales[i] = ((SparkType.Decimal) schema.field(i).type()).scale();
            }
        }
        this.fixedBytes = UnsafeRowDecoder.bitsetBytes(fields) + 8 * fields;
        this.firstFieldNames = new byte[fields][];
        this.laterFieldNames = new byte[fields][];
        boolean decodedFields = false;
        for (int i = 0; i < fields; i++) {
            firstFieldNames[i] = JsonBytes.fieldName('{', schema.field(i).name());
            laterFieldNames[i] = JsonBytes.fieldName(',', schema.field(i).name());
            decodedFields |= kinds[i] == Kind.DECODED;
        }
        this.writesBytes = !decodedFields;
        long room = 2; // an empty row's braces, or the closing one
        boolean strings = false;
        for (int i = 0; i < fields; i++) {
            room += Math.max(firstFieldNames[i].length, laterFieldNames[i].length) + switch (kinds[i]) {
                case BOOLEAN -> JsonBytes.BOOLEAN_ROOM;
                case BYTE, SHORT, INTEGER, LONG -> JsonBytes.LONG_ROOM;
                case FLOAT, DOUBLE -> JsonBytes.NUMBER_TEXT_ROOM;
                case DECIMAL, WIDE_DECIMAL -> JsonBytes.DECIMAL_ROOM;
                case STRING, DECODED -> 0;
            };
            strings |= kinds[i] == Kind.STRING;
        }
        this.fixedRoom = room;
        this.hasStrings = strings;
    }

    /**
     * Writes the row as {@link #write(JsonGenerator, byte[], int, int)} would, byte for byte, when it holds numbers,
     * booleans and ASCII strings only; false when it holds anything else or does not fit the schema, with nothing of
     * it taken (the caller writes the row the other way, which reports a misfit).
     */
    boolean write(JsonBytes out, byte[] bytes, int from, int size) {
        if (!writesBytes || from < 0 || size < 0 || from + size > bytes.length || fixedBytes > size) {
            return false;
        }
        int end = from + size;
        int slots = from + UnsafeRowDecoder.bitsetBytes(kinds.length);
        long room = fixedRoom;
        if (hasStrings) {
            for (int i = 0; i < kinds.length; i++) {
                if (kinds[i] == Kind.STRING && !isNull(bytes, from, i)) {
                    room += JsonBytes.stringRoom(varSize(bytes, slots + 8 * i));
                }
            }
        }
        if (room > MAX_ROOM) {
            return false; // the row the other way
        }
        // the row's room reserved once, its bytes then written without a check per field
        byte[] to = out.room((int) room);
        int at = out.size();
        boolean first = true;
        for (int i = 0; i < kinds.length; i++) {
            if (isNull(bytes, from, i)) {
                continue;
            }
            int slot = slots + 8 * i;
            byte[] name = first ? firstFieldNames[i] : laterFieldNames[i];
            System.arraycopy(name, 0, to, at, name.length);
            at += name.length;
            first = false;
            switch (kinds[i]) {
                case BOOLEAN -> at = JsonBytes.putBoolean(to, at, bytes[slot] != 0);
                case BYTE -> at = JsonBytes.putLong(to, at, bytes[slot]);
                case SHORT -> at = JsonBytes.putLong(to, at, (short) ((bytes[slot] & 0xFF) | (bytes[slot + 1] << 8)));
                case INTEGER -> at = JsonBytes.putLong(to, at, UnsafeRowDecoder.intAt(bytes, slot));
                case LONG -> at = JsonBytes.putLong(to, at, UnsafeRowDecoder.longAt(bytes, slot));
                case FLOAT -> at = JsonBytes.putFloat(to, at, Float.intBitsToFloat(UnsafeRowDecoder.intAt(bytes, slot)));
                case DOUBLE -> at = JsonBytes.putDouble(to, at, Double.longBitsToDouble(UnsafeRowDecoder.longAt(bytes, slot)));
                case DECIMAL -> at = JsonBytes.putDecimal(to, at, UnsafeRowDecoder.longAt(bytes, slot), scales[i]);
                case WIDE_DECIMAL -> {
                    if (!fitsLong(bytes, from, end, slot)) {
                        return false;
                    }
                    at = JsonBytes.putDecimal(to, at, wideAsLong(bytes, from, slot), scales[i]);
                }
                case STRING -> {
                    long word = UnsafeRowDecoder.longAt(bytes, slot);
                    long start = from + (word >>> 32);
                    int length = (int) (word & 0xFFFFFFFFL);
                    if (start + length > end) {
                        return false;
                    }
                    at = JsonBytes.putAsciiString(to, at, bytes, (int) start, length);
                    if (at < 0) {
                        return false;
                    }
                }
                case DECODED -> {
                    return false;
                }
            }
        }
        if (first) {
            to[at++] = '{'; // no field but nulls
        }
        to[at++] = '}';
        out.advanceTo(at);
        return true;
    }

    void write(JsonGenerator json, byte[] bytes, int from, int size) throws IOException, UnsafeRowException {
        if (from < 0 || size < 0 || from + size > bytes.length || fixedBytes > size) {
            throw new UnsafeRowException(0, "the row is " + size + " bytes, too short for " + kinds.length + " fields");
        }
        int end = from + size;
        int slots = from + UnsafeRowDecoder.bitsetBytes(kinds.length);
        Object[] decoded = null;
        for (int i = 0; i < kinds.length; i++) {
            if (isNull(bytes, from, i)) {
                continue;
            }
            int slot = slots + 8 * i;
            if (kinds[i] == Kind.DECODED || kinds[i] == Kind.WIDE_DECIMAL && !fitsLong(bytes, from, end, slot)
                    || kinds[i] == Kind.STRING && !isAscii(bytes, varStart(bytes, from, end, slot, schema.field(i).name()), varSize(bytes, slot))) {
                decoded = decoded == null ? new Object[kinds.length] : decoded;
                decoded[i] = UnsafeRowDecoder.field(bytes, from, end, slot, schema.field(i));
            }
        }
        boolean utf8 = json instanceof UTF8JsonGenerator;
        json.writeStartObject();
        for (int i = 0; i < kinds.length; i++) {
            if (isNull(bytes, from, i) || kinds[i] == Kind.DECODED && decoded[i] == null) {
                continue;
            }
            int slot = slots + 8 * i;
            json.writeFieldName(names[i]);
            switch (kinds[i]) {
                case BOOLEAN -> json.writeBoolean(bytes[slot] != 0);
                case BYTE -> json.writeNumber(bytes[slot]);
                case SHORT -> json.writeNumber((short) ((bytes[slot] & 0xFF) | (bytes[slot + 1] << 8)));
                case INTEGER -> json.writeNumber(UnsafeRowDecoder.intAt(bytes, slot));
                case LONG -> json.writeNumber(UnsafeRowDecoder.longAt(bytes, slot));
                case FLOAT -> json.writeNumber(Float.intBitsToFloat(UnsafeRowDecoder.intAt(bytes, slot)));
                case DOUBLE -> json.writeNumber(Double.longBitsToDouble(UnsafeRowDecoder.longAt(bytes, slot)));
                case DECIMAL -> json.writeNumber(decimalText(UnsafeRowDecoder.longAt(bytes, slot), scales[i]));
                case WIDE_DECIMAL -> {
                    if (decoded != null && decoded[i] != null) {
                        SparkJson.writeValue(json, decoded[i]);
                    } else {
                        json.writeNumber(decimalText(wideAsLong(bytes, from, slot), scales[i]));
                    }
                }
                case STRING -> writeString(json, utf8, bytes, decoded == null ? null : decoded[i], from + (int) (UnsafeRowDecoder.longAt(bytes, slot) >>> 32), varSize(bytes, slot));
                case DECODED -> SparkJson.writeValue(json, decoded[i]);
            }
        }
        json.writeEndObject();
    }

    /** Whether a wide decimal's bytes lie inside the row and hold 1–8 of them: a long's worth. */
    private static boolean fitsLong(byte[] bytes, int from, int end, int slot) {
        long word = UnsafeRowDecoder.longAt(bytes, slot);
        long start = from + (word >>> 32);
        long size = word & 0xFFFFFFFFL;
        return size >= 1 && size <= 8 && start + size <= end;
    }

    /** The unscaled value of a wide decimal that {@link #fitsLong}: its big-endian two's complement bytes. */
    private static long wideAsLong(byte[] bytes, int from, int slot) {
        int start = from + (int) (UnsafeRowDecoder.longAt(bytes, slot) >>> 32);
        int size = varSize(bytes, slot);
        long value = bytes[start]; // its sign, extended
        for (int i = 1; i < size; i++) {
            value = value << 8 | bytes[start + i] & 0xFF;
        }
        return value;
    }

    private static String decimalText(long unscaled, int scale) {
        byte[] text = new byte[JsonBytes.DECIMAL_ROOM];
        return new String(text, 0, JsonBytes.putDecimal(text, 0, unscaled, scale), StandardCharsets.ISO_8859_1);
    }

    private static void writeString(JsonGenerator json, boolean utf8, byte[] bytes, Object decoded, int start, int length) throws IOException {
        if (decoded != null) {
            json.writeString((String) decoded);
        } else if (utf8) {
            json.writeUTF8String(bytes, start, length); // ASCII: valid UTF-8, escaped by the generator like any string
        } else {
            json.writeString(new String(bytes, start, length, StandardCharsets.ISO_8859_1));
        }
    }

    private static Kind kindOf(SparkType type) {
        if (type instanceof SparkType.Atomic atomic) {
            return switch (atomic) {
                case BOOLEAN -> Kind.BOOLEAN;
                case BYTE -> Kind.BYTE;
                case SHORT -> Kind.SHORT;
                case INTEGER -> Kind.INTEGER;
                case LONG -> Kind.LONG;
                case FLOAT -> Kind.FLOAT;
                case DOUBLE -> Kind.DOUBLE;
                case STRING -> Kind.STRING;
                default -> Kind.DECODED;
            };
        }
        if (type instanceof SparkType.Decimal decimal) {
            return decimal.fitsInLong() ? Kind.DECIMAL : Kind.WIDE_DECIMAL;
        }
        return Kind.DECODED;
    }

    private static int varStart(byte[] bytes, int from, int end, int slot, String name) throws UnsafeRowException {
        long word = UnsafeRowDecoder.longAt(bytes, slot);
        long start = from + (word >>> 32);
        if (start + (word & 0xFFFFFFFFL) > end) {
            throw new UnsafeRowException(slot - from, "field " + name + " points at bytes " + (start - from) + "–"
                    + (start - from + (word & 0xFFFFFFFFL)) + ", outside the " + (end - from) + "-byte row");
        }
        return (int) start;
    }

    private static int varSize(byte[] bytes, int slot) {
        return (int) (UnsafeRowDecoder.longAt(bytes, slot) & 0xFFFFFFFFL);
    }

    private static boolean isAscii(byte[] bytes, int start, int length) {
        for (int i = start; i < start + length; i++) {
            if (bytes[i] < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNull(byte[] bytes, int from, int field) {
        return (bytes[from + field / 8] & (1 << (field % 8))) != 0;
    }
}
