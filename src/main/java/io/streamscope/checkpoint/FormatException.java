package io.streamscope.checkpoint;

/**
 * Thrown by the parsers of single files when the bytes do not have the format Spark writes; the folder readers
 * turn it into a {@link Problem} and go on.
 */
public final class FormatException extends Exception {

    private final String where;

    public FormatException(String where, String message) {
        super(message);
        this.where = where;
    }

    public FormatException(String where, String message, Throwable cause) {
        super(message, cause);
        this.where = where;
    }

    /** {@code "line N"}, {@code "byte N"}, or null when the whole file is at fault. */
    public String where() {
        return where;
    }

    public static String line(int number) {
        return "line " + number;
    }

    public static String atByte(long offset) {
        return "byte " + offset;
    }
}
