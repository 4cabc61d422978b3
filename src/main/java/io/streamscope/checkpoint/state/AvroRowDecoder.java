package io.streamscope.checkpoint.state;

import io.streamscope.sql.Row;
import io.streamscope.sql.SparkType;

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
 * from a struct ({@code SchemaConverters.toAvroType}): nullable fields are unions {@code [type, null]}, integers
 * zig-zag varints, timestamps micros, decimals fixed-size big-endian.
 */
public final class AvroRowDecoder {

    private static final int MAX_ITEMS = 10_000_000;

    private final byte[] bytes;
    private final int start;
    private int position;

    private AvroRowDecoder(byte[] bytes, int start) {
        this.bytes = bytes;
        this.start = start;
        this.position = start;
    }

    public static Row decode(byte[] bytes, int from, SparkType.Struct schema) throws RowFormatException {
        AvroRowDecoder decoder = new AvroRowDecoder(bytes, from);
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
            if (field.nullable() && field.type() != SparkType.Atomic.NULL) {
                long branch = readLong();
                if (branch == 1) {
                    values.add(null);
                    continue;
                }
                if (branch != 0) {
                    throw new RowFormatException(position - start, "union branch " + branch + " for field " + field.name());
                }
            }
            values.add(value(field.type(), field.name()));
        }
        return new Row(schema, values);
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
        if (nullable && type != SparkType.Atomic.NULL && readLong() == 1) {
            return null;
        }
        return value(type, name);
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
