package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;

/**
 * One key/value of a state store at a version. The key and value are decoded when first asked for, or written as
 * JSON straight from their bytes. {@link StateReader#forEachRow} hands out one row object again and again.
 */
public final class StateRow {

    private int partition;
    private String columnFamily;
    private final StoredRow key;
    private final StoredRow spareValue;
    private StoredRow value;

    StateRow(StoredRow key, StoredRow value) {
        this.key = key;
        this.spareValue = value;
    }

    /** Makes this the row of {@code partition}; the caller then sets {@link #key} and, if it has one, {@link #value}. */
    StateRow reset(int partition, String columnFamily, boolean hasValue) {
        this.partition = partition;
        this.columnFamily = columnFamily;
        this.value = hasValue ? spareValue : null;
        return this;
    }

    StoredRow storedKey() {
        return key;
    }

    StoredRow storedValue() {
        return spareValue;
    }

    public int partition() {
        return partition;
    }

    /** The column family (transformWithState's state variable), or null for a plain store. */
    public String columnFamily() {
        return columnFamily;
    }

    /**
     * The decoded key: a {@link io.streamscope.sparktypes.Row}, or {@link io.streamscope.sparktypes.Row.Raw} bytes when no schema
     * is known or the bytes do not fit it.
     */
    public Object key() {
        return key.decoded();
    }

    /** The decoded value, likewise; null when the record has none. */
    public Object value() {
        return value == null ? null : value.decoded();
    }

    public boolean hasValue() {
        return value != null;
    }

    /** Writes the key as {@link io.streamscope.sparktypes.SparkJson#writeValue} writes {@link #key()}. */
    public void writeKey(JsonGenerator json) throws IOException {
        key.writeJson(json);
    }

    /**
     * Writes the key as {@link #writeKey(JsonGenerator)} does, when it can without Jackson; false when not (what was
     * written of it is then for the caller to drop): see {@link JsonBytes}.
     */
    public boolean writeKey(JsonBytes out) {
        return key.writeJson(out);
    }

    /** Writes the value likewise, when it can; only when {@link #hasValue()}. */
    public boolean writeValue(JsonBytes out) {
        return value.writeJson(out);
    }

    /** Writes the value likewise; only when {@link #hasValue()}. */
    public void writeValue(JsonGenerator json) throws IOException {
        value.writeJson(json);
    }

    /** See {@link StoredRow#settle()}: the reader calls it once the row has been handed out. */
    void settle() {
        key.settle();
        if (value != null) {
            value.settle();
        }
    }

    @Override
    public String toString() {
        return "StateRow[partition=" + partition + ", columnFamily=" + columnFamily + ", key=" + key() + ", value=" + value() + "]";
    }
}
