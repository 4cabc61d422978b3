package io.streamscope.checkpoint.state;

import io.streamscope.sparktypes.SparkType;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Turns one store's stored key/value bytes into rows: UnsafeRow (or Spark 4's Avro) with the store's schema, RocksDB's
 * version byte and transformWithState's column family prefix taken apart. The rows decode when asked; bytes that
 * do not fit the schema are then kept raw and reported, never dropped. Used by one thread at a time.
 */
final class StateRowDecoder {

    /** Where rows that do not fit their schema are reported. */
    interface Misfits {
        void report(int partition, String what, RowFormatException e);
    }

    private final StoreSchema schema;
    private final RowFormat keyFormat;
    private final RowFormat valueFormat;
    private final boolean rocksDb;
    private final Map<String, ColumnFamilySchema> families;
    private final IntFunction<Map<Integer, String>> familyNames;
    private final Misfits misfits;
    private final boolean avro;
    private final Set<String> listStates;
    private final Map<String, FamilyFormats> familyFormats = new HashMap<>();

    /**
     * @param families    transformWithState's column families by name (schema v3), empty for other operators
     * @param familyNames the column family names by id of a partition (from its snapshot zip's metadata)
     * @param listStates  the families that hold list state (several values per key)
     * @param avro        whether the batch's conf says {@code encodingFormat=avro}
     */
    StateRowDecoder(StoreSchema schema, boolean rocksDb, Map<String, ColumnFamilySchema> families,
                    IntFunction<Map<Integer, String>> familyNames, Set<String> listStates, Misfits misfits, boolean avro) {
        this.schema = schema;
        this.keyFormat = RowFormat.unsafeRow(schema.key());
        this.valueFormat = RowFormat.unsafeRow(schema.value());
        this.rocksDb = rocksDb;
        this.families = families;
        this.familyNames = familyNames;
        this.listStates = listStates;
        this.misfits = misfits;
        this.avro = avro;
    }

    /** A row of its own for the key and value (value null for none). */
    StateRow decode(int partition, byte[] key, byte[] value) {
        return decode(emptyRow(), partition, key, 0, key.length, value, 0, value == null ? -1 : value.length);
    }

    /** A row to decode into again and again ({@link #decode(StateRow, int, byte[], int, int, byte[], int, int)}). */
    StateRow emptyRow() {
        return new StateRow(new StoredRow(misfits), new StoredRow(misfits));
    }

    /**
     * Points {@code row} at the key {@code keyBytes[keyAt, keyAt + keyLength)} and the value likewise
     * ({@code valueLength} -1 for none); nothing is copied.
     */
    StateRow decode(StateRow row, int partition, byte[] keyBytes, int keyAt, int keyLength, byte[] valueBytes, int valueAt,
                    int valueLength) {
        if (!families.isEmpty()) {
            return decodeColumnFamily(row, partition, keyBytes, keyAt, keyLength, valueBytes, valueAt, valueLength);
        }
        row.reset(partition, null, valueLength >= 0);
        int keyFrom = rocksDb ? RocksDbEncoding.rowStart(keyLength) : 0;
        key(row, keyBytes, keyAt, keyLength, keyFrom, keyFormat);
        if (valueLength >= 0) {
            unsafeValue(row, valueBytes, valueAt, valueLength, rocksDb ? RocksDbEncoding.rowStart(valueLength) : 0,
                    schema.value(), valueFormat);
        }
        return row;
    }

    /**
     * transformWithState: {@code [int16 LE family id][0x00][key]} (or a scan key), values {@code [0x00][value]} or a
     * list of them; Avro rows may add a schema id.
     */
    private StateRow decodeColumnFamily(StateRow row, int partition, byte[] keyBytes, int keyAt, int keyLength,
                                        byte[] valueBytes, int valueAt, int valueLength) {
        String name = familyName(partition, keyBytes, keyAt, keyLength);
        FamilyFormats formats = familyFormats.computeIfAbsent(name, n -> FamilyFormats.of(families.get(n), avro, listStates.contains(n)));
        row.reset(partition, name, valueLength >= 0);
        key(row, keyBytes, keyAt, keyLength, Math.min(formats.keyFrom(), keyLength), formats.key());
        if (valueLength < 0) {
            return row;
        }
        if (formats.valueFrom() == FamilyFormats.AFTER_VERSION_BYTE) {
            unsafeValue(row, valueBytes, valueAt, valueLength, RocksDbEncoding.rowStart(valueLength), formats.valueSchema(), formats.value());
        } else {
            int valueFrom = Math.min(formats.valueFrom(), valueLength);
            row.storedValue().set(valueBytes, valueAt, valueAt + valueLength, valueAt + valueFrom, valueLength - valueFrom,
                    formats.value(), partition, "value");
        }
        return row;
    }

