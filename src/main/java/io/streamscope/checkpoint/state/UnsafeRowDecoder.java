package io.streamscope.checkpoint.state;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes Spark's UnsafeRow bytes with a known schema: a null bitset of 64-bit words, one 8-byte slot per field,
 * then a variable-length region; all little-endian. Variable-length slots hold {@code (offset << 32) | size}
 * relative to the start of the (nested) row. Arrays are {@code UnsafeArrayData}, maps two arrays. Every offset is
 * checked against the row's bounds: damaged bytes raise {@link UnsafeRowException}, never an index error.
 */
public final class UnsafeRowDecoder {

    /** UnsafeRow's words are little-endian: read whole, not byte by byte. */
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private UnsafeRowDecoder() {
    }

    public static Row decode(byte[] bytes, SparkType.Struct schema) throws UnsafeRowException {
        return decode(bytes, 0, bytes.length, schema);
    }

    public static Row decode(byte[] bytes, int start, int size, SparkType.Struct schema) throws UnsafeRowException {
        return new Reader(bytes, start, start + size).row(start, size, schema);
    }

    /** The value of one field of the row in {@code bytes[from, end)}, its 8-byte slot at {@code slot}. */
    static Object field(byte[] bytes, int from, int end, int slot, SparkType.Field field) throws UnsafeRowException {
        return new Reader(bytes, from, end).value(from, slot, field.type(), field.name());
    }

    static int intAt(byte[] bytes, int at) {
        return (int) INTS.get(bytes, at);
    }

    static long longAt(byte[] bytes, int at) {
        return (long) LONGS.get(bytes, at);
    }

    /** The null bitset's size: whole 64-bit words. */
    static int bitsetBytes(int fields) {
        return ((fields + 63) / 64) * 8;
    }

    /** Bounds-checked little-endian access to one top-level row's bytes. */
    private static final class Reader {
        private final byte[] bytes;
        private final int base;
        private final int end;

        Reader(byte[] bytes, int base, int end) throws UnsafeRowException {
            if (base < 0 || end > bytes.length || base > end) {
                throw new UnsafeRowException(0, "row bounds outside the record");
            }
            this.bytes = bytes;
            this.base = base;
            this.end = end;
        }

        Row row(int start, int size, SparkType.Struct schema) throws UnsafeRowException {
            int fields = schema.size();
            int bitsetBytes = bitsetBytes(fields);
            int fixedEnd = start + bitsetBytes + 8 * fields;
            if (!fits(start, bitsetBytes + 8L * fields) || fixedEnd > start + size) {
                throw new UnsafeRowException(start - base, "the row is " + size + " bytes, too short for " + fields + " fields");
            }
            Object[] values = new Object[fields];
            for (int i = 0; i < fields; i++) {
                if (!isNull(start, i)) {
                    values[i] = value(start, start + bitsetBytes + 8 * i, schema.field(i).type(), schema.field(i).name());
                }
            }
            return Row.adopt(schema, values);
        }

        /** The value in the 8-byte slot at {@code slot}; var-length data is relative to {@code container}. */
        private Object value(int container, int slot, SparkType type, String name) throws UnsafeRowException {
            if (type instanceof SparkType.Atomic atomic) {
                return switch (atomic) {
                    case BOOLEAN -> bytes[slot] != 0;
                    case BYTE -> bytes[slot];
                    case SHORT -> (short) ((bytes[slot] & 0xFF) | (bytes[slot + 1] << 8));
                    case INTEGER -> intAt(slot);
                    case LONG -> longAt(slot);
                    case FLOAT -> Float.intBitsToFloat(intAt(slot));
                    case DOUBLE -> Double.longBitsToDouble(longAt(slot));
                    case DATE -> LocalDate.ofEpochDay(intAt(slot));
                    case TIMESTAMP -> instantOfMicros(longAt(slot));
                    case TIMESTAMP_NTZ -> LocalDateTime.ofInstant(instantOfMicros(longAt(slot)), ZoneOffset.UTC);
                    case STRING -> string(container, slot, name);
                    case BINARY -> Arrays.copyOfRange(bytes, varStart(container, slot, name), varStart(container, slot, name) + varSize(slot));
                    case CALENDAR_INTERVAL -> interval(container, slot, name);
                    case NULL -> null;
                };
            }
            if (type instanceof SparkType.Decimal decimal) {
                if (decimal.fitsInLong()) {
                    return BigDecimal.valueOf(longAt(slot), decimal.scale());
                }
                int from = varStart(container, slot, name);
                int size = varSize(slot);
                if (size == 0 || size > 16) {
                    throw new UnsafeRowException(slot - base, "decimal " + name + " has " + size + " bytes (expected 1–16)");
                }
                return new BigDecimal(new BigInteger(Arrays.copyOfRange(bytes, from, from + size)), decimal.scale());
            }
            if (type instanceof SparkType.Struct struct) {
                return row(varStart(container, slot, name), varSize(slot), struct);
            }
            if (type instanceof SparkType.Array array) {
                return array(varStart(container, slot, name), varSize(slot), array.elementType(), name);
            }
            if (type instanceof SparkType.MapType map) {
                int start = varStart(container, slot, name);
                int size = varSize(slot);
                if (!fits(start, 8)) {
                    throw new UnsafeRowException(start - base, "map " + name + " is truncated");
                }
                long keyBytes = longAt(start);
                if (keyBytes < 0 || keyBytes > size - 8) {
                    throw new UnsafeRowException(start - base, "map " + name + " claims " + keyBytes + " key bytes in " + size);
                }
                List<Object> keys = array(start + 8, (int) keyBytes, map.keyType(), name);
                List<Object> values = array(start + 8 + (int) keyBytes, size - 8 - (int) keyBytes, map.valueType(), name);
                if (keys.size() != values.size()) {
                    throw new UnsafeRowException(start - base, "map " + name + " has " + keys.size() + " keys but " + values.size() + " values");
                }
                return new Row.MapValue(keys, values);
            }
            int from = varStart(container, slot, name);
            return new Row.Raw(Arrays.copyOfRange(bytes, from, from + varSize(slot)));
        }

