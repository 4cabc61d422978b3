package io.streamscope.checkpoint.state;

/**
 * One record of a state file: a put ({@code value} set), a delete ({@code value} null), or a merge (RocksDB list
 * state: {@code value} is appended to the key's list).
 */
public record StateRecord(byte[] key, byte[] value, Kind kind) {

    public enum Kind { PUT, DELETE, MERGE }

    public static StateRecord put(byte[] key, byte[] value) {
        return new StateRecord(key, value, Kind.PUT);
    }

    public static StateRecord delete(byte[] key) {
        return new StateRecord(key, null, Kind.DELETE);
    }
}
