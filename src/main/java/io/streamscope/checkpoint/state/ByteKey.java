package io.streamscope.checkpoint.state;

import java.util.Arrays;
import java.util.HexFormat;

/** Key bytes with value equality, in the order Spark's stores keep them: unsigned lexicographic (RocksDB's bytewise). */
public record ByteKey(byte[] bytes) implements Comparable<ByteKey> {

    @Override
    public boolean equals(Object other) {
        return other instanceof ByteKey key && Arrays.equals(bytes, key.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public int compareTo(ByteKey other) {
        return Arrays.compareUnsigned(bytes, other.bytes);
    }

    @Override
    public String toString() {
        return HexFormat.of().formatHex(bytes);
    }
}
