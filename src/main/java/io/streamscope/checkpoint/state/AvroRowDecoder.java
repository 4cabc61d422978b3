package io.streamscope.checkpoint.state;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes the Avro binary rows of Spark 4's {@code encodingFormat=avro} state, with the Avro schema Spark derives
 * from a struct: integers zig-zag varints, timestamps micros, decimals fixed-size big-endian, fields as unions with
 * null as {@link Unions} says.
 */
public final class AvroRowDecoder {

    /** How fields become Avro unions with null. */
    public enum Unions {
        /** 4.0 previews ({@code SchemaConverters.toAvroType}): nullable fields are {@code [type, null]}, others plain. */
        NULLABLE_VALUE_FIRST,
        /**
         * 4.0 GA, whose state schemas carry schema ids for evolution: every field is {@code [null, type]} so that
         * it can default to null, whatever its declared nullability.
         */
        ALL_NULL_FIRST
    }

    private static final int MAX_ITEMS = 10_000_000;

    private final byte[] bytes;
    private final int start;
    private final Unions unions;
    private int position;

    private AvroRowDecoder(byte[] bytes, int start, Unions unions) {
        this.bytes = bytes;
        this.start = start;
        this.unions = unions;
        this.position = start;
    }

    /** The record filling {@code bytes} from {@code from} to its end. */
    public static Row decode(byte[] bytes, int from, SparkType.Struct schema, Unions unions) throws RowFormatException {
        AvroRowDecoder decoder = new AvroRowDecoder(bytes, from, unions);
        try {
            Row row = decoder.record(schema);
            if (decoder.position != bytes.length) {
                throw new RowFormatException(decoder.position - from, (bytes.length - decoder.position) + " bytes left after the Avro record");
            }
            return row;
        } catch (ArrayIndexOutOfBoundsException e) {
            throw new RowFormatException(bytes.length - from, "the Avro record is truncated");
        }
    }

    private Row record(SparkType.Struct schema) throws RowFormatException {
        List<Object> values = new ArrayList<>(schema.size());
        for (SparkType.Field field : schema.fields()) {
            values.add(isNull(field.type(), field.nullable(), field.name()) ? null : value(field.type(), field.name()));
        }
        return new Row(schema, values);
    }

    /** Reads the union branch, if the field is a union with null, and says whether it is the null branch. */
    private boolean isNull(SparkType type, boolean nullable, String name) throws RowFormatException {
        boolean union = type != SparkType.Atomic.NULL && (nullable || unions == Unions.ALL_NULL_FIRST);
        if (!union) {
            return false;
        }
        long branch = readLong();
        if (branch != 0 && branch != 1) {
            throw new RowFormatException(position - start, "union branch " + branch + " for field " + name);
        }
        return (branch == 0) == (unions == Unions.ALL_NULL_FIRST);
    }

    private Object value(SparkType type, String name) throws RowFormatException {
        if (type instanceof SparkType.Atomic atomic) {
            return switch (atomic) {
                case BOOLEAN -> bytes[position++] != 0;
                case BYTE -> (byte) readLong();
                case SHORT -> (short) readLong();
                case INTEGER -> (int) readLong();
                case LONG -> readLong();
                case FLOAT -> Float.intBitsToFloat((int) littleEndian(4));
                case DOUBLE -> Double.longBitsToDouble(littleEndian(8));
                case STRING -> new String(readBytes(name), StandardCharsets.UTF_8);
                case BINARY -> readBytes(name);
                case DATE -> LocalDate.ofEpochDay(readLong());
                case TIMESTAMP -> micros(readLong());
                case TIMESTAMP_NTZ -> LocalDateTime.ofInstant(micros(readLong()), ZoneOffset.UTC);
                case NULL -> null;
                case CALENDAR_INTERVAL -> throw new RowFormatException(position - start, "intervals are not stored in Avro state");
            };
        }
        if (type instanceof SparkType.Decimal decimal) {
            int size = fixedSize(decimal.precision());
            byte[] unscaled = Arrays.copyOfRange(bytes, position, position + size);
            position += size;
            return new BigDecimal(new BigInteger(unscaled), decimal.scale());
        }
        if (type instanceof SparkType.Struct struct) {
            return record(struct);
        }
        if (type instanceof SparkType.Array array) {
            List<Object> items = new ArrayList<>();
            for (long count = blockCount(name); count != 0; count = blockCount(name)) {
                for (long i = 0; i < count; i++) {
                    items.add(element(array.elementType(), array.containsNull(), name));
                }
            }
            return items;
        }
        if (type instanceof SparkType.MapType map) {
            List<Object> keys = new ArrayList<>();
            List<Object> values = new ArrayList<>();
            for (long count = blockCount(name); count != 0; count = blockCount(name)) {
                for (long i = 0; i < count; i++) {
                    keys.add(new String(readBytes(name), StandardCharsets.UTF_8));
                    values.add(element(map.valueType(), map.valueContainsNull(), name));
                }
            }
            return new Row.MapValue(keys, values);
        }
        throw new RowFormatException(position - start, "cannot decode " + type.typeName() + " from Avro");
    }

    private Object element(SparkType type, boolean nullable, String name) throws RowFormatException {
        return isNull(type, nullable, name) ? null : value(type, name);
    }

    private long blockCount(String name) throws RowFormatException {
        long count = readLong();
        if (count < 0) {
            readLong(); // the block's byte size, which a reader may use to skip it
            count = -count;
        }
        if (count > MAX_ITEMS) {
            throw new RowFormatException(position - start, "implausible item count " + count + " in " + name);
        }
        return count;
    }

    private byte[] readBytes(String name) throws RowFormatException {
        long length = readLong();
        if (length < 0 || length > bytes.length - position) {
            throw new RowFormatException(position - start, "field " + name + " claims " + length + " bytes, "
                    + (bytes.length - position) + " are left");
        }
        byte[] value = Arrays.copyOfRange(bytes, position, position + (int) length);
        position += (int) length;
        return value;
    }

    private long readLong() throws RowFormatException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = bytes[position++] & 0xFF;
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return (value >>> 1) ^ -(value & 1);
            }
        }
        throw new RowFormatException(position - start, "a varint longer than 10 bytes");
    }

    private long littleEndian(int size) {
        long value = 0;
        for (int i = 0; i < size; i++) {
            value |= (long) (bytes[position + i] & 0xFF) << (8 * i);
        }
        position += size;
        return value;
    }

    /** Bytes of Avro's fixed type for a decimal of this precision ({@code minBytesForPrecision}). */
    static int fixedSize(int precision) {
        int size = 1;
        while (BigInteger.TWO.pow(8 * size - 1).compareTo(BigInteger.TEN.pow(precision)) < 0) {
            size++;
        }
        return size;
    }

    private static Instant micros(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
    }
}
