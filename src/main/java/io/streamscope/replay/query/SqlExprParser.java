package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * SQL expressions, as in {@code filter("amount >= 10")}, {@code expr("…")}, {@code selectExpr("…")} and the SQL
 * notation. Precedence as in Spark: OR, AND, NOT, comparisons / IS NULL / IN, + -, * / %, unary minus.
 */
final class SqlExprParser {

    /** Words that end an expression rather than name a column. */
    static final Set<String> RESERVED = Set.of("select", "from", "where", "group", "by", "having", "order", "limit",
            "and", "or", "not", "as", "is", "null", "in", "between", "like", "rlike", "true", "false", "case", "when",
            "then", "else", "end", "join", "on", "union", "watermark", "distinct", "cast");

    private final Tokens tokens;

    SqlExprParser(Tokens tokens) {
        this.tokens = tokens;
    }

    /** Parses a whole embedded expression string; nothing may follow it. */
    static Expr parseEmbedded(Token string, String query) throws QueryException {
        Tokens tokens = new Tokens(Lexer.tokenizeEmbedded(string, query), query);
        if (tokens.atEnd()) {
            throw tokens.error("empty expression", string);
        }
        Expr expr = new SqlExprParser(tokens).expression();
        if (!tokens.atEnd()) {
            throw tokens.error("unexpected " + tokens.peek().describe() + " after the expression", tokens.peek());
        }
        return expr;
    }

    /** Parses an embedded {@code expr [AS alias]}, as {@code selectExpr("…")} takes it. */
    static Expr parseEmbeddedNamed(Token string, String query) throws QueryException {
        Tokens tokens = new Tokens(Lexer.tokenizeEmbedded(string, query), query);
        if (tokens.atEnd()) {
            throw tokens.error("empty expression", string);
        }
        Expr expr = new SqlExprParser(tokens).namedExpression();
        if (!tokens.atEnd()) {
            throw tokens.error("unexpected " + tokens.peek().describe() + " after the expression", tokens.peek());
        }
        return expr;
    }

    /** An expression with an optional {@code [AS] alias}, as in a select list. */
    Expr namedExpression() throws QueryException {
        Expr expr = expression();
        if (tokens.acceptKeyword("as")) {
            Token name = tokens.expectKind(Token.Kind.IDENT, "a column name after AS");
            return new Expr.Alias(expr, name.value(), name.start());
        }
        Token next = tokens.peek();
        if (next.kind() == Token.Kind.IDENT && (next.quoted() || !RESERVED.contains(lower(next)))) {
            tokens.next();
            return new Expr.Alias(expr, next.value(), next.start());
        }
        return expr;
    }

    Expr expression() throws QueryException {
        Expr left = and();
        while (tokens.peek().isKeyword("or")) {
            Token op = tokens.next();
            left = new Expr.Binary(Expr.BinaryOp.OR, left, and(), op.start());
        }
        return left;
    }

    private Expr and() throws QueryException {
        Expr left = not();
        while (tokens.peek().isKeyword("and")) {
            Token op = tokens.next();
            left = new Expr.Binary(Expr.BinaryOp.AND, left, not(), op.start());
        }
        return left;
    }

    private Expr not() throws QueryException {
        Token token = tokens.peek();
        if (token.isKeyword("not") || token.is("!")) {
            tokens.next();
            return new Expr.Unary(Expr.UnaryOp.NOT, not(), token.start());
        }
        return predicate();
    }

    private Expr predicate() throws QueryException {
        Expr left = additive();
        Token op = tokens.peek();
        Expr.BinaryOp comparison = comparison(op);
        if (comparison != null) {
            tokens.next();
            Expr right = additive();
            Expr result = new Expr.Binary(comparison, left, right, op.start());
            return op.is("<>") || op.is("!=") ? new Expr.Unary(Expr.UnaryOp.NOT, result, op.start()) : result;
        }
        if (op.isKeyword("is")) {
            tokens.next();
            boolean negated = tokens.acceptKeyword("not");
            tokens.expectKeyword("null", "after IS" + (negated ? " NOT" : ""));
            return new Expr.IsNull(left, negated, op.start());
        }
        boolean negated = false;
        if (op.isKeyword("not") && tokens.peek(1).isKeyword("in")) {
            tokens.next();
            negated = true;
            op = tokens.peek();
        }
        if (op.isKeyword("in")) {
            tokens.next();
            tokens.expect("(", "after IN");
            List<Expr> values = new ArrayList<>();
            do {
                values.add(expression());
            } while (tokens.accept(","));
            tokens.expect(")", "to close the IN list");
            Expr in = new Expr.In(left, values, op.start());
            return negated ? new Expr.Unary(Expr.UnaryOp.NOT, in, op.start()) : in;
        }
        boolean notBetween = op.isKeyword("not") && tokens.peek(1).isKeyword("between");
        if (op.isKeyword("between") || notBetween) {
            // a BETWEEN b AND c is a >= b AND a <= c, as Spark's Between replaces itself
            tokens.next();
            if (notBetween) {
                tokens.next();
            }
            Expr lower = additive();
            tokens.expectKeyword("and", "in BETWEEN … AND …");
            Expr upper = additive();
            Expr between = new Expr.Binary(Expr.BinaryOp.AND,
                    new Expr.Binary(Expr.BinaryOp.GREATER_OR_EQUAL, left, lower, op.start()),
                    new Expr.Binary(Expr.BinaryOp.LESS_OR_EQUAL, left, upper, op.start()), op.start());
            return notBetween ? new Expr.Unary(Expr.UnaryOp.NOT, between, op.start()) : between;
        }
        for (String word : List.of("like", "rlike", "ilike")) {
            if (op.isKeyword(word) || (op.isKeyword("not") && tokens.peek(1).isKeyword(word))) {
                throw tokens.error("unsupported: " + word.toUpperCase(Locale.ROOT) + " (the replay supports comparisons,"
                        + " AND/OR/NOT, IS [NOT] NULL, IN and arithmetic)", op);
            }
        }
        return left;
    }

