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
    private final Map<String, FamilyFormats> familyFormats = new HashMap<>();

    /**
     * @param families    transformWithState's column families by name (schema v3), empty for other operators
     * @param familyNames the column family names by id of a partition (from its snapshot zip's metadata)
     * @param avro        whether the batch's conf says {@code encodingFormat=avro}
     */
    StateRowDecoder(StoreSchema schema, boolean rocksDb, Map<String, ColumnFamilySchema> families,
                    IntFunction<Map<Integer, String>> familyNames, Misfits misfits, boolean avro) {
        this.schema = schema;
        this.keyFormat = RowFormat.unsafeRow(schema.key());
        this.valueFormat = RowFormat.unsafeRow(schema.value());
        this.rocksDb = rocksDb;
        this.families = families;
        this.familyNames = familyNames;
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

    /** transformWithState: {@code [int16 LE family id][0x00][key]}, values {@code [0x00][value]}; Avro rows may add a schema id. */
    private StateRow decodeColumnFamily(int partition, byte[] key, byte[] value) {
        int id = key.length >= 2 ? (key[0] & 0xFF) | (key[1] & 0xFF) << 8 : -1;
        String name = familyNames.apply(partition).getOrDefault(id, "cf" + id);
        ColumnFamilySchema family = families.get(name);
        if (family == null || !family.plainKeys()) {
            return new StateRow(partition, name, key(partition, key, 0, RowFormat.RAW),
                    value == null ? null : new StoredRow(value, 0, value.length, RowFormat.RAW, misfits, partition, "value"));
        }
        FamilyFormats formats = familyFormats.computeIfAbsent(name, n -> new FamilyFormats(family, avro));
        if (!avro) {
            return new StateRow(partition, name, key(partition, key, 3, formats.key()),
                    unsafeValue(partition, value, value == null ? 0 : RocksDbEncoding.rowStart(value), formats.valueSchema(), formats.value()));
        }
        int ids = family.hasSchemaIds() ? 2 : 0;
        int valueFrom = family.hasSchemaIds() ? 1 + ids : 0; // 4.0 previews wrote neither version byte nor schema id on values
        return new StateRow(partition, name, key(partition, key, 3 + ids, formats.key()),
                value == null ? null : new StoredRow(value, valueFrom, value.length - valueFrom, formats.value(), misfits, partition, "value"));
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

    /** How one column family's keys and values are read. */
    private record FamilyFormats(RowFormat key, RowFormat value, SparkType.Struct valueSchema) {
        FamilyFormats(ColumnFamilySchema family, boolean avro) {
            this(avro ? RowFormat.avro(family.key()) : RowFormat.unsafeRow(family.key()),
                    avro ? RowFormat.avro(family.value()) : RowFormat.unsafeRow(RowCodec.storedValueSchema(family.value())),
                    RowCodec.storedValueSchema(family.value()));
        }
    }
}
