package io.streamscope.replay.query;

import java.util.List;

/** A cursor over tokens, with errors that point into the query text. */
final class Tokens {

    private final List<Token> tokens;
    private final String query;
    private int index;

    Tokens(List<Token> tokens, String query) {
        this.tokens = tokens;
        this.query = query;
    }

    String query() {
        return query;
    }

    Token peek() {
        return tokens.get(index);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(index + ahead, tokens.size() - 1));
    }

    Token next() {
        Token token = tokens.get(index);
        if (token.kind() != Token.Kind.EOF) {
            index++;
        }
        return token;
    }

    /** Where the cursor is, to come back with {@link #reset}. */
    int mark() {
        return index;
    }

    void reset(int mark) {
        index = mark;
    }

    boolean atEnd() {
        return peek().kind() == Token.Kind.EOF;
    }

    /** Consumes the symbol when it is next. */
    boolean accept(String symbol) {
        if (peek().is(symbol)) {
            index++;
            return true;
        }
        return false;
    }

    boolean acceptKeyword(String word) {
        if (peek().isKeyword(word)) {
            index++;
            return true;
        }
        return false;
    }

    Token expect(String symbol, String context) throws QueryException {
        if (!peek().is(symbol)) {
            throw error("expected '" + symbol + "' " + context + ", found " + peek().describe(), peek());
        }
        return next();
    }

    Token expectKeyword(String word, String context) throws QueryException {
        if (!peek().isKeyword(word)) {
            throw error("expected " + word.toUpperCase(java.util.Locale.ROOT) + " " + context + ", found "
                    + peek().describe(), peek());
        }
        return next();
    }

    Token expectKind(Token.Kind kind, String what) throws QueryException {
        if (peek().kind() != kind) {
            throw error("expected " + what + ", found " + peek().describe(), peek());
        }
        return next();
    }

    QueryException error(String message, Token at) {
        return new QueryException(message, query, at.start());
    }

    QueryException error(String message, int offset) {
        return new QueryException(message, query, offset);
    }

    /** Skips the rest of an expression a reader does not need (a print, a log call, a batch read): up to a closer. */
    void skipExpression() {
        int depth = 0;
        while (!atEnd()) {
            Token token = peek();
            if (depth == 0 && (token.is(",") || token.is(")") || token.is("]") || token.is("}"))) {
                break;
            }
            if (token.is("(") || token.is("[") || token.is("{")) {
                depth++;
            } else if (token.is(")") || token.is("]") || token.is("}")) {
                depth--;
            }
            next();
        }
    }

    /** Skips arguments after an {@code (}, up to and including its {@code )}; false when the text ends first. */
    boolean skipArguments() {
        int depth = 0;
        while (!atEnd()) {
            Token token = next();
            if (token.is("(") || token.is("[") || token.is("{")) {
                depth++;
            } else if (token.is(")") || token.is("]") || token.is("}")) {
                if (depth == 0) {
                    return true;
                }
                depth--;
            }
        }
        return false;
    }
}
