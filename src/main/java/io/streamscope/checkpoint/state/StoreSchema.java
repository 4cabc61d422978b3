package io.streamscope.checkpoint.state;

import io.streamscope.sparktypes.SparkType;

/**
 * The key and value schemas a store's rows are decoded with, and where they came from.
 *
 * @param key    the key schema, or null when unknown (rows are then shown as bytes)
 * @param value  the value schema, or null when unknown
 * @param source {@code schema file v2}, {@code supplied}, … for the user
 */
public record StoreSchema(SparkType.Struct key, SparkType.Struct value, String source) {

    public static final StoreSchema UNKNOWN = new StoreSchema(null, null, "none");

    public boolean known() {
        return key != null && value != null;
    }
}
