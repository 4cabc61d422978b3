package io.streamscope.checkpoint.state;

/**
 * How the RocksDB provider stores UnsafeRows: a version byte (0) before each key and value row (and with virtual
 * column families, a little-endian int16 family id before the key's, which {@link StateReader} takes apart).
 */
final class RocksDbEncoding {

    private RocksDbEncoding() {
    }

    /** Where the row starts in {@code length} stored bytes: after the version byte, which leaves a length one past a multiple of 8. */
    static int rowStart(int length) {
        return length > 0 && length % 8 == 1 ? 1 : 0;
    }
}
