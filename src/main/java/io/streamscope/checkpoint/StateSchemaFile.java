package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A state schema file found for a store.
 *
 * @param path        relative to the checkpoint
 * @param version     1, 2 or 3 ({@code _stateSchema/} files), or 0 when unreadable
 * @param keySchema   Spark's {@code StructType} JSON of the key, when read (v1 and v2 are read here)
 * @param valueSchema Spark's {@code StructType} JSON of the value, when read
 */
public record StateSchemaFile(String path, int version, JsonNode keySchema, JsonNode valueSchema) {
}
