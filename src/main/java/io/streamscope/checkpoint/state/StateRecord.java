package io.streamscope.checkpoint.state;

/**
 * One record of a state file: a put ({@code value} set), a delete ({@code value} null), or a merge (RocksDB list
 * state: {@code value} is appended to the key's list).
 */
public record StateRecord(byte[] key, byte[] value, Kind kind) {

    public enum Kind { PUT, DELETE, MERGE }
}