    private static Expr.BinaryOp comparison(Token op) {
        if (op.kind() != Token.Kind.SYMBOL) {
            return null;
        }
        return switch (op.value()) {
            case "=", "==", "<>", "!=" -> Expr.BinaryOp.EQUAL;
            case "<=>" -> Expr.BinaryOp.NULL_SAFE_EQUAL;
            case "<" -> Expr.BinaryOp.LESS;
            case "<=" -> Expr.BinaryOp.LESS_OR_EQUAL;
            case ">" -> Expr.BinaryOp.GREATER;
            case ">=" -> Expr.BinaryOp.GREATER_OR_EQUAL;
            default -> null;
        };
    }

    private Expr additive() throws QueryException {
        Expr left = multiplicative();
        while (tokens.peek().is("+") || tokens.peek().is("-")) {
            Token op = tokens.next();
            Expr.BinaryOp kind = op.is("+") ? Expr.BinaryOp.ADD : Expr.BinaryOp.SUBTRACT;
            left = new Expr.Binary(kind, left, multiplicative(), op.start());
        }
        return left;
    }

    private Expr multiplicative() throws QueryException {
        Expr left = unary();
        while (tokens.peek().is("*") || tokens.peek().is("/") || tokens.peek().is("%")) {
            Token op = tokens.next();
            Expr.BinaryOp kind = switch (op.value()) {
                case "*" -> Expr.BinaryOp.MULTIPLY;
                case "/" -> Expr.BinaryOp.DIVIDE;
                default -> Expr.BinaryOp.REMAINDER;
            };
            left = new Expr.Binary(kind, left, unary(), op.start());
        }
        return left;
    }

    private Expr unary() throws QueryException {
        Token token = tokens.peek();
        if (token.is("-")) {
            tokens.next();
            Expr child = unary();
            if (child instanceof Expr.Literal literal && literal.value() instanceof Number) {
                return negateLiteral(literal, token.start());
            }
            return new Expr.Unary(Expr.UnaryOp.NEGATE, child, token.start());
        }
        if (token.is("+")) {
            tokens.next();
            return unary();
        }
        return primary();
    }

    static Expr.Literal negateLiteral(Expr.Literal literal, int at) {
        Object v = literal.value();
        Object value = v;
        if (v instanceof Integer i) {
            value = -i;
        } else if (v instanceof Long l) {
            value = -l;
        } else if (v instanceof Short s) {
            value = (short) -s;
        } else if (v instanceof Byte b) {
            value = (byte) -b;
        } else if (v instanceof Double d) {
            value = -d;
        } else if (v instanceof Float f) {
            value = -f;
        } else if (v instanceof java.math.BigDecimal d) {
            value = d.negate();
        }
        return new Expr.Literal(value, literal.type(), at);
    }

    private Expr primary() throws QueryException {
        Token token = tokens.next();
        switch (token.kind()) {
            case NUMBER -> {
                try {
                    return Literals.sqlNumber(token);
                } catch (IllegalArgumentException e) {
                    throw tokens.error("bad number " + token.value() + ": " + e.getMessage(), token);
                }
            }
            case STRING -> {
                return new Expr.Literal(token.value(), SparkType.Atomic.STRING, token.start());
            }
            case SYMBOL -> {
                if (token.is("(")) {
                    Expr inner = expression();
                    tokens.expect(")", "to close the parenthesis");
                    return inner;
                }
                if (token.is("*")) {
                    return new Expr.Star(token.start());
                }
                throw tokens.error("unexpected " + token.describe(), token);
            }
            case EOF -> throw tokens.error("the expression ends too early", token);
            default -> {
                return identifierOrCall(token);
            }
        }
    }

