package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Spark's functions as a job calls them, once {@link ColumnExprParser} has read the call: {@code col} and
 * {@code lit}, {@code expr}'s SQL, {@code window} and {@code session_window} with their durations, {@code from_json}
 * with its schema, and the rest (aggregates among them) by name, with column names given as strings.
 */
final class FunctionCalls {

    private final Tokens tokens;
    private final CallArguments arguments;

    FunctionCalls(Tokens tokens, CallArguments arguments) {
        this.tokens = tokens;
        this.arguments = arguments;
    }

    /** What {@code function(args…)} means; an unknown function is a call by its name, in lower case (Spark's names). */
    Expr call(Token function, List<Arg> args) throws QueryException {
        String name = function.value();
        int at = function.start();
        switch (name) {
            case "col", "column" -> {
                return new Expr.ColumnRef(arguments.string(function, args, 0), at);
            }
            case "lit" -> {
                arguments.requireCount(function, args, 1);
                if (args.get(0) instanceof Arg.Str s) {
                    return new Expr.Literal(s.value(), SparkType.Atomic.STRING, at);
                }
                Expr value = arguments.column(function, args, 0);
                if (!(value instanceof Expr.Literal)) {
                    throw tokens.error("lit(…) takes a constant", args.get(0).position());
                }
                return value;
            }
            case "expr" -> {
                arguments.requireCount(function, args, 1);
                if (!(args.get(0) instanceof Arg.Str s)) {
                    throw tokens.error("expr(…) takes a SQL expression string", args.get(0).position());
                }
                return SqlExprParser.parseEmbedded(s.token(), tokens.query());
            }
            case "countDistinct", "count_distinct", "sumDistinct", "sum_distinct" -> throw tokens.error(
                    "Distinct aggregations are not supported on streaming DataFrames/Datasets. Consider using "
                            + "approx_count_distinct() instead.", function);
            case "window" -> {
                return window(function, args);
            }
            case "session_window" -> {
                arguments.requireCount(function, args, 2);
                Expr time = args.get(0) instanceof Arg.Str s ? new Expr.ColumnRef(s.value(), s.position())
                        : arguments.column(function, args, 0);
                if (!(args.get(1) instanceof Arg.Str gap)) {
                    throw tokens.error("session_window() takes its gap as a string such as \"5 minutes\" (a dynamic "
                            + "gap expression is not replayed)", args.get(1).position());
                }
                return new Expr.Call("session_window", List.of(time,
                        new Expr.Literal(gap.value(), SparkType.Atomic.STRING, gap.position())), function.start());
            }
            case "from_json" -> {
                return fromJson(function, args);
            }
            default -> {
            }
        }
        List<Expr> exprs = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            Arg arg = args.get(i);
            if (arg instanceof Arg.Str s) {
                // functions take column names as strings: sum("amount"), count("*")
                exprs.add(s.value().equals("*") ? new Expr.Star(s.position()) : new Expr.ColumnRef(s.value(), s.position()));
            } else {
                exprs.add(arguments.column(function, args, i));
            }
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.equals("mean")) {
            lower = "avg"; // functions.mean is avg: the column is named avg(…)
        }
        if (lower.equals("count") && exprs.size() == 1 && exprs.get(0) instanceof Expr.Star star) {
            exprs = List.of(new Expr.Literal(1, SparkType.Atomic.INTEGER, star.position()));
        }
        return new Expr.Call(lower, exprs, at);
    }

    /** {@code from_json(column, schema[, options])}: the schema a DDL string, a variable holding one, or a StructType. */
    private Expr fromJson(Token function, List<Arg> args) throws QueryException {
        if (args.size() < 2) {
            throw tokens.error("from_json(…) needs the JSON column and a schema", function);
        }
        Arg column = args.get(0);
        Expr json = column instanceof Arg.Str s ? new Expr.ColumnRef(s.value(), s.position()) : arguments.column(function, args, 0);
        Arg schemaArg = args.get(1) instanceof Arg.Keyword keyword ? keyword.value() : args.get(1);
        Expr schema = schemaArg instanceof Arg.Str s ? new Expr.Literal(s.value(), SparkType.Atomic.STRING, s.position())
                : schemaArg instanceof Arg.Column c ? c.expr() : null;
        if (!(schema instanceof Expr.Literal)) {
            throw tokens.error("from_json(…) takes its schema as a DDL string, a StructType, or a variable holding "
                    + "one", schemaArg.position());
        }
        return new Expr.Call("from_json", List.of(json, schema), function.start());
    }

    /** {@code window(timeColumn, windowDuration[, slideDuration[, startTime]])}, positionally or by keyword. */
    private Expr window(Token function, List<Arg> args) throws QueryException {
        List<String> names = List.of("timeColumn", "windowDuration", "slideDuration", "startTime");
        Arg[] slots = new Arg[names.size()];
        int next = 0;
        for (Arg arg : args) {
            if (arg instanceof Arg.Keyword keyword) {
                int slot = names.indexOf(keyword.name().value());
                if (slot < 0) {
                    throw tokens.error("window() has no argument '" + keyword.name().value() + "'", keyword.name());
                }
                slots[slot] = keyword.value();
            } else if (next < slots.length) {
                slots[next++] = arg;
            } else {
                throw tokens.error("window() takes at most 4 arguments", arg.position());
            }
        }
        if (slots[0] == null || slots[1] == null) {
            throw tokens.error("window() needs a time column and a window duration", function);
        }
        List<Expr> exprs = new ArrayList<>();
        exprs.add(slots[0] instanceof Arg.Str s ? new Expr.ColumnRef(s.value(), s.position()) : arguments.column(function, List.of(slots[0]), 0));
        for (int i = 1; i < slots.length && slots[i] != null; i++) {
            if (!(slots[i] instanceof Arg.Str s)) {
                throw tokens.error("window() takes its " + names.get(i) + " as a string such as \"10 minutes\"", slots[i].position());
            }
            exprs.add(new Expr.Literal(s.value(), SparkType.Atomic.STRING, s.position()));
        }
        if (exprs.size() == 3 && slots[2] == null) {
            throw tokens.error("window() startTime needs a slideDuration", function);
        }
        return new Expr.Call("window", exprs, function.start());
    }
}