    private String familyName(int partition, byte[] keyBytes, int keyAt, int keyLength) {
        int id = keyLength >= 2 ? (keyBytes[keyAt] & 0xFF) | (keyBytes[keyAt + 1] & 0xFF) << 8 : -1;
        return familyNames.apply(partition).getOrDefault(id, "cf" + id);
    }

    /** Whether {@code key} is a key of a transformWithState list state (its value holds several elements). */
    boolean isListState(int partition, byte[] key) {
        return !families.isEmpty() && listStates.contains(familyName(partition, key, 0, key.length));
    }

    private void key(StateRow row, byte[] bytes, int at, int length, int from, RowFormat format) {
        row.storedKey().set(bytes, at, at + length, at + from, length - from, format, row.partition(), "key");
    }

    private void unsafeValue(StateRow row, byte[] bytes, int at, int length, int from, SparkType.Struct valueSchema, RowFormat format) {
        int size = RowCodec.valueSize(length - from);
        row.storedValue().set(bytes, at, at + length, at + from, size, RowCodec.valueFormat(bytes, at + from, size, valueSchema, format),
                row.partition(), "value");
    }

    /**
     * How one column family's keys and values are read, and where in the stored bytes they start.
     *
     * @param valueFrom where values start, or {@link #AFTER_VERSION_BYTE} for UnsafeRow values
     */
    private record FamilyFormats(RowFormat key, int keyFrom, RowFormat value, int valueFrom, SparkType.Struct valueSchema) {

        static final int AFTER_VERSION_BYTE = -1;
        private static final int FAMILY_ID_BYTES = 2;

        static FamilyFormats of(ColumnFamilySchema family, boolean avro, boolean list) {
            if (family == null) {
                return new FamilyFormats(RowFormat.RAW, 0, RowFormat.RAW, 0, null);
            }
            KeyEncoderSpec spec;
            try {
                spec = KeyEncoderSpec.parse(family.keyEncoder());
            } catch (java.io.IOException e) {
                RowFormat unreadable = RowFormat.unreadable("the key encoder of column family " + family.name()
                        + " is not understood: " + e.getMessage());
                return new FamilyFormats(unreadable, 0, RowFormat.RAW, 0, null);
            }
            // 4.0 GA writes schema ids and null-first unions; the 4.0 previews wrote neither (nor a version byte on values).
            int ids = family.hasSchemaIds() ? 2 : 0;
            AvroRowDecoder.Unions unions = family.hasSchemaIds() ? AvroRowDecoder.Unions.ALL_NULL_FIRST
                    : AvroRowDecoder.Unions.NULLABLE_VALUE_FIRST;
            SparkType.Struct valueSchema = RowCodec.storedValueSchema(family.value());
            RowFormat key = spec.kind() != KeyEncoderSpec.Kind.NO_PREFIX ? new ScanKeyFormat(family.key(), spec, avro ? unions : null, ids)
                    : avro ? RowFormat.avro(family.key(), unions) : RowFormat.unsafeRow(family.key());
            int keyFrom = spec.kind() != KeyEncoderSpec.Kind.NO_PREFIX ? 0 : FAMILY_ID_BYTES + 1 + (avro ? ids : 0);
            RowFormat element = avro ? RowFormat.avro(valueSchema, unions) : RowFormat.unsafeRow(valueSchema);
            if (list) {
                return new FamilyFormats(key, keyFrom, new ListValueFormat(element, 1 + (avro ? ids : 0)), 0, valueSchema);
            }
            int valueFrom = !avro ? AFTER_VERSION_BYTE : ids > 0 ? 1 + ids : 0;
            return new FamilyFormats(key, keyFrom, element, valueFrom, valueSchema);
        }
    }
}
