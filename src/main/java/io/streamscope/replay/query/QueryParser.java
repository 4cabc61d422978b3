package io.streamscope.replay.query;

import java.util.Locale;

/** Reads a query in either notation: SQL when it starts with {@code SELECT}, a DataFrame chain otherwise. */
public final class QueryParser {

    private QueryParser() {
    }

    public static Query parse(String text) throws QueryException {
        if (text == null || text.isBlank()) {
            throw new QueryException("the query is empty", null, -1);
        }
        String start = text.stripLeading().toLowerCase(Locale.ROOT);
        boolean sql = start.startsWith("select") && (start.length() == 6 || !Character.isLetterOrDigit(start.charAt(6)));
        return sql ? SqlParser.parse(text) : ChainParser.parse(text);
    }
}
