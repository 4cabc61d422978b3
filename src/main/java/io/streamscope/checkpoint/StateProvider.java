package io.streamscope.checkpoint;

/** The state store provider that wrote a store, judged by its files. */
public enum StateProvider {
    /** {@code HDFSBackedStateStoreProvider}: {@code .delta} and {@code .snapshot} files. */
    HDFS("hdfs"),
    /** {@code RocksDBStateStoreProvider}: {@code .zip}, {@code .changelog}, {@code SSTs/}. */
    ROCKSDB("rocksdb"),
    /** No state file yet. */
    UNKNOWN("unknown");

    private final String label;

    StateProvider(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
