package io.streamscope.topic;

/** A schema string that is not valid Spark DDL, or that from_json cannot use; the message says where. */
public final class SchemaException extends Exception {

    private final int position;

    public SchemaException(String message, int position) {
        super(message);
        this.position = position;
    }

    /** The character (0-based) where the problem is, or -1. */
    public int position() {
        return position;
    }
}
