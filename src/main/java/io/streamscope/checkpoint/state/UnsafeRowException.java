package io.streamscope.checkpoint.state;

/** The bytes are not an UnsafeRow of the expected schema; {@link #offset()} is where, from the row's first byte. */
public final class UnsafeRowException extends Exception {

    private final int offset;

    public UnsafeRowException(int offset, String message) {
        super(message);
        this.offset = offset;
    }

    public int offset() {
        return offset;
    }
}
