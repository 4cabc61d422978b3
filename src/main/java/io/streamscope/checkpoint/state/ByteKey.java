package io.streamscope.checkpoint.state;

import java.util.Arrays;

/** Key bytes with value equality and Spark's order for display: unsigned lexicographic. */
record ByteKey(byte[] bytes) implements Comparable<ByteKey> {

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
}
