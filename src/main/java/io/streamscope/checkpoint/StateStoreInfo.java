package io.streamscope.checkpoint;

import java.util.List;
import java.util.SortedSet;

/**
 * One state store of an operator ({@code default}, or a named store such as {@code left-keyToNumValues}).
 *
 * @param storeName     store name
 * @param numPartitions partitions (from operator metadata, else the partition folders found)
 * @param provider      HDFS or RocksDB, by the files present
 * @param versions      every state version present in any partition (version N+1 = state after batch N)
 * @param schemaFiles   schema files found for this store, oldest first
 */
public record StateStoreInfo(String storeName, int numPartitions, StateProvider provider, SortedSet<Long> versions,
                             List<StateSchemaFile> schemaFiles) {

    public StateStoreInfo {
        versions = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(versions));
        schemaFiles = List.copyOf(schemaFiles);
    }

    /** The newest schema file whose key and value schemas were read. */
    public java.util.Optional<StateSchemaFile> schema() {
        for (int i = schemaFiles.size() - 1; i >= 0; i--) {
            if (schemaFiles.get(i).keySchema() != null) {
                return java.util.Optional.of(schemaFiles.get(i));
            }
        }
        return java.util.Optional.empty();
    }
}
