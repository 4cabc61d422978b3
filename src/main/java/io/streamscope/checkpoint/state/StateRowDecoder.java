package io.streamscope.checkpoint.state;

import io.streamscope.sql.Row;
import io.streamscope.sql.SparkType;

import java.util.Map;
import java.util.function.IntFunction;

/**
 * Turns one store's stored key/value bytes into rows: UnsafeRow (or Spark 4's Avro) with the store's schema, RocksDB's
 * version byte and transformWithState's column family prefix taken apart. Bytes that do not fit the schema are kept
 * raw and reported, never dropped.
 */
final class StateRowDecoder {

    /** Where rows that do not fit their schema are reported. */
    interface Misfits {
        void report(int partition, String what, RowFormatException e);
    }

    private final StoreSchema schema;
    private final boolean rocksDb;
    private final Map<String, ColumnFamilySchema> families;
    private final IntFunction<Map<Integer, String>> familyNames;
    private final Misfits misfits;
    private final boolean avro;

    /**
     * @param families    transformWithState's column families by name (schema v3), empty for other operators
     * @param familyNames the column family names by id of a partition (from its snapshot zip's metadata)
     * @param avro        whether the batch's conf says {@code encodingFormat=avro}
     */
    StateRowDecoder(StoreSchema schema, boolean rocksDb, Map<String, ColumnFamilySchema> families,
                    IntFunction<Map<Integer, String>> familyNames, Misfits misfits, boolean avro) {
        this.schema = schema;
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
        return new StateRow(partition, null, key(partition, key, keyFrom, schema.key()),
                value(partition, value, valueFrom, schema.value()));
    }

    /** transformWithState: {@code [int16 LE family id][0x00][key]}, values {@code [0x00][value]}; Avro rows may add a schema id. */
    private StateRow decodeColumnFamily(int partition, byte[] key, byte[] value) {
        int id = key.length >= 2 ? (key[0] & 0xFF) | (key[1] & 0xFF) << 8 : -1;
        String name = familyNames.apply(partition).getOrDefault(id, "cf" + id);
        ColumnFamilySchema family = families.get(name);
        if (family == null || !family.plainKeys()) {
            return new StateRow(partition, name, new Row.Raw(key), value == null ? null : new Row.Raw(value));
        }
        if (!avro) {
            return new StateRow(partition, name, key(partition, key, 3, family.key()),
                    value(partition, value, value == null ? 0 : RocksDbEncoding.rowStart(value), RowCodec.storedValueSchema(family.value())));
        }
        int ids = family.hasSchemaIds() ? 2 : 0;
        int valueFrom = family.hasSchemaIds() ? 1 + ids : 0; // 4.0 previews wrote neither version byte nor schema id on values
        return new StateRow(partition, name, avro(partition, key, 3 + ids, family.key(), "key"),
                value == null ? null : avro(partition, value, valueFrom, family.value(), "value"));
    }

    private Object key(int partition, byte[] key, int from, SparkType.Struct keySchema) {
        try {
            return RowCodec.key(key, from, keySchema);
        } catch (RowFormatException e) {
            misfits.report(partition, "key", e);
            return new Row.Raw(key);
        }
    }

    private Object value(int partition, byte[] value, int from, SparkType.Struct valueSchema) {
        if (value == null) {
            return null;
        }
        try {
            return RowCodec.value(value, from, valueSchema);
        } catch (RowFormatException e) {
            misfits.report(partition, "value", e);
            return new Row.Raw(value);
        }
    }

    private Object avro(int partition, byte[] bytes, int from, SparkType.Struct rowSchema, String what) {
        try {
            return AvroRowDecoder.decode(bytes, from, rowSchema);
        } catch (RowFormatException e) {
            misfits.report(partition, what, e);
            return new Row.Raw(bytes);
        }
    }
}
