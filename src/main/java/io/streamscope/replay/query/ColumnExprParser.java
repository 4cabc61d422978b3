package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Column expressions in Python or Scala spelling: {@code col("amount") >= 10}, {@code $"amount" > 10 && …},
 * {@code F.sum("amount").alias("total")}, {@code (col("a") > 1) & ~col("b").isNull()}. Operators bind as in Scala:
 * {@code | ||} loosest, then {@code & &&}, {@code ~ !}, comparisons, {@code + -}, {@code * / %}.
 */
final class ColumnExprParser {

    private static final Set<String> LIST_CONSTRUCTORS = Set.of("Seq", "Array", "List");

    /** What a bare name means where a job defines it: a constant such as a schema variable, or nothing. */
    interface Names {
        Names NONE = name -> null;

        /** The value of the variable {@code name}, or null when it is not one the expression may use. */
        Expr constant(Token name) throws QueryException;

        /**
         * For a join's condition: the qualifier of the DataFrame called {@code name} ({@code orders} or its alias
         * {@code o}), whose columns {@code orders.order_id} and {@code orders["order_id"]} are; null if none.
         */
        default String qualifier(String name) {
            return null;
        }

        /** The function an imported alias names ({@code sum_} for {@code from … import sum as sum_}). */
        default String function(String name) {
            return name;
        }
    }

    private final Tokens tokens;
    private final String stream;
    private final Names names;
    private final CallArguments callArgs;
    private final FunctionCalls functions;

    ColumnExprParser(Tokens tokens, String stream) {
        this(tokens, stream, Names.NONE);
    }

    ColumnExprParser(Tokens tokens, String stream, Names names) {
        this.tokens = tokens;
        this.stream = stream;
        this.names = names;
        this.callArgs = new CallArguments(tokens);
        this.functions = new FunctionCalls(tokens, callArgs);
    }

    /** The arguments of a call, after its {@code (}, up to and including the {@code )}. */
    List<Arg> arguments(String context) throws QueryException {
        List<Arg> args = new ArrayList<>();
        if (!tokens.accept(")")) {
            do {
                args.add(argument());
            } while (tokens.accept(","));
            tokens.expect(")", "to close " + context + "(");
        }
        return args;
    }

    Arg argument() throws QueryException {
        Token token = tokens.peek();
        Token after = tokens.peek(1);
        if (token.kind() == Token.Kind.STRING && after.is("->")) {
            return pairs();
        }
        if (token.kind() == Token.Kind.STRING && (after.is(",") || after.is(")") || after.is("]"))) {
            return new Arg.Str(tokens.next());
        }
        if (token.is("[")) {
            tokens.next();
            List<Arg> items = new ArrayList<>();
            if (!tokens.accept("]")) {
                do {
                    items.add(argument());
                } while (tokens.accept(","));
                tokens.expect("]", "to close the list");
            }
            return new Arg.ListArg(items, token.start());
        }
        if (token.is("{")) {
            return dict();
        }
        if (token.kind() == Token.Kind.IDENT && LIST_CONSTRUCTORS.contains(token.value()) && after.is("(")) {
            tokens.next();
            tokens.next();
            return new Arg.ListArg(arguments(token.value()), token.start());
        }
        if (token.kind() == Token.Kind.IDENT && token.value().equals("Map") && after.is("(")) {
            tokens.next();
            tokens.next();
            Arg.Pairs pairs = pairs();
            tokens.expect(")", "to close Map(");
            return pairs;
        }
        if (token.kind() == Token.Kind.IDENT && after.is("=") && !tokens.peek(2).is("=")) {
            tokens.next();
            tokens.next();
            return new Arg.Keyword(token, argument());
        }
        if (TypeCode.startsType(tokens)) {
            return new Arg.Column(typeLiteral());
        }
        return new Arg.Column(expression());
    }

    private Arg.Pairs pairs() throws QueryException {
        int start = tokens.peek().start();
        List<Token[]> entries = new ArrayList<>();
        do {
            Token key = tokens.expectKind(Token.Kind.STRING, "a column name");
            tokens.expect("->", "between the column and its aggregate");
            Token value = tokens.expectKind(Token.Kind.STRING, "an aggregate name");
            entries.add(new Token[]{key, value});
        } while (tokens.peek().is(",") && tokens.peek(1).kind() == Token.Kind.STRING && tokens.peek(2).is("->")
                && tokens.accept(","));
        return new Arg.Pairs(entries, start);
    }

    private Arg.Pairs dict() throws QueryException {
        Token open = tokens.next();
        List<Token[]> entries = new ArrayList<>();
        if (!tokens.accept("}")) {
            do {
                Token key = tokens.expectKind(Token.Kind.STRING, "a column name");
                tokens.expect(":", "between the column and its aggregate");
                Token value = tokens.expectKind(Token.Kind.STRING, "an aggregate name");
                entries.add(new Token[]{key, value});
            } while (tokens.accept(","));
            tokens.expect("}", "to close the dict");
        }
        return new Arg.Pairs(entries, open.start());
    }

