package io.streamscope.checkpoint.state.sst;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * A range deletion from an SST file's {@code rocksdb.range_del} block: every entry whose user key is in
 * {@code [startKey, endKey)} (bytewise) and whose sequence number is below {@code sequence} is deleted.
 */
public record RangeTombstone(byte[] startKey, byte[] endKey, long sequence) {

    /** Whether this tombstone deletes an entry of {@code userKey} at sequence {@code entrySequence}. */
    public boolean covers(byte[] userKey, long entrySequence) {
        return entrySequence < sequence
                && Arrays.compareUnsigned(startKey, userKey) <= 0
                && Arrays.compareUnsigned(userKey, endKey) < 0;
    }

    @Override
    public String toString() {
        return "[" + HexFormat.of().formatHex(startKey) + ", " + HexFormat.of().formatHex(endKey) + ") @" + sequence;
    }
}
