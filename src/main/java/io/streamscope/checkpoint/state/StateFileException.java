package io.streamscope.checkpoint.state;

/** A state file is damaged, or too large for the heap; {@link #offset()} is the byte where reading failed. */
public final class StateFileException extends Exception {

    private final long offset;

    public StateFileException(long offset, String message) {
        super(message);
        this.offset = offset;
    }

    /** A file whose reading ran out of memory ({@code cause}): the file may be sound, the heap too small for it. */
    StateFileException(long offset, String message, OutOfMemoryError cause) {
        super(message, cause);
        this.offset = offset;
    }

    /** Whether the heap ran out while reading the file, rather than the bytes being damaged. */
    public boolean outOfMemory() {
        return getCause() instanceof OutOfMemoryError;
    }

    public long offset() {
        return offset;
    }
}
