package io.streamscope.checkpoint.state;

/**
 * How the RocksDB provider stores UnsafeRows: a version byte (0) before each key and value row, and with virtual
 * column families (transformWithState, join format 3) a little-endian int16 column family id before the key.
 */
final class RocksDbEncoding {

    /** Where the key's row starts, and its column family id (null without column families). */
    record Key(Integer columnFamilyId, int rowStart) {
    }

    private RocksDbEncoding() {
    }

    static Key key(byte[] key, boolean columnFamilies) {
        if (columnFamilies && key.length >= 3) {
            int id = (key[0] & 0xFF) | (key[1] & 0xFF) << 8;
            return new Key(id, 3);
        }
        return new Key(null, key.length > 0 ? 1 : 0);
    }

    static int valueRowStart(byte[] value) {
        return value.length > 0 && value.length % 8 == 1 ? 1 : 0;
    }
}
