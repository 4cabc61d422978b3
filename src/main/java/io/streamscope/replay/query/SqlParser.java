package io.streamscope.replay.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The SQL notation: {@code SELECT … FROM [STREAM] orders [WATERMARK col DELAY OF INTERVAL n unit] [WHERE …]
 * [GROUP BY …]}. Anything else (joins, HAVING, ORDER BY, LIMIT, subqueries) is refused by name.
 */
final class SqlParser {

    static final Set<String> AGGREGATES = Set.of("sum", "count", "avg", "mean", "min", "max");
    private static final Set<String> UNSUPPORTED_CLAUSES = Set.of("having", "order", "limit", "join", "inner", "left",
            "right", "full", "cross", "union", "window", "sort", "cluster", "distribute", "lateral", "offset");

    private final Tokens tokens;

    private SqlParser(Tokens tokens) {
        this.tokens = tokens;
    }

    static Query parse(String text) throws QueryException {
        Tokens tokens = new Tokens(Lexer.tokenize(text, true), text);
        return new SqlParser(tokens).select(text);
    }

    /** {@code spark.sql("SELECT …")} in a job: positions (and errors) point into the job's text. */
    static Query parseEmbedded(Token string, String jobText) throws QueryException {
        Tokens tokens = new Tokens(Lexer.tokenizeEmbedded(string, jobText), jobText);
        return new SqlParser(tokens).select(jobText);
    }

    private Query select(String text) throws QueryException {
        Token select = tokens.expectKeyword("select", "at the start of the query");
        if (tokens.peek().isKeyword("distinct")) {
            throw tokens.error("unsupported: SELECT DISTINCT (use GROUP BY)", tokens.peek());
        }
        SqlExprParser expressions = new SqlExprParser(tokens);
        List<Expr> items = new ArrayList<>();
        do {
            items.add(expressions.namedExpression());
        } while (tokens.accept(","));
        tokens.expectKeyword("from", "after the select list");
        tokens.acceptKeyword("stream");
        if (tokens.peek().is("(")) {
            throw tokens.error("unsupported: a subquery in FROM", tokens.peek());
        }
        Token stream = tokens.expectKind(Token.Kind.IDENT, "the stream's name after FROM");
        if (tokens.peek().is("(")) {
            throw tokens.error("unsupported: FROM " + stream.value() + "(…); name the stream (e.g. FROM orders)", tokens.peek());
        }
        List<Step> steps = new ArrayList<>();
        if (tokens.peek().isKeyword("watermark")) {
            steps.add(watermark(tokens.next()));
        }
        skipAlias();
        if (tokens.peek().isKeyword("where")) {
            Token where = tokens.next();
            steps.add(new Step.Filter(expressions.expression(), where.start()));
        }
        List<Expr> grouping = new ArrayList<>();
        Token groupBy = null;
        if (tokens.peek().isKeyword("group")) {
            groupBy = tokens.next();
            tokens.expectKeyword("by", "after GROUP");
            do {
                grouping.add(ordinal(expressions.expression(), items));
            } while (tokens.accept(","));
        }
        tokens.accept(";");
        if (!tokens.atEnd()) {
            Token extra = tokens.peek();
            String word = extra.value().toLowerCase(Locale.ROOT);
            if (extra.kind() == Token.Kind.IDENT && UNSUPPORTED_CLAUSES.contains(word)) {
                throw tokens.error("unsupported: " + word.toUpperCase(Locale.ROOT) + " (the replay supports SELECT … "
                        + "FROM … [WATERMARK …] [WHERE …] [GROUP BY …])", extra);
            }
            throw tokens.error("unexpected " + extra.describe(), extra);
        }
        if (groupBy != null || items.stream().anyMatch(SqlParser::hasAggregate)) {
            steps.add(new Step.Aggregate(grouping, items, groupBy != null ? groupBy.start() : select.start()));
        } else if (!(items.size() == 1 && items.get(0) instanceof Expr.Star)) {
            steps.add(new Step.Project(items, select.start()));
        }
        return new Query(text, Query.Notation.SQL, stream.value(), steps);
    }

    /** {@code GROUP BY 1} names the first select item ({@code spark.sql.groupByOrdinal}, on by default). */
    private Expr ordinal(Expr expr, List<Expr> items) throws QueryException {
        if (!(expr instanceof Expr.Literal literal) || !(literal.value() instanceof Integer position)) {
            return expr;
        }
        if (position < 1 || position > items.size()) {
            throw tokens.error("[GROUP_BY_POS_OUT_OF_RANGE] GROUP BY position " + position + " is not in select list "
                    + "(valid range is [1, " + items.size() + "]).", literal.position());
        }
        Expr item = Exprs.unalias(items.get(position - 1));
        if (hasAggregate(item)) {
            throw tokens.error("[GROUP_BY_POS_AGGREGATE] GROUP BY " + position + " refers to an expression "
                    + ExprNames.name(item) + " that contains an aggregate function. Aggregate functions are not "
                    + "allowed in GROUP BY.", literal.position());
        }
        return item;
    }

    private void skipAlias() {
        tokens.acceptKeyword("as");
        Token next = tokens.peek();
        if (next.kind() == Token.Kind.IDENT && (next.quoted() || !SqlExprParser.RESERVED.contains(
                next.value().toLowerCase(Locale.ROOT)))) {
            tokens.next();
        }
    }

    /** {@code WATERMARK order_ts DELAY OF INTERVAL 5 MINUTES} (or {@code INTERVAL '5' MINUTES}). */
    private Step watermark(Token keyword) throws QueryException {
        Token column = tokens.expectKind(Token.Kind.IDENT, "the event-time column after WATERMARK");
        if (tokens.peek().is("(") || tokens.peek().is(".")) {
            throw tokens.error("unsupported: WATERMARK on an expression; name a column", tokens.peek());
        }
        tokens.expectKeyword("delay", "in WATERMARK column DELAY OF INTERVAL …");
        tokens.expectKeyword("of", "in WATERMARK column DELAY OF INTERVAL …");
        Token interval = tokens.expectKeyword("interval", "in WATERMARK column DELAY OF INTERVAL …");
        StringBuilder text = new StringBuilder();
        while (tokens.peek().kind() == Token.Kind.NUMBER || tokens.peek().kind() == Token.Kind.STRING) {
            Token amount = tokens.next();
            Token unit = tokens.peek().kind() == Token.Kind.IDENT ? tokens.next() : null;
            if (amount.kind() == Token.Kind.STRING && unit == null) {
                text.append(amount.value()).append(' ');
                continue;
            }
            if (unit == null) {
                throw tokens.error("expected a unit (SECONDS, MINUTES, HOURS, …) after " + amount.value(), tokens.peek());
            }
            text.append(amount.value()).append(' ').append(unit.value()).append(' ');
        }
        long delayMs;
        try {
            delayMs = Durations.parseMillis(text.toString());
        } catch (IllegalArgumentException e) {
            throw tokens.error(e.getMessage(), interval);
        }
        return new Step.Watermark(column.value(), text.toString().trim(), delayMs, keyword.start());
    }

    static boolean hasAggregate(Expr expr) {
        if (expr instanceof Expr.Call call) {
            return AGGREGATES.contains(call.name()) || call.args().stream().anyMatch(SqlParser::hasAggregate);
        }
        return Exprs.children(expr).stream().anyMatch(SqlParser::hasAggregate);
    }
}