    Expr expression() throws QueryException {
        Expr left = and();
        while (tokens.peek().is("|") || tokens.peek().is("||")) {
            Token op = tokens.next();
            left = new Expr.Binary(Expr.BinaryOp.OR, left, and(), op.start());
        }
        return left;
    }

    private Expr and() throws QueryException {
        Expr left = not();
        while (tokens.peek().is("&") || tokens.peek().is("&&")) {
            Token op = tokens.next();
            left = new Expr.Binary(Expr.BinaryOp.AND, left, not(), op.start());
        }
        return left;
    }

    private Expr not() throws QueryException {
        Token token = tokens.peek();
        if (token.is("~") || token.is("!")) {
            tokens.next();
            return new Expr.Unary(Expr.UnaryOp.NOT, not(), token.start());
        }
        return comparison();
    }

    private Expr comparison() throws QueryException {
        Expr left = additive();
        Token op = tokens.peek();
        if (op.kind() != Token.Kind.SYMBOL) {
            return left;
        }
        Expr.BinaryOp kind = switch (op.value()) {
            case "==", "===", "!=", "=!=" -> Expr.BinaryOp.EQUAL;
            case "<=>" -> Expr.BinaryOp.NULL_SAFE_EQUAL;
            case "<" -> Expr.BinaryOp.LESS;
            case "<=" -> Expr.BinaryOp.LESS_OR_EQUAL;
            case ">" -> Expr.BinaryOp.GREATER;
            case ">=" -> Expr.BinaryOp.GREATER_OR_EQUAL;
            case "=" -> throw tokens.error("'=' assigns in Python and Scala; compare with == (Python) or === (Scala)", op);
            default -> null;
        };
        if (kind == null) {
            return left;
        }
        tokens.next();
        Expr result = new Expr.Binary(kind, left, additive(), op.start());
        return op.is("!=") || op.is("=!=") ? new Expr.Unary(Expr.UnaryOp.NOT, result, op.start()) : result;
    }

    private Expr additive() throws QueryException {
        Expr left = multiplicative();
        while (tokens.peek().is("+") || tokens.peek().is("-")) {
            Token op = tokens.next();
            left = new Expr.Binary(op.is("+") ? Expr.BinaryOp.ADD : Expr.BinaryOp.SUBTRACT, left, multiplicative(), op.start());
        }
        return left;
    }

