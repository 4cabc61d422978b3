package io.streamscope.checkpoint.state.sst;

import io.streamscope.checkpoint.state.StateFileException;

import java.util.Arrays;

/**
 * The contents of one block, uncompressed, as {@code table/block_based/block_builder.cc} lays it out:
 * <pre>
 *   entries:  [varint32 shared][varint32 non_shared][varint32 value_length]* [key delta][value]
 *             (*value_length absent in format_version ≥ 4 index blocks with delta-encoded values;
 *              separated-KV data blocks add a varint32 value offset at restart points and keep values apart)
 *   [values section]             only with the separated-KV footer bit
 *   restarts: uint32[num_restarts]
 *   [hash index buckets][uint16 num_buckets]   only with the hash-index footer bit (data blocks)
 *   [uint32 values_section_offset]            only with the separated-KV footer bit
 *   uint32 packed footer: num_restarts | bit 31 hash index | bit 29 uniform keys | bit 28 separated KV
 * </pre>
 * Every offset is checked against the block's bounds; damage is a {@link StateFileException}.
 */
final class Block {

    private static final int HASH_INDEX_BIT = 1 << 31;
    private static final int RESERVED_BIT = 1 << 30;
    private static final int UNIFORM_KEYS_BIT = 1 << 29;
    private static final int SEPARATED_KV_BIT = 1 << 28;
    private static final int MAX_NUM_RESTARTS = (1 << 28) - 1;

    final byte[] data;
    final int size;
    final Bytes.Where where;
    final long fileOffset;
    final String kind;
    final int[] restarts;
    /** Where the key/entry region ends: the restart array, or the values section with separated KV. */
    final int keysEnd;
    /** Where the values section starts, or -1 without separated KV. */
    final int valuesStart;
    /** Where the restart array starts (and the values section ends). */
    final int restartsStart;

    Block(byte[] data, int size, long fileOffset, String kind, Bytes.Where where) throws StateFileException {
        this.data = data;
        this.size = size;
        this.fileOffset = fileOffset;
        this.kind = kind;
        this.where = where;
        Bytes b = new Bytes(data, 0, size, where);
        if (size < 4) {
            throw b.damage(0, "a block of " + size + " bytes is too small to hold its footer");
        }
        int packed = Bytes.le32(data, size - 4);
        boolean hashIndex = (packed & HASH_INDEX_BIT) != 0;
        boolean separated = (packed & SEPARATED_KV_BIT) != 0;
        if ((packed & RESERVED_BIT) != 0) {
            throw b.damage(size - 4, "block footer 0x" + Integer.toHexString(packed) + " uses an unknown feature bit");
        }
        int numRestarts = packed & ~(HASH_INDEX_BIT | UNIFORM_KEYS_BIT | SEPARATED_KV_BIT);
        if (numRestarts > MAX_NUM_RESTARTS) {
            throw b.damage(size - 4, "block footer announces " + numRestarts + " restart points");
        }
        long end = size - 4;
        long values = -1;
        if (separated) {
            if (end < 4) {
                throw b.damage(0, "block too small for its values-section offset");
            }
            end -= 4;
            values = Bytes.le32(data, (int) end) & 0xffffffffL;
        }
        if (hashIndex) {
            if (end < 2) {
                throw b.damage(0, "block too small for its hash index");
            }
            int buckets = Bytes.le16(data, (int) end - 2);
            if (buckets == 0 || buckets + 2L > end) {
                throw b.damage((int) end - 2, "hash index with " + buckets + " buckets does not fit the block");
            }
            end -= 2 + buckets;
        }
        long restartsAt = end - 4L * numRestarts;
        if (restartsAt < 0) {
            throw b.damage(size - 4, numRestarts + " restart points do not fit a block of " + size + " bytes");
        }
        this.restartsStart = (int) restartsAt;
        if (separated && values > restartsAt) {
            throw b.damage((int) end, "values section offset " + values + " lies past the restart array at " + restartsAt);
        }
        this.valuesStart = (int) values;
        this.keysEnd = separated ? (int) values : (int) restartsAt;
        this.restarts = new int[numRestarts];
        long previous = -1;
        for (int i = 0; i < numRestarts; i++) {
            long r = Bytes.le32(data, restartsStart + 4 * i) & 0xffffffffL;
            boolean valid = i == 0 ? r == 0 : r > previous && r < keysEnd;
            if (!valid) {
                throw b.damage(restartsStart + 4 * i, "restart point " + i + " at " + r + " is not a valid entry offset"
                        + " (entries end at " + keysEnd + ")");
            }
            restarts[i] = (int) r;
            previous = r;
        }
        if (numRestarts == 0 && keysEnd != 0) {
            throw b.damage(size - 4, "block has " + keysEnd + " bytes of entries but no restart point");
        }
    }

