package io.streamscope.checkpoint.state;

/** The bytes are not an UnsafeRow of the expected schema; {@link #offset()} is where, from the row's first byte. */
public final class UnsafeRowException extends RowFormatException {

    public UnsafeRowException(int offset, String message) {
        super(offset, message);
    }
}