        private List<Object> array(int start, int size, SparkType elementType, String name) throws UnsafeRowException {
            if (!fits(start, 8)) {
                throw new UnsafeRowException(start - base, "array " + name + " is truncated");
            }
            long count = longAt(start);
            int width = elementWidth(elementType);
            if (count < 0 || count > (size - 8L) / Math.max(1, width) + 1 || count > Integer.MAX_VALUE / 8) {
                throw new UnsafeRowException(start - base, "array " + name + " claims " + count + " elements in " + size + " bytes");
            }
            int n = (int) count;
            int bitset = bitsetBytes(n);
            int elements = start + 8 + bitset;
            if (!fits(elements, (long) n * width)) {
                throw new UnsafeRowException(Math.max(0, elements - base), "array " + name + " is truncated");
            }
            List<Object> values = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                if ((bytes[start + 8 + i / 8] & (1 << (i % 8))) != 0) {
                    values.add(null);
                } else {
                    values.add(element(start, elements + i * width, elementType, name));
                }
            }
            return values;
        }

        private Object element(int array, int at, SparkType type, String name) throws UnsafeRowException {
            if (type instanceof SparkType.Atomic atomic) {
                switch (atomic) {
                    case BOOLEAN: return bytes[at] != 0;
                    case BYTE: return bytes[at];
                    case SHORT: return (short) ((bytes[at] & 0xFF) | (bytes[at + 1] << 8));
                    case INTEGER: return intAt(at);
                    case FLOAT: return Float.intBitsToFloat(intAt(at));
                    case DATE: return LocalDate.ofEpochDay(intAt(at));
                    default: break;
                }
            }
            return value(array, at, type, name);
        }

        private static int elementWidth(SparkType type) {
            if (type instanceof SparkType.Atomic atomic) {
                return switch (atomic) {
                    case BOOLEAN, BYTE, NULL -> 1;
                    case SHORT -> 2;
                    case INTEGER, FLOAT, DATE -> 4;
                    default -> 8;
                };
            }
            return 8;
        }

        private String string(int container, int slot, String name) throws UnsafeRowException {
            int from = varStart(container, slot, name);
            try {
                return StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPLACE)
                        .onUnmappableCharacter(CodingErrorAction.REPLACE)
                        .decode(java.nio.ByteBuffer.wrap(bytes, from, varSize(slot))).toString();
            } catch (CharacterCodingException e) {
                throw new UnsafeRowException(from - base, "string " + name + " is not UTF-8");
            }
        }

        private Row.Interval interval(int container, int slot, String name) throws UnsafeRowException {
            int from = varStart(container, slot, name);
            if (varSize(slot) != 16) {
                throw new UnsafeRowException(slot - base, "interval " + name + " has " + varSize(slot) + " bytes (expected 16)");
            }
            long first = longAt(from);
            return new Row.Interval((int) first, (int) (first >>> 32), longAt(from + 8));
        }

        private int varStart(int container, int slot, String name) throws UnsafeRowException {
            long word = longAt(slot);
            long offset = word >>> 32;
            long size = word & 0xFFFFFFFFL;
            long from = container + offset;
            if (from < base || from + size > end) {
                throw new UnsafeRowException(slot - base, "field " + name + " points at bytes " + (from - base) + "–"
                        + (from - base + size) + ", outside the " + (end - base) + "-byte row");
            }
            return (int) from;
        }

        private int varSize(int slot) {
            return (int) (longAt(slot) & 0xFFFFFFFFL);
        }

        private boolean isNull(int start, int field) {
            return (bytes[start + field / 8] & (1 << (field % 8))) != 0;
        }

        /** Whether {@code length} bytes from {@code from} lie inside the row (messages are built only on failure). */
        private boolean fits(int from, long length) {
            return from >= base && from + length <= end;
        }

        private int intAt(int at) {
            return UnsafeRowDecoder.intAt(bytes, at);
        }

        private long longAt(int at) {
            return UnsafeRowDecoder.longAt(bytes, at);
        }

        private static Instant instantOfMicros(long micros) {
            return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
        }
    }
}
