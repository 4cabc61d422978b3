package io.streamscope.replay.query;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a query into tokens. Whitespace, Python/Scala line continuations and comments are skipped ({@code #} and
 * {@code //} in DataFrame chains, {@code --} in SQL). Strings may use single, double or triple quotes.
 */
final class Lexer {

    private static final String[] SYMBOLS = {"===", "=!=", "<=>", "==", "!=", "<>", "<=", ">=", "&&", "||", "->",
            "=", "<", ">", "+", "-", "*", "/", "%", "(", ")", "[", "]", "{", "}", ",", ".", "&", "|", "~", "!", "$",
            ":", ";"};

    private final String text;
    private final boolean sql;
    /** A whole job file: characters no query uses ({@code @}, {@code ?}) are single-character symbols, not errors. */
    private boolean lenient;
    private final int base;
    private final int[] sourceOffsets;
    private int pos;

    private Lexer(String text, boolean sql, int base, int[] sourceOffsets) {
        this.text = text;
        this.sql = sql;
        this.base = base;
        this.sourceOffsets = sourceOffsets;
    }

    /** Tokens of a whole query; the last one is {@link Token.Kind#EOF}. */
    static List<Token> tokenize(String text, boolean sql) throws QueryException {
        return new Lexer(text, sql, 0, null).run(text);
    }

    /** Tokens of a whole PySpark or Scala job file: also skips Scala's block comments; never fails on a character. */
    static List<Token> tokenizeJob(String text) throws QueryException {
        Lexer lexer = new Lexer(text, false, 0, null);
        lexer.lenient = true;
        return lexer.run(text);
    }

    /**
     * Tokens of an expression string embedded in a query (the content of {@code filter("…")}): offsets point into
     * the enclosing query through the string token's character offsets.
     */
    static List<Token> tokenizeEmbedded(Token string, String query) throws QueryException {
        return new Lexer(string.value(), true, string.start(), string.offsets()).run(query);
    }

    /** Deeper bracket nesting than any job or query has; the recursive parsers stay far from the stack's end. */
    static final int MAX_DEPTH = 200;

    private List<Token> run(String query) throws QueryException {
        List<Token> tokens = new ArrayList<>();
        int depth = 0;
        try {
            while (true) {
                skipSpaceAndComments();
                if (pos >= text.length()) {
                    tokens.add(new Token(Token.Kind.EOF, "", map(pos), map(pos), false, null));
                    return tokens;
                }
                int at = pos;
                Token token = next();
                if (token.is("(") || token.is("[") || token.is("{")) {
                    if (++depth > MAX_DEPTH) {
                        // the parsers descend once per bracket: bound it before the stack does
                        throw new LexError("brackets nested deeper than " + MAX_DEPTH, at);
                    }
                } else if (token.is(")") || token.is("]") || token.is("}")) {
                    depth = Math.max(0, depth - 1);
                }
                tokens.add(token);
            }
        } catch (LexError e) {
            throw new QueryException(e.getMessage(), query, map(e.at));
        }
    }

    private Token next() throws LexError {
        char c = text.charAt(pos);
        int start = pos;
        if (Character.isLetter(c) || c == '_') {
            while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
                pos++;
            }
            return new Token(Token.Kind.IDENT, text.substring(start, pos), map(start), map(pos), false, null);
        }
        if (Character.isDigit(c)) {
            return number();
        }
        if (c == '`') {
            int close = text.indexOf('`', pos + 1);
            if (close < 0) {
                throw new LexError("unclosed backtick", start);
            }
            pos = close + 1;
            return new Token(Token.Kind.IDENT, text.substring(start + 1, close), map(start), map(pos), true, null);
        }
        if (c == '"' || c == '\'') {
            return string();
        }
        for (String symbol : SYMBOLS) {
            if (text.startsWith(symbol, pos)) {
                pos += symbol.length();
                return new Token(Token.Kind.SYMBOL, symbol, map(start), map(pos), false, null);
            }
        }
        if (lenient) {
            pos++;
            return new Token(Token.Kind.SYMBOL, String.valueOf(c), map(start), map(pos), false, null);
        }
        throw new LexError("unexpected character '" + c + "'", start);
    }

    private Token number() {
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos + 1 < text.length() && text.charAt(pos) == '.' && Character.isDigit(text.charAt(pos + 1))) {
            pos++;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            int mark = pos;
            pos++;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                    pos++;
                }
            } else {
                pos = mark;
            }
        }
        // Type suffixes: 10L, 10S, 10Y, 1.5D, 1.5F, 10BD (SQL); 10L, 1.5f, 1.5d (Scala)
        if (text.regionMatches(true, pos, "BD", 0, 2)) {
            pos += 2;
        } else if (pos < text.length() && "LlSsYyDdFf".indexOf(text.charAt(pos)) >= 0
                && (pos + 1 >= text.length() || !Character.isLetterOrDigit(text.charAt(pos + 1)))) {
            pos++;
        }
        return new Token(Token.Kind.NUMBER, text.substring(start, pos), map(start), map(pos), false, null);
    }

    private Token string() throws LexError {
        int start = pos;
        char quote = text.charAt(pos);
        boolean triple = text.startsWith(String.valueOf(quote).repeat(3), pos);
        pos += triple ? 3 : 1;
        StringBuilder value = new StringBuilder();
        List<Integer> offsets = new ArrayList<>();
        while (true) {
            if (pos >= text.length()) {
                throw new LexError("unclosed string", start);
            }
            char c = text.charAt(pos);
            if (triple ? text.startsWith(String.valueOf(quote).repeat(3), pos) : c == quote) {
                pos += triple ? 3 : 1;
                break;
            }
            if (c == '\n' && !triple) {
                throw new LexError("unclosed string", start);
            }
            offsets.add(map(pos));
            if (c == '\\' && pos + 1 < text.length()) {
                char escaped = text.charAt(pos + 1);
                value.append(switch (escaped) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> escaped;
                });
                pos += 2;
            } else {
                value.append(c);
                pos++;
            }
        }
        offsets.add(map(pos - (triple ? 3 : 1)));
        int[] charOffsets = offsets.stream().mapToInt(Integer::intValue).toArray();
        return new Token(Token.Kind.STRING, value.toString(), map(start), map(pos), false, charOffsets);
    }

    private void skipSpaceAndComments() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c) || (c == '\\' && pos + 1 < text.length() && (text.charAt(pos + 1) == '\n'
                    || text.charAt(pos + 1) == '\r'))) {
                pos++;
            } else if (lenient && text.startsWith("/*", pos)) {
                int close = text.indexOf("*/", pos + 2);
                pos = close < 0 ? text.length() : close + 2;
            } else if ((sql && text.startsWith("--", pos)) || (!sql && (c == '#' || text.startsWith("//", pos)))) {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    /** The offset in the query text of position {@code i} of the text being split. */
    private int map(int i) {
        if (sourceOffsets == null) {
            return base + i;
        }
        return sourceOffsets[Math.min(i, sourceOffsets.length - 1)];
    }

    private static final class LexError extends Exception {
        final int at;

        LexError(String message, int at) {
            super(message);
            this.at = at;
        }
    }
}
