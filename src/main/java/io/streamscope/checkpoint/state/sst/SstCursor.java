package io.streamscope.checkpoint.state.sst;

import io.streamscope.checkpoint.state.StateFileException;

import java.io.IOException;
import java.util.Arrays;

/**
 * Streams the internal entries of one SST file in file order: user keys ascending (for Spark's bytewise comparator),
 * and for one user key newest first. Holds one index block (two with a partitioned index) and one data block at a
 * time, whatever the file size.
 *
 * <p>For a bytewise-ordered file the order is checked as entries are read: an entry out of order is damage (a merge
 * across files relies on it).
 */
public final class SstCursor {

    private final SstFile file;
    private final BlockHandle rootIndex;
    private final boolean twoLevel;
    private final boolean deltaEncoded;
    private final boolean firstKey;
    private final boolean checkOrder;
    private final long globalSequence;

    private IndexWalker top;
    private IndexWalker partition;
    private Block.Iterator data;
    private Block dataBlock;
    private byte[] previousKey;
    private int previousKeyLength = -1;
    private long previousTrailer;
    private long entries;
    private long dataBlocks;

    SstCursor(SstFile file, BlockHandle rootIndex) {
        this.file = file;
        this.rootIndex = rootIndex;
        SstProperties props = file.properties();
        this.twoLevel = props.indexType() == SstProperties.INDEX_TWO_LEVEL;
        this.deltaEncoded = props.indexValueIsDeltaEncoded();
        this.firstKey = props.indexType() == SstProperties.INDEX_BINARY_SEARCH_WITH_FIRST_KEY;
        this.checkOrder = file.isBytewiseOrdered();
        this.globalSequence = file.globalSequence();
    }

    /** The next entry, or null after the last one. */
    public InternalEntry next() throws IOException, StateFileException {
        while (true) {
            if (data != null && data.next()) {
                return entry();
            }
            BlockHandle next = nextDataBlock();
            if (next == null) {
                data = null;
                return null;
            }
            dataBlock = file.readBlock(next, "data block");
            data = dataBlock.iterator(false);
            dataBlocks++;
        }
    }

    /** How many entries were returned so far. */
    public long entriesRead() {
        return entries;
    }

    /** How many data blocks were read so far. */
    public long dataBlocksRead() {
        return dataBlocks;
    }

    private InternalEntry entry() throws StateFileException {
        int keyLength = data.keyLength();
        byte[] key = data.keyBuffer();
        if (keyLength < 8) {
            throw damage("key of " + keyLength + " bytes is shorter than the 8-byte internal key trailer");
        }
        long trailer = Bytes.le64(key, keyLength - 8);
        int type = (int) (trailer & 0xff);
        if (!isDataType(type)) {
            throw damage("unknown value type 0x" + Integer.toHexString(type));
        }
        if (checkOrder) {
            checkOrder(key, keyLength, trailer);
        }
        long sequence = globalSequence >= 0 ? globalSequence : trailer >>> 8;
        entries++;
        return new InternalEntry(Arrays.copyOf(key, keyLength - 8), sequence, type, data.value());
    }

    private void checkOrder(byte[] key, int keyLength, long trailer) throws StateFileException {
        if (previousKeyLength >= 0) {
            int c = Arrays.compareUnsigned(previousKey, 0, previousKeyLength - 8, key, 0, keyLength - 8);
            if (c > 0 || c == 0 && Long.compareUnsigned(previousTrailer, trailer) <= 0) {
                throw damage("entry out of order: its key does not sort after the previous one");
            }
        }
        if (previousKey == null || previousKey.length < keyLength) {
            previousKey = new byte[Math.max(keyLength, 64)];
        }
        System.arraycopy(key, 0, previousKey, 0, keyLength);
        previousKeyLength = keyLength;
        previousTrailer = trailer;
    }

    private StateFileException damage(String message) {
        return new Bytes(dataBlock.data, 0, dataBlock.size, dataBlock.where).damage(data.entryStart, message);
    }

    private static boolean isDataType(int type) {
        return switch (type) {
            case InternalEntry.TYPE_DELETION, InternalEntry.TYPE_VALUE, InternalEntry.TYPE_MERGE,
                 InternalEntry.TYPE_SINGLE_DELETION, InternalEntry.TYPE_BLOB_INDEX,
                 InternalEntry.TYPE_DELETION_WITH_TIMESTAMP, InternalEntry.TYPE_WIDE_COLUMN_ENTITY,
                 InternalEntry.TYPE_VALUE_PREFERRED_SEQNO -> true;
            default -> false;
        };
    }

    private BlockHandle nextDataBlock() throws IOException, StateFileException {
        if (!twoLevel) {
            if (top == null) {
                top = new IndexWalker(file.readBlock(rootIndex, "index block"));
            }
            return top.next();
        }
        while (true) {
            if (partition != null) {
                BlockHandle handle = partition.next();
                if (handle != null) {
                    return handle;
                }
            }
            if (top == null) {
                top = new IndexWalker(file.readBlock(rootIndex, "top-level index block"));
            }
            BlockHandle part = top.next();
            if (part == null) {
                return null;
            }
            partition = new IndexWalker(file.readBlock(part, "index partition"));
        }
    }

    /**
     * Walks the block handles of an index block. Values are a block handle (varint64 offset, size), optionally
     * followed by the block's first key (length-prefixed, index type 3). With delta encoding (format_version ≥ 4,
     * property {@code rocksdb.index.value.is.delta.encoded}) the value length is not stored, and an entry whose key
     * shares bytes with the previous one stores only the signed size difference; its block follows the previous
     * block and its trailer.
     */
    private final class IndexWalker {
        private final Block block;
        private final Block.Iterator it;
        private BlockHandle previous;

        IndexWalker(Block block) {
            this.block = block;
            this.it = block.iterator(deltaEncoded);
        }

        BlockHandle next() throws StateFileException {
            if (!it.next()) {
                return null;
            }
            Bytes v = it.valueBytes();
            int start = v.pos;
            BlockHandle handle;
            if (deltaEncoded && it.shared != 0) {
                if (previous == null) {
                    throw v.damage(it.entryStart, "delta-encoded index entry without a previous block handle");
                }
                long delta = v.varsigned64("block size delta");
                long size = previous.size() + delta;
                if (size < 0) {
                    throw v.damage(start, "block size delta " + delta + " makes a negative size");
                }
                handle = new BlockHandle(previous.end(), size);
            } else {
                handle = v.handle("block handle");
            }
            if (firstKey) {
                int length = v.varint32("first key length");
                v.need(length, "the block's first key");
                v.pos += length;
            }
            if (deltaEncoded) {
                it.valueConsumed(v.pos - start);
            }
            previous = handle;
            return handle;
        }

        @Override
        public String toString() {
            return block.toString();
        }
    }
}
