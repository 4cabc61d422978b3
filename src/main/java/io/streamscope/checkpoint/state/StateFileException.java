package io.streamscope.checkpoint.state;

/** A state file is damaged; {@link #offset()} is the byte where reading failed. */
public final class StateFileException extends Exception {

    private final long offset;

    public StateFileException(long offset, String message) {
        super(message);
        this.offset = offset;
    }

    public long offset() {
        return offset;
    }
}
