package io.streamscope.checkpoint.state;

import io.streamscope.sql.SparkType;

import java.util.HashMap;
import java.util.Map;
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
    private final java.util.Set<String> listStates;
    private final Map<String, FamilyFormats> familyFormats = new HashMap<>();

    /**
     * @param families    transformWithState's column families by name (schema v3), empty for other operators
     * @param familyNames the column family names by id of a partition (from its snapshot zip's metadata)
     * @param listStates  the families that hold list state (several values per key)
     * @param avro        whether the batch's conf says {@code encodingFormat=avro}
     */
    StateRowDecoder(StoreSchema schema, boolean rocksDb, Map<String, ColumnFamilySchema> families,
                    IntFunction<Map<Integer, String>> familyNames, java.util.Set<String> listStates, Misfits misfits, boolean avro) {
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

    StateRow decode(int partition, byte[] key, byte[] value) {
        if (!families.isEmpty()) {
            return decodeColumnFamily(partition, key, value);
        }
        int keyFrom = rocksDb ? RocksDbEncoding.rowStart(key) : 0;
        int valueFrom = rocksDb && value != null ? RocksDbEncoding.rowStart(value) : 0;
        return new StateRow(partition, null, key(partition, key, keyFrom, keyFormat),
                unsafeValue(partition, value, valueFrom, schema.value(), valueFormat));
    }

    /**
     * transformWithState: {@code [int16 LE family id][0x00][key]} (or a scan key), values {@code [0x00][value]} or a
     * list of them; Avro rows may add a schema id.
     */
    private StateRow decodeColumnFamily(int partition, byte[] key, byte[] value) {
        int id = key.length >= 2 ? (key[0] & 0xFF) | (key[1] & 0xFF) << 8 : -1;
        String name = familyNames.apply(partition).getOrDefault(id, "cf" + id);
        FamilyFormats formats = familyFormats.computeIfAbsent(name, n -> FamilyFormats.of(families.get(n), avro, listStates.contains(n)));
        StoredRow keyRow = key(partition, key, Math.min(formats.keyFrom(), key.length), formats.key());
        if (value == null) {
            return new StateRow(partition, name, keyRow, null);
        }
        if (formats.valueFrom() == FamilyFormats.AFTER_VERSION_BYTE) {
            return new StateRow(partition, name, keyRow, unsafeValue(partition, value, RocksDbEncoding.rowStart(value),
                    formats.valueSchema(), formats.value()));
        }
        int valueFrom = Math.min(formats.valueFrom(), value.length);
        return new StateRow(partition, name, keyRow, new StoredRow(value, valueFrom, value.length - valueFrom, formats.value(),
                misfits, partition, "value"));
    }

    private StoredRow key(int partition, byte[] key, int from, RowFormat format) {
        return new StoredRow(key, from, key.length - from, format, misfits, partition, "key");
    }

    private StoredRow unsafeValue(int partition, byte[] value, int from, SparkType.Struct valueSchema, RowFormat format) {
        if (value == null) {
            return null;
        }
        int size = RowCodec.valueSize(value, from);
        return new StoredRow(value, from, size, RowCodec.valueFormat(value, from, size, valueSchema, format), misfits, partition, "value");
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
