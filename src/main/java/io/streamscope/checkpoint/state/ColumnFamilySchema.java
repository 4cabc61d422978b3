package io.streamscope.checkpoint.state;

import io.streamscope.sparktypes.SparkType;

/**
 * One column family of a Spark 4 state schema file (v3): a transformWithState state variable or an internal family
 * such as its timers.
 *
 * @param name          the column family ({@code countState}, {@code $procTimers_keyToTimestamp}, …)
 * @param keySchemaId   the schema id written before Avro rows, or -1 when the file carries none (4.0 previews)
 * @param key           key schema
 * @param valueSchemaId likewise for values
 * @param value         value schema
 * @param keyEncoder    the key encoder spec JSON ({@code NoPrefixKeyStateEncoderSpec}, prefix or range scan)
 */
public record ColumnFamilySchema(String name, int keySchemaId, SparkType.Struct key, int valueSchemaId,
                                 SparkType.Struct value, String keyEncoder) {

    public boolean hasSchemaIds() {
        return keySchemaId >= 0;
    }
}
