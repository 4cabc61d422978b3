package io.streamscope.checkpoint.state.sst;

import io.streamscope.checkpoint.state.StateFileException;

/**
 * Bounds-checked little-endian and varint decoding over a byte array region, as RocksDB's {@code util/coding.h}
 * encodes them. Every failure is a {@link StateFileException} at a file byte offset: {@link #where} maps positions
 * in the array to the file (exact for bytes read as stored, the block's offset for decompressed blocks).
 */
final class Bytes {

    /** Maps an array position to the file offset reported for damage there, and names the region in messages. */
    interface Where {
        long offsetOf(int position);

        String describe(int position);
    }

    final byte[] buf;
    final int limit;
    final Where where;
    int pos;

    Bytes(byte[] buf, int start, int limit, Where where) {
        this.buf = buf;
        this.pos = start;
        this.limit = limit;
        this.where = where;
    }

    /** A region of file bytes read as stored: array position p is file offset {@code fileOffset + p}. */
    static Where stored(long fileOffset, String what) {
        return new Where() {
            @Override
            public long offsetOf(int position) {
                return fileOffset + position;
            }

            @Override
            public String describe(int position) {
                return what;
            }
        };
    }

    /** A decompressed block: damage is reported at the block's offset, the position inside it in words. */
    static Where decompressed(long blockOffset, String what) {
        return new Where() {
            @Override
            public long offsetOf(int position) {
                return blockOffset;
            }

            @Override
            public String describe(int position) {
                return what + " (byte " + position + " of its decompressed contents)";
            }
        };
    }

    StateFileException damage(int position, String message) {
        return new StateFileException(where.offsetOf(position), where.describe(position) + ": " + message);
    }

    StateFileException damage(String message) {
        return damage(pos, message);
    }

    int remaining() {
        return limit - pos;
    }

    boolean hasRemaining() {
        return pos < limit;
    }

    void need(long n, String what) throws StateFileException {
        if (n < 0 || n > limit - pos) {
            throw damage(what + " needs " + n + " bytes but only " + Math.max(0, limit - pos) + " remain");
        }
    }

    int u8() throws StateFileException {
        need(1, "a byte");
        return buf[pos++] & 0xff;
    }

    int fixed32() throws StateFileException {
        need(4, "a 32-bit integer");
        int v = le32(buf, pos);
        pos += 4;
        return v;
    }

    long fixed64() throws StateFileException {
        need(8, "a 64-bit integer");
        long v = le64(buf, pos);
        pos += 8;
        return v;
    }

    /** A varint32 as an int in [0, 2^31); larger values are damage in every place RocksDB uses them. */
    int varint32(String what) throws StateFileException {
        int start = pos;
        long result = 0;
        for (int shift = 0; shift <= 28; shift += 7) {
            if (pos >= limit) {
                throw damage(start, what + ": varint runs past the end");
            }
            int b = buf[pos++] & 0xff;
            result |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                if (result > Integer.MAX_VALUE) {
                    throw damage(start, what + ": " + result + " is out of range");
                }
                return (int) result;
            }
        }
        throw damage(start, what + ": varint32 longer than 5 bytes");
    }

    /** A varint64 (unsigned; values ≥ 2^63 come back negative and callers refuse them). */
    long varint64(String what) throws StateFileException {
        int start = pos;
        long result = 0;
        for (int shift = 0; shift <= 63; shift += 7) {
            if (pos >= limit) {
                throw damage(start, what + ": varint runs past the end");
            }
            int b = buf[pos++] & 0xff;
            result |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw damage(start, what + ": varint64 longer than 10 bytes");
    }

    /** A zigzag-encoded signed varint64 ({@code PutVarsignedint64}). */
    long varsigned64(String what) throws StateFileException {
        long n = varint64(what);
        return (n >>> 1) ^ -(n & 1);
    }

    /** A block handle: varint64 offset, varint64 size. */
    BlockHandle handle(String what) throws StateFileException {
        int start = pos;
        long offset = varint64(what + " offset");
        long size = varint64(what + " size");
        if (offset < 0 || size < 0) {
            throw damage(start, what + ": offset or size is out of range");
        }
        return new BlockHandle(offset, size);
    }

    static int le16(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
    }

    static int le32(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }

    static long le64(byte[] b, int at) {
        return (le32(b, at) & 0xffffffffL) | (long) le32(b, at + 4) << 32;
    }
}
