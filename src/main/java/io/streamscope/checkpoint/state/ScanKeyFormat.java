package io.streamscope.checkpoint.state;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * transformWithState keys stored for prefix or range scans ({@code PrefixKeyScanStateEncoder},
 * {@code RangeKeyScanStateEncoder}): after the column family id, {@code [int32 LE length][leading part][rest]}.
 * The leading part holds the prefix columns, or the ordering columns each as {@code [marker][big-endian value]}
 * (marker 0 negative, 1 positive, 2 null; negative floats with their bits flipped) so that RocksDB sorts keys by
 * them; the rest holds the other columns. Each part is {@code [0x00][UnsafeRow]}, or with Avro
 * {@code [0x00][Avro]} and {@code [0x00][schema id][Avro]}. The columns are put back in the key schema's order.
 */
final class ScanKeyFormat implements RowFormat {

    private static final int FAMILY_ID_BYTES = 2;
    private static final byte NEGATIVE = 0;
    private static final byte NULL = 2;

    private final SparkType.Struct schema;
    private final KeyEncoderSpec spec;
    private final List<Integer> leading;
    private final List<Integer> remaining;
    private final SparkType.Struct leadingStored;
    private final SparkType.Struct remainingSchema;
    /** null for UnsafeRow parts */
    private final AvroRowDecoder.Unions avro;
    private final int schemaIdBytes;

    ScanKeyFormat(SparkType.Struct schema, KeyEncoderSpec spec, AvroRowDecoder.Unions avro, int schemaIdBytes) {
        this.schema = schema;
        this.spec = spec;
        this.leading = spec.leadingOrdinals(schema);
        this.remaining = spec.remainingOrdinals(schema);
        this.remainingSchema = fields(schema, remaining);
        this.leadingStored = spec.kind() == KeyEncoderSpec.Kind.RANGE_SCAN ? rangeStored(avro != null) : fields(schema, leading);
        this.avro = avro;
        this.schemaIdBytes = schemaIdBytes;
    }

    @Override
    public Object decode(byte[] bytes, int from, int size) throws RowFormatException {
        int end = from + size;
        int lengthAt = from + FAMILY_ID_BYTES;
        if (lengthAt + 4 > end) {
            throw new RowFormatException(0, "the key is " + size + " bytes, too short for a scan key");
        }
        int length = UnsafeRowDecoder.intAt(bytes, lengthAt);
        int leadingFrom = lengthAt + 4;
        if (length < 1 || length > end - leadingFrom) {
            throw new RowFormatException(lengthAt - from, "the scan key's leading part claims " + length + " of "
                    + (end - leadingFrom) + " bytes");
        }
        Object[] values = new Object[schema.size()];
        Row leadingRow = part(bytes, leadingFrom + 1, leadingFrom + length, leadingStored, leadingFrom - from);
        for (int i = 0; i < leading.size(); i++) {
            values[leading.get(i)] = spec.kind() == KeyEncoderSpec.Kind.RANGE_SCAN
                    ? rangeValue(leadingRow, i, schema.field(leading.get(i)), leadingFrom - from)
                    : leadingRow.values().get(i);
        }
        int restFrom = leadingFrom + length;
        if (!remaining.isEmpty()) {
            int rowFrom = restFrom + 1 + (avro == null ? 0 : schemaIdBytes);
            if (rowFrom > end) {
                throw new RowFormatException(restFrom - from, "the scan key ends before its remaining columns");
            }
            Row rest = part(bytes, rowFrom, end, remainingSchema, restFrom - from);
            for (int i = 0; i < remaining.size(); i++) {
                values[remaining.get(i)] = rest.values().get(i);
            }
        }
        return Row.adopt(schema, values);
    }

    private Row part(byte[] bytes, int from, int end, SparkType.Struct partSchema, int offset) throws RowFormatException {
        try {
            return avro == null ? UnsafeRowDecoder.decode(bytes, from, end - from, partSchema)
                    : AvroRowDecoder.decode(Arrays.copyOfRange(bytes, from, end), 0, partSchema, avro);
        } catch (RowFormatException e) {
            throw new RowFormatException(offset + e.offset(), e.getMessage());
        }
    }

    /** The ordering columns as stored: one binary each, or with Avro a binary marker and a binary value each. */
    private SparkType.Struct rangeStored(boolean avroPairs) {
        List<SparkType.Field> fields = new ArrayList<>();
        for (int ordinal : leading) {
            String name = schema.field(ordinal).name();
            if (avroPairs) {
                fields.add(new SparkType.Field(name + "_marker", SparkType.Atomic.BINARY, true));
            }
            fields.add(new SparkType.Field(name, SparkType.Atomic.BINARY, true));
        }
        return new SparkType.Struct(fields);
    }

    /** The value of the {@code index}-th ordering column from its stored marker and big-endian bytes. */
    private Object rangeValue(Row stored, int index, SparkType.Field field, int offset) throws RowFormatException {
        byte[] marker;
        byte[] value;
        int valueFrom;
        if (avro == null) {
            marker = (byte[]) stored.values().get(index);
            value = marker;
            valueFrom = 1;
        } else {
            marker = (byte[]) stored.values().get(2 * index);
            value = (byte[]) stored.values().get(2 * index + 1);
            valueFrom = 0;
        }
        if (marker == null || marker.length == 0) {
            throw new RowFormatException(offset, "ordering column " + field.name() + " has no marker byte");
        }
        if (marker[0] == NULL) {
            return null;
        }
        int width = width(field.type());
        if (value == null || value.length - valueFrom < width) {
            throw new RowFormatException(offset, "ordering column " + field.name() + " is shorter than its " + width + " bytes");
        }
        long bits = 0;
        for (int i = 0; i < width; i++) {
            bits = bits << 8 | (value[valueFrom + i] & 0xFF);
        }
        boolean negative = marker[0] == NEGATIVE;
        return switch ((SparkType.Atomic) field.type()) {
            case BYTE -> (byte) bits;
            case SHORT -> (short) bits;
            case INTEGER -> (int) bits;
            case LONG -> bits;
            case FLOAT -> Float.intBitsToFloat((int) (negative ? ~bits : bits));
            case DOUBLE -> Double.longBitsToDouble(negative ? ~bits : bits);
            default -> throw new IllegalStateException("checked by width()");
        };
    }

    private static int width(SparkType type) throws RowFormatException {
        if (type instanceof SparkType.Atomic atomic) {
            switch (atomic) {
                case BYTE: return 1;
                case SHORT: return 2;
                case INTEGER: case FLOAT: return 4;
                case LONG: case DOUBLE: return 8;
                default: break;
            }
        }
        throw new RowFormatException(0, "Spark orders range-scan keys only by fixed-width numbers, not " + type.typeName());
    }

    private static SparkType.Struct fields(SparkType.Struct schema, List<Integer> ordinals) {
        List<SparkType.Field> fields = new ArrayList<>();
        for (int ordinal : ordinals) {
            fields.add(schema.field(ordinal));
        }
        return new SparkType.Struct(fields);
    }
}
