package io.streamscope.checkpoint.state.sst;

import io.streamscope.checkpoint.state.StateFileException;

import java.nio.file.Path;

/**
 * What to do when a block's stored checksum does not match its bytes. {@link #STRICT} throws; a lenient handler
 * records the problem (file + the block's byte offset in {@link StateFileException#offset()}) and returns, and
 * reading goes on with the bytes as they are (they may then fail to decode, which is reported as usual).
 */
@FunctionalInterface
public interface ChecksumMismatchHandler {

    /** Throws the mismatch: the default, as RocksDB itself refuses such a block. */
    ChecksumMismatchHandler STRICT = (file, mismatch) -> {
        throw mismatch;
    };

    void mismatch(Path file, StateFileException mismatch) throws StateFileException;
}