    private Expr multiplicative() throws QueryException {
        Expr left = unary();
        while (tokens.peek().is("*") || tokens.peek().is("/") || tokens.peek().is("%")) {
            Token op = tokens.next();
            Expr.BinaryOp kind = op.is("*") ? Expr.BinaryOp.MULTIPLY : op.is("/") ? Expr.BinaryOp.DIVIDE : Expr.BinaryOp.REMAINDER;
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
                return SqlExprParser.negateLiteral(literal, token.start());
            }
            return new Expr.Unary(Expr.UnaryOp.NEGATE, child, token.start());
        }
        return postfix(primary());
    }

    private Expr postfix(Expr expr) throws QueryException {
        while (tokens.peek().is(".")) {
            tokens.next();
            Token method = tokens.expectKind(Token.Kind.IDENT, "a Column method after '.'");
            boolean called = tokens.accept("(");
            List<Arg> args = called ? arguments(method.value()) : List.of();
            expr = switch (method.value()) {
                case "alias", "as", "name" -> new Expr.Alias(expr, callArgs.string(method, args, 0), method.start());
                case "isNull" -> new Expr.IsNull(expr, false, method.start());
                case "isNotNull" -> new Expr.IsNull(expr, true, method.start());
                case "cast", "astype" -> cast(expr, method, args);
                case "eqNullSafe" -> new Expr.Binary(Expr.BinaryOp.NULL_SAFE_EQUAL, expr, callArgs.column(method, args, 0), method.start());
                case "isin" -> new Expr.In(expr, isinValues(method, args), method.start());
                default -> throw tokens.error("unsupported Column method '" + method.value() + "'", method);
            };
        }
        return expr;
    }

    /** A type written as code, as a literal of its DDL text ({@code from_json}'s schema, {@code cast}'s type). */
    private Expr typeLiteral() throws QueryException {
        Token start = tokens.peek();
        SparkType type = new TypeCode(tokens).type();
        String ddl = type instanceof SparkType.Struct struct ? io.streamscope.topic.DdlParser.toDdl(struct)
                : io.streamscope.topic.DdlParser.ddlOf(type);
        return new Expr.Literal(ddl, SparkType.Atomic.STRING, start.start());
    }

    private Expr cast(Expr expr, Token method, List<Arg> args) throws QueryException {
        if (args.size() == 1 && args.get(0) instanceof Arg.Column column && column.expr() instanceof Expr.Literal literal
                && literal.value() instanceof String typeText) {
            try {
                return new Expr.Cast(expr, Literals.typeName(typeText), method.start());
            } catch (IllegalArgumentException e) {
                throw tokens.error(e.getMessage(), args.get(0).position());
            }
        }
        String type = callArgs.string(method, args, 0);
        try {
            return new Expr.Cast(expr, Literals.typeName(type), method.start());
        } catch (IllegalArgumentException e) {
            throw tokens.error(e.getMessage(), args.get(0).position());
        }
    }

    private List<Expr> isinValues(Token method, List<Arg> args) throws QueryException {
        List<Arg> flat = args.size() == 1 && args.get(0) instanceof Arg.ListArg list ? list.items() : args;
        List<Expr> values = new ArrayList<>();
        for (Arg arg : flat) {
            values.add(arg instanceof Arg.Str s ? new Expr.Literal(s.value(), SparkType.Atomic.STRING, s.position())
                    : callArgs.column(method, List.of(arg), 0));
        }
        if (values.isEmpty()) {
            throw tokens.error("isin needs at least one value", method);
        }
        return values;
    }

    private Expr primary() throws QueryException {
        Token token = tokens.next();
        switch (token.kind()) {
            case NUMBER -> {
                try {
                    return Literals.hostNumber(token);
                } catch (IllegalArgumentException e) {
                    throw tokens.error("bad number " + token.value(), token);
                }
            }
            case STRING -> {
                return new Expr.Literal(token.value(), SparkType.Atomic.STRING, token.start());
            }
            case EOF -> throw tokens.error("the expression ends too early", token);
            case SYMBOL -> {
                if (token.is("(")) {
                    Expr inner = expression();
                    tokens.expect(")", "to close the parenthesis");
                    return inner;
                }
                if (token.is("$")) {
                    Token name = tokens.expectKind(Token.Kind.STRING, "a column name after $");
                    return new Expr.ColumnRef(name.value(), token.start());
                }
                throw tokens.error("unexpected " + token.describe(), token);
            }
            default -> {
                return name(token);
            }
        }
    }

    private Expr name(Token first) throws QueryException {
        switch (first.value()) {
            case "True", "true" -> {
                return new Expr.Literal(true, SparkType.Atomic.BOOLEAN, first.start());
            }
            case "False", "false" -> {
                return new Expr.Literal(false, SparkType.Atomic.BOOLEAN, first.start());
            }
            case "None", "null" -> {
                return new Expr.Literal(null, SparkType.Atomic.NULL, first.start());
            }
            default -> {
            }
        }
        String qualifier = names.qualifier(first.value());
        if (qualifier != null && !first.value().equals(stream)) {
            if (tokens.accept("[")) {
                Token column = tokens.expectKind(Token.Kind.STRING, "a column name in " + first.value() + "[…]");
                tokens.expect("]", "after the column name");
                return new Expr.ColumnRef(qualifier + "." + column.value(), first.start());
            }
            if (tokens.peek().is(".") && tokens.peek(1).kind() == Token.Kind.IDENT && !tokens.peek(2).is("(")) {
                tokens.next();
                return new Expr.ColumnRef(qualifier + "." + tokens.next().value(), first.start());
            }
        }
        if (first.value().equals(stream)) {
            if (tokens.accept("[")) {
                Token column = tokens.expectKind(Token.Kind.STRING, "a column name in " + stream + "[…]");
                tokens.expect("]", "after the column name");
                return new Expr.ColumnRef(column.value(), first.start());
            }
            if (tokens.peek().is("(") && tokens.peek(1).kind() == Token.Kind.STRING && tokens.peek(2).is(")")) {
                tokens.next();
                Token column = tokens.next();
                tokens.next();
                return new Expr.ColumnRef(column.value(), first.start());
            }
            if (tokens.peek().is(".") && tokens.peek(1).kind() == Token.Kind.IDENT && !tokens.peek(2).is("(")) {
                tokens.next();
                return new Expr.ColumnRef(tokens.next().value(), first.start());
            }
        }
        Token function = first;
        // F.sum, functions.sum, pyspark.sql.functions.sum, org.apache.spark.sql.functions.sum
        while (tokens.peek().is(".") && tokens.peek(1).kind() == Token.Kind.IDENT) {
            tokens.next();
            function = tokens.next();
        }
        if (!tokens.accept("(")) {
            Expr constant = function == first ? names.constant(first) : null;
            if (constant != null) {
                return constant;
            }
            throw tokens.error("unknown name '" + function.value() + "': write columns as col(\"…\"), $\"…\" or "
                    + stream + "[\"…\"]", function);
        }
        Token named = new Token(function.kind(), names.function(function.value()), function.start(), function.end(),
                function.quoted(), function.offsets());
        return functions.call(named, arguments(named.value()));
    }

}