    private static final java.util.Set<String> INTERVAL_UNITS = java.util.Set.of("year", "years", "month", "months",
            "week", "weeks", "day", "days", "hour", "hours", "minute", "minutes", "second", "seconds", "millisecond",
            "milliseconds", "microsecond", "microseconds");

    /** {@code INTERVAL 15 MINUTES}, {@code INTERVAL '15' MINUTE}, {@code INTERVAL '1 hour 30 minutes'}. */
    private Expr interval(Token keyword) throws QueryException {
        StringBuilder text = new StringBuilder();
        while (tokens.peek().kind() == Token.Kind.NUMBER || tokens.peek().kind() == Token.Kind.STRING
                || tokens.peek().kind() == Token.Kind.IDENT && INTERVAL_UNITS.contains(lower(tokens.peek()))) {
            text.append(text.isEmpty() ? "" : " ").append(tokens.next().value());
        }
        try {
            return new Expr.Literal(Durations.interval(text.toString()), SparkType.Atomic.CALENDAR_INTERVAL, keyword.start());
        } catch (IllegalArgumentException e) {
            throw tokens.error(e.getMessage(), keyword);
        }
    }

    private Expr identifierOrCall(Token token) throws QueryException {
        String word = lower(token);
        if (!token.quoted()) {
            switch (word) {
                case "true", "false" -> {
                    return new Expr.Literal(word.equals("true"), SparkType.Atomic.BOOLEAN, token.start());
                }
                case "null" -> {
                    return new Expr.Literal(null, SparkType.Atomic.NULL, token.start());
                }
                case "cast" -> {
                    return cast(token);
                }
                case "case" -> throw tokens.error("unsupported: CASE expressions", token);
                default -> {
                }
            }
            if (word.equals("interval") && (tokens.peek().kind() == Token.Kind.NUMBER
                    || tokens.peek().kind() == Token.Kind.STRING)) {
                return interval(token);
            }
            if ((word.equals("timestamp") || word.equals("date")) && tokens.peek().kind() == Token.Kind.STRING) {
                Token text = tokens.next();
                try {
                    return word.equals("date")
                            ? new Expr.Literal(Literals.date(text.value()), SparkType.Atomic.DATE, token.start())
                            : new Expr.Literal(Literals.timestamp(text.value()), SparkType.Atomic.TIMESTAMP, token.start());
                } catch (java.time.format.DateTimeParseException e) {
                    throw tokens.error("bad " + word.toUpperCase(Locale.ROOT) + " literal '" + text.value() + "'", text);
                }
            }
            if (RESERVED.contains(word)) {
                throw tokens.error("unexpected " + token.describe(), token);
            }
        }
        if (tokens.peek().is("(") && !token.quoted()) {
            return call(token);
        }
        String name = token.value();
        while (tokens.peek().is(".")) {
            tokens.next();
            // a qualified name (orders.amount, o.amount: the resolver reads the qualifier) or a struct's field
            name = name + "." + (tokens.accept("*") ? "*" : tokens.expectKind(Token.Kind.IDENT, "a column name after '.'").value());
        }
        return new Expr.ColumnRef(name, token.start());
    }

    private Expr call(Token name) throws QueryException {
        tokens.expect("(", "after " + name.value());
        String function = lower(name);
        if (tokens.peek().isKeyword("distinct")) {
            throw tokens.error("Distinct aggregations are not supported on streaming DataFrames/Datasets. Consider "
                    + "using approx_count_distinct() instead.", tokens.peek());
        }
        List<Expr> args = new ArrayList<>();
        if (!tokens.peek().is(")")) {
            do {
                args.add(expression());
            } while (tokens.accept(","));
        }
        tokens.expect(")", "to close " + function + "(");
        if (function.equals("count") && args.size() == 1 && args.get(0) instanceof Expr.Star star) {
            // Spark's parser turns count(*) into count(1)
            args = List.of(new Expr.Literal(1, SparkType.Atomic.INTEGER, star.position()));
        }
        return new Expr.Call(function, args, name.start());
    }

    private Expr cast(Token keyword) throws QueryException {
        tokens.expect("(", "after CAST");
        Expr child = expression();
        tokens.expectKeyword("as", "in CAST(… AS type)");
        Token type = tokens.expectKind(Token.Kind.IDENT, "a type name");
        StringBuilder name = new StringBuilder(type.value());
        if (tokens.accept("(")) {
            name.append('(');
            name.append(tokens.expectKind(Token.Kind.NUMBER, "a precision").value());
            if (tokens.accept(",")) {
                name.append(',').append(tokens.expectKind(Token.Kind.NUMBER, "a scale").value());
            }
            tokens.expect(")", "after the precision");
            name.append(')');
        }
        tokens.expect(")", "to close CAST(");
        try {
            return new Expr.Cast(child, Literals.typeName(name.toString()), keyword.start());
        } catch (IllegalArgumentException e) {
            throw tokens.error(e.getMessage(), type);
        }
    }

    private static String lower(Token token) {
        return token.value().toLowerCase(Locale.ROOT);
    }
}
