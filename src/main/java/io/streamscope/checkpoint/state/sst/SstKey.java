package io.streamscope.checkpoint.state.sst;

import java.util.Arrays;
import java.util.HexFormat;

/** A user key with value equality and RocksDB's bytewise order (unsigned lexicographic). */
public record SstKey(byte[] bytes) implements Comparable<SstKey> {

    @Override
    public boolean equals(Object other) {
        return other instanceof SstKey key && Arrays.equals(bytes, key.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public int compareTo(SstKey other) {
        return Arrays.compareUnsigned(bytes, other.bytes);
    }

    @Override
    public String toString() {
        return HexFormat.of().formatHex(bytes);
    }
}
