package io.streamscope.checkpoint.state;

/** Stored row bytes do not fit the schema they are decoded with; {@link #offset()} is where, from the row's start. */
public class RowFormatException extends Exception {

    private final int offset;

    public RowFormatException(int offset, String message) {
        super(message);
        this.offset = offset;
    }

    public int offset() {
        return offset;
    }
}
