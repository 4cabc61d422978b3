package io.streamscope.replay.query;

/**
 * A query the replay cannot run: a syntax error, an unknown column, or a construct it does not support. The message
 * names the construct and where it is ({@code line L, column C} of the query text).
 */
public final class QueryException extends Exception {

    private final String reason;
    private final int offset;
    private final int line;
    private final int column;

    /** @param offset where in {@code text} the problem is, or -1 when it concerns the whole query */
    public QueryException(String reason, String text, int offset) {
        super(offset < 0 || text == null ? reason : reason + " (at line " + lineOf(text, offset) + ", column "
                + columnOf(text, offset) + ")");
        this.reason = reason;
        this.offset = offset;
        this.line = offset < 0 || text == null ? -1 : lineOf(text, offset);
        this.column = offset < 0 || text == null ? -1 : columnOf(text, offset);
    }

    /** The message without the position. */
    public String reason() {
        return reason;
    }

    /** 0-based offset in the query text, or -1. */
    public int offset() {
        return offset;
    }

    /** 1-based line, or -1. */
    public int line() {
        return line;
    }

    /** 1-based column, or -1. */
    public int column() {
        return column;
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < Math.min(offset, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static int columnOf(String text, int offset) {
        int start = text.lastIndexOf('\n', Math.min(offset, text.length()) - 1) + 1;
        return offset - start + 1;
    }
}
