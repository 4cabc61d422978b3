package io.streamscope.checkpoint.state.sst;

import io.streamscope.checkpoint.state.StateFileException;

import java.nio.file.Path;

/**
 * A snapshot's SST files could not be merged: one of them is damaged or uses something this reader does not
 * support. {@link #file()} is the SST file, {@link #offset()} the byte in it; the cause, when there is one, is the
 * {@link StateFileException} of that file.
 */
public final class SstMergeException extends Exception {

    private final Path file;
    private final long offset;

    public SstMergeException(Path file, StateFileException cause) {
        super(file.getFileName() + ": " + cause.getMessage(), cause);
        this.file = file;
        this.offset = cause.offset();
    }

    public SstMergeException(Path file, long offset, String message) {
        super(file.getFileName() + ": " + message);
        this.file = file;
        this.offset = offset;
    }

    public Path file() {
        return file;
    }

    public long offset() {
        return offset;
    }
}
