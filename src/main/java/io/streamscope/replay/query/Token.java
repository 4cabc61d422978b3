package io.streamscope.replay.query;

/**
 * One token of a query.
 *
 * @param kind    what it is
 * @param value   the identifier, the string's content (escapes resolved), the number's text, or the symbol
 * @param start   offset of its first character in the query text
 * @param end     offset just after it
 * @param quoted  an identifier written in backticks (never a keyword)
 * @param offsets for a string: the offset in the query text of each character of {@code value}, so that an error
 *                inside an embedded expression string points into the query
 */
record Token(Kind kind, String value, int start, int end, boolean quoted, int[] offsets) {

    enum Kind { IDENT, STRING, NUMBER, SYMBOL, EOF }

    boolean is(String symbol) {
        return kind == Kind.SYMBOL && value.equals(symbol);
    }

    /** An unquoted identifier equal to {@code word}, ignoring case (SQL keywords). */
    boolean isKeyword(String word) {
        return kind == Kind.IDENT && !quoted && value.equalsIgnoreCase(word);
    }

    String describe() {
        return switch (kind) {
            case EOF -> "the end of the query";
            case STRING -> "string \"" + value + "\"";
            default -> "'" + value + "'";
        };
    }
}