    /** Iterates the entries in order; {@code indexV4} for index blocks whose values carry no length. */
    Iterator iterator(boolean indexV4) {
        return new Iterator(indexV4);
    }

    @Override
    public String toString() {
        return kind + " at byte " + fileOffset;
    }

    /**
     * Walks the entries. After {@link #next()} returns true, {@link #key()} holds the full key and either
     * {@link #valueStart}/{@link #valueLength} the value (standard entries), or, for index-V4 entries, {@link #pos}
     * points at the value, whose length the caller decodes and passes to {@link #valueConsumed(int)}.
     */
    final class Iterator {
        private final boolean indexV4;
        private final Bytes in;
        private byte[] key = new byte[64];
        private int keyLength;
        private int nextRestart;
        private int valueEnd = -1;
        int entryStart;
        int shared;
        boolean atRestart;
        int valueStart;
        int valueLength;

        private Iterator(boolean indexV4) {
            this.indexV4 = indexV4;
            this.in = new Bytes(data, 0, keysEnd, where);
        }

        boolean next() throws StateFileException {
            if (in.pos >= keysEnd) {
                return false;
            }
            entryStart = in.pos;
            atRestart = nextRestart < restarts.length && restarts[nextRestart] == entryStart;
            if (atRestart) {
                nextRestart++;
            } else if (nextRestart < restarts.length && restarts[nextRestart] < entryStart) {
                throw in.damage(entryStart, "restart point " + nextRestart + " at " + restarts[nextRestart]
                        + " falls inside an entry");
            }
            shared = in.varint32("shared key length");
            int nonShared = in.varint32("key length");
            valueLength = indexV4 ? -1 : in.varint32("value length");
            int valueOffset = valuesStart >= 0 && atRestart ? in.varint32("value offset") : -1;
            if (shared > keyLength) {
                throw in.damage(entryStart, "entry shares " + shared + " key bytes with a previous key of " + keyLength);
            }
            if (atRestart && shared != 0) {
                throw in.damage(entryStart, "entry at a restart point shares " + shared + " key bytes");
            }
            in.need(nonShared, "a key");
            int newLength = shared + nonShared;
            if (newLength > key.length) {
                key = Arrays.copyOf(key, Math.max(newLength, key.length * 2));
            }
            System.arraycopy(data, in.pos, key, shared, nonShared);
            keyLength = newLength;
            in.pos += nonShared;
            if (indexV4) {
                valueStart = in.pos;
            } else if (valuesStart >= 0) {
                long start = valueOffset >= 0 ? (long) valuesStart + valueOffset : valueEnd;
                if (start < valuesStart || start + valueLength > restartsStart) {
                    throw in.damage(entryStart, "value of " + valueLength + " bytes at " + start
                            + " lies outside the values section [" + valuesStart + ", " + restartsStart + ")");
                }
                valueStart = (int) start;
                valueEnd = valueStart + valueLength;
            } else {
                in.need(valueLength, "a value");
                valueStart = in.pos;
                in.pos += valueLength;
            }
            return true;
        }

        /** For index-V4 entries: the caller decoded {@code length} value bytes at {@link #valueStart}. */
        void valueConsumed(int length) {
            valueLength = length;
            in.pos = valueStart + length;
        }

        byte[] keyBuffer() {
            return key;
        }

        int keyLength() {
            return keyLength;
        }

        byte[] key() {
            return Arrays.copyOf(key, keyLength);
        }

        byte[] value() {
            return Arrays.copyOfRange(data, valueStart, valueStart + valueLength);
        }

        /** A decoder over the rest of the entries region from the value on (index values, V4 or not). */
        Bytes valueBytes() {
            int limit = indexV4 ? keysEnd : valueStart + valueLength;
            return new Bytes(data, valueStart, limit, where);
        }
    }
}
