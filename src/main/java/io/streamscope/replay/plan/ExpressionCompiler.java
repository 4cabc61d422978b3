package io.streamscope.replay.plan;

import io.streamscope.replay.query.Durations;
import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.ExprNames;
import io.streamscope.replay.query.QueryException;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.topic.DdlParser;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.SchemaException;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Binds an expression to the rows of a {@link Relation}: resolves columns, applies Spark's implicit casts and type
 * rules, and gives the value with SQL's null semantics (NULL in, NULL out; three-valued AND/OR/NOT).
 */
public final class ExpressionCompiler {

    static final Set<String> AGGREGATES = Set.of("sum", "count", "avg", "mean", "min", "max");

    private final SparkType.Struct schema;
    private final String query;
    private final boolean ansi;

    public ExpressionCompiler(SparkType.Struct schema, String query, boolean ansi) {
        this.schema = schema;
        this.query = query;
        this.ansi = ansi;
    }

    public Compiled compile(Expr expr) throws QueryException {
        if (expr instanceof Expr.ColumnRef ref) {
            String name = Resolver.column(ref.name(), ref.position(), schema, query);
            int index = schema.indexOf(name);
            if (index < 0) {
                if (name.endsWith(".*")) {
                    throw error("'" + ref.name() + "' is only allowed in select(…)", ref);
                }
                return field(Resolver.path(name, schema));
            }
            return Compiled.of(schema.field(index).type(), row -> row.values().get(index));
        } else if (expr instanceof Expr.Literal literal) {
            Object value = literal.value();
            return Compiled.of(literal.type(), row -> value);
        } else if (expr instanceof Expr.Alias alias) {
            return compile(alias.child());
        } else if (expr instanceof Expr.Star star) {
            throw error("'*' is only allowed in select(…) and count(*)", star);
        } else if (expr instanceof Expr.Unary unary) {
            return unary(unary);
        } else if (expr instanceof Expr.Binary binary) {
            return binary(binary);
        } else if (expr instanceof Expr.IsNull isNull) {
            Compiled child = compile(isNull.child());
            boolean negated = isNull.negated();
            return Compiled.of(SparkType.Atomic.BOOLEAN, row -> (child.eval(row) == null) != negated);
        } else if (expr instanceof Expr.In in) {
            return in(in);
        } else if (expr instanceof Expr.Cast cast) {
            Compiled child = compile(cast.child());
            if (!Casts.canCast(child.type(), cast.type())) {
                throw error("[DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION] Cannot resolve \"" + ExprNames.name(cast)
                        + "\": cannot cast \"" + ExprNames.sqlType(child.type()) + "\" to \""
                        + ExprNames.sqlType(cast.type()) + "\"", cast);
            }
            SparkType to = cast.type();
            return Compiled.of(to, row -> Casts.cast(child.eval(row), child.type(), to, ansi));
        } else if (expr instanceof Expr.Call call) {
            return call(call);
        }
        throw new IllegalArgumentException("unknown expression " + expr);
    }

    /** A struct's field: null when the struct is. */
    private Compiled field(int[] path) {
        return Compiled.of(Resolver.typeAt(path, schema), row -> {
            Object value = row;
            for (int index : path) {
                if (!(value instanceof Row struct)) {
                    return null;
                }
                value = struct.values().get(index);
            }
            return value;
        });
    }

    /** Compiles a condition, which must be boolean. */
    public Compiled condition(Expr expr) throws QueryException {
        Compiled compiled = compile(expr);
        if (compiled.type() != SparkType.Atomic.BOOLEAN && compiled.type() != SparkType.Atomic.NULL) {
            throw error("[DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN] Cannot resolve \"" + ExprNames.name(expr)
                    + "\": filter expression of type \"" + ExprNames.sqlType(compiled.type()) + "\" is not a boolean", expr);
        }
        return compiled;
    }

    private Compiled call(Expr.Call call) throws QueryException {
        if (AGGREGATES.contains(call.name())) {
            throw error("aggregate function " + ExprNames.name(call) + " is only allowed in groupBy(…).agg(…), "
                    + "a GROUP BY select list or agg(…)", call);
        }
        if (call.name().equals("from_json")) {
            return fromJson(call);
        }
        if (call.name().equals("session_window")) {
            throw error("session_window() is only supported as a groupBy(…) key", call);
        }
        if (call.name().equals("window")) {
            TimeWindow window = window(call);
            if (!window.tumbling()) {
                throw error("a sliding window() is only supported as a groupBy(…) key", call);
            }
            Compiled time = compile(call.args().get(0));
            return Compiled.of(TimeWindow.TYPE, row -> {
                List<Row> windows = window.windowsOf((Instant) time.eval(row));
                return windows.isEmpty() ? null : windows.get(0);
            });
        }
        throw error("unsupported function '" + call.name() + "' (the replay supports sum, count, avg, min, max and "
                + "window)", call);
    }

    /**
     * {@code from_json(json, schema[, options])} in PERMISSIVE mode: a struct (a row of nulls for a malformed text,
     * null for a null one), decoded as {@link RowDecoder} does.
     */
    private Compiled fromJson(Expr.Call call) throws QueryException {
        if (call.args().size() < 2 || !(call.args().get(1) instanceof Expr.Literal literal)
                || !(literal.value() instanceof String ddl)) {
            throw error("from_json(…) takes the JSON column and a schema (a DDL string or a StructType)", call);
        }
        Expr argument = call.args().get(0);
        if (argument instanceof Expr.Cast cast && cast.type() == SparkType.Atomic.STRING
                && compile(cast.child()).type() == SparkType.Atomic.BINARY) {
            argument = cast.child(); // from_json(CAST(value AS STRING)): parse the UTF-8 bytes without a string between
        }
        Compiled json = compile(argument);
        if (json.type() != SparkType.Atomic.STRING && json.type() != SparkType.Atomic.BINARY) {
            throw error("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot resolve \"" + ExprNames.name(call)
                    + "\": the first parameter requires the \"STRING\" type, however \""
                    + ExprNames.name(call.args().get(0)) + "\" has the type \"" + ExprNames.sqlType(json.type()) + "\".",
                    call.args().get(0));
        }
        RowDecoder decoder;
        SparkType.Struct struct;
        try {
            struct = DdlParser.parseSchema(ddl);
            decoder = RowDecoder.of(struct);
        } catch (SchemaException e) {
            throw error("from_json(…): " + e.getMessage(), call.args().get(1));
        }
        return Compiled.of(struct, row -> {
            Object text = json.eval(row);
            if (text == null) {
                return null;
            }
            return (text instanceof byte[] bytes ? decoder.decode(bytes) : decoder.decode((String) text)).rowOrNulls(struct);
        });
    }

    /** Validates {@code window(…)}'s arguments as Spark does. */
    public TimeWindow window(Expr.Call call) throws QueryException {
        List<Expr> args = call.args();
        if (args.size() < 2 || args.size() > 4) {
            throw error("window() takes a time column, a window duration, and optionally a slide duration and a start time", call);
        }
        Compiled time = compile(args.get(0));
        if (time.type() != SparkType.Atomic.TIMESTAMP) {
            throw error("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot resolve \"window(" + ExprNames.name(args.get(0))
                    + ")\": the time column must be a timestamp, not " + ExprNames.sqlType(time.type()), args.get(0));
        }
        long window = durationMicros(args.get(1));
        long slide = args.size() > 2 ? durationMicros(args.get(2)) : window;
        long start = args.size() > 3 ? durationMicros(args.get(3)) : 0;
        if (window <= 0) {
            throw error("The window duration (" + text(args.get(1)) + ") must be greater than 0.", args.get(1));
        }
        if (slide <= 0) {
            throw error("The slide duration (" + text(args.get(2)) + ") must be greater than 0.", args.get(2));
        }
        if (slide > window) {
            throw error("The slide duration (" + text(args.get(2)) + ") must be less than or equal to the "
                    + "windowDuration (" + text(args.get(1)) + ").", args.get(2));
        }
        if (Math.abs(start) >= slide) {
            throw error("The absolute value of start time (" + text(args.get(3)) + ") must be less than the "
                    + "slideDuration (" + text(args.size() > 2 ? args.get(2) : args.get(1)) + ").", args.get(3));
        }
        return new TimeWindow(window, slide, start);
    }

    private long durationMicros(Expr expr) throws QueryException {
        if (!(expr instanceof Expr.Literal literal) || !(literal.value() instanceof String text)) {
            throw error("window() takes its durations as strings such as '10 minutes'", expr);
        }
        try {
            return Durations.parseMillis(text) * 1000;
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage(), expr);
        }
    }

    private static String text(Expr expr) {
        return expr instanceof Expr.Literal literal ? String.valueOf(literal.value()) : ExprNames.name(expr);
    }

    private Compiled unary(Expr.Unary unary) throws QueryException {
        Compiled child = compile(unary.child());
        if (unary.op() == Expr.UnaryOp.NOT) {
            requireBoolean(child, unary.child(), unary);
            return Compiled.of(SparkType.Atomic.BOOLEAN, row -> {
                Object value = child.eval(row);
                return value == null ? null : !(Boolean) value;
            });
        }
        if (!Values.isNumeric(child.type())) {
            throw mismatch(unary, "the operand of - must be numeric, not " + ExprNames.sqlType(child.type()));
        }
        return Compiled.of(child.type(), row -> Arithmetic.negate(child.eval(row), ansi));
    }

    private Compiled binary(Expr.Binary binary) throws QueryException {
        Compiled left = compile(binary.left());
        Compiled right = compile(binary.right());
        Expr.BinaryOp op = binary.op();
        if (op == Expr.BinaryOp.AND || op == Expr.BinaryOp.OR) {
            requireBoolean(left, binary.left(), binary);
            requireBoolean(right, binary.right(), binary);
            return op == Expr.BinaryOp.AND ? Compiled.of(SparkType.Atomic.BOOLEAN, row -> and(left, right, row))
                    : Compiled.of(SparkType.Atomic.BOOLEAN, row -> or(left, right, row));
        }
        if (op.isComparison()) {
            return comparison(binary, left, right);
        }
        return arithmetic(binary, left, right);
    }

    private static Object and(Compiled left, Compiled right, Row row) {
        Object l = left.eval(row);
        if (Boolean.FALSE.equals(l)) {
            return false;
        }
        Object r = right.eval(row);
        if (Boolean.FALSE.equals(r)) {
            return false;
        }
        return l == null || r == null ? null : true;
    }

    private static Object or(Compiled left, Compiled right, Row row) {
        Object l = left.eval(row);
        if (Boolean.TRUE.equals(l)) {
            return true;
        }
        Object r = right.eval(row);
        if (Boolean.TRUE.equals(r)) {
            return true;
        }
        return l == null || r == null ? null : false;
    }

    private Compiled comparison(Expr.Binary binary, Compiled left, Compiled right) throws QueryException {
        Compiled[] sides = coerceForComparison(binary, left, right);
        Compiled l = sides[0];
        Compiled r = sides[1];
        Expr.BinaryOp op = binary.op();
        if (op == Expr.BinaryOp.NULL_SAFE_EQUAL) {
            return Compiled.of(SparkType.Atomic.BOOLEAN, row -> {
                Object a = l.eval(row);
                Object b = r.eval(row);
                return a == null || b == null ? a == b : Values.compare(a, b) == 0;
            });
        }
        return Compiled.of(SparkType.Atomic.BOOLEAN, row -> {
            Object a = l.eval(row);
            if (a == null) {
                return null;
            }
            Object b = r.eval(row);
            if (b == null) {
                return null;
            }
            int c = Values.compare(a, b);
            return switch (op) {
                case EQUAL -> c == 0;
                case LESS -> c < 0;
                case LESS_OR_EQUAL -> c <= 0;
                case GREATER -> c > 0;
                default -> c >= 0;
            };
        });
    }

    /** Brings both sides of a comparison to comparable types, or refuses like Spark. */
    private Compiled[] coerceForComparison(Expr expr, Compiled left, Compiled right) throws QueryException {
        SparkType l = left.type();
        SparkType r = right.type();
        if (l.equals(r) || l == SparkType.Atomic.NULL || r == SparkType.Atomic.NULL
                || (Values.isNumeric(l) && Values.isNumeric(r))) {
            return new Compiled[]{left, right};
        }
        if (l == SparkType.Atomic.STRING && r != SparkType.Atomic.STRING) {
            return new Compiled[]{castTo(left, comparisonTarget(r), expr), right};
        }
        if (r == SparkType.Atomic.STRING) {
            return new Compiled[]{left, castTo(right, comparisonTarget(l), expr)};
        }
        if (l == SparkType.Atomic.DATE && r == SparkType.Atomic.TIMESTAMP) {
            return new Compiled[]{castTo(left, r, expr), right};
        }
        if (l == SparkType.Atomic.TIMESTAMP && r == SparkType.Atomic.DATE) {
            return new Compiled[]{left, castTo(right, l, expr)};
        }
        throw mismatch(expr, "the left and right operands of the binary operator have incompatible types (\""
                + ExprNames.sqlType(l) + "\" and \"" + ExprNames.sqlType(r) + "\")");
    }

    private static SparkType comparisonTarget(SparkType other) {
        if (Values.isIntegral(other)) {
            return SparkType.Atomic.LONG;
        }
        if (Values.isNumeric(other)) {
            return SparkType.Atomic.DOUBLE;
        }
        return other;
    }

    private Compiled castTo(Compiled child, SparkType to, Expr at) throws QueryException {
        if (!Casts.canCast(child.type(), to)) {
            throw mismatch(at, "cannot compare " + ExprNames.sqlType(child.type()) + " with " + ExprNames.sqlType(to));
        }
        SparkType from = child.type();
        return Compiled.of(to, row -> Casts.cast(child.eval(row), from, to, ansi));
    }

    private Compiled arithmetic(Expr.Binary binary, Compiled left, Compiled right) throws QueryException {
        SparkType l = left.type();
        SparkType r = right.type();
        Expr.BinaryOp op = binary.op();
        if (l == SparkType.Atomic.NULL || r == SparkType.Atomic.NULL) {
            SparkType type = l == SparkType.Atomic.NULL ? r : l;
            return Compiled.of(type == SparkType.Atomic.NULL ? SparkType.Atomic.DOUBLE : type, row -> null);
        }
        if ((op == Expr.BinaryOp.ADD || op == Expr.BinaryOp.SUBTRACT) && l == SparkType.Atomic.TIMESTAMP
                && r == SparkType.Atomic.CALENDAR_INTERVAL || op == Expr.BinaryOp.ADD
                && l == SparkType.Atomic.CALENDAR_INTERVAL && r == SparkType.Atomic.TIMESTAMP) {
            boolean intervalFirst = l == SparkType.Atomic.CALENDAR_INTERVAL;
            Compiled time = intervalFirst ? right : left;
            Compiled interval = intervalFirst ? left : right;
            int sign = op == Expr.BinaryOp.SUBTRACT ? -1 : 1;
            return Compiled.of(SparkType.Atomic.TIMESTAMP, row -> TimeArithmetic.add((java.time.Instant) time.eval(row),
                    (Row.Interval) interval.eval(row), sign));
        }
        if (!Values.isNumeric(l) || !Values.isNumeric(r)) {
            throw mismatch(binary, "the binary operator " + op.symbol() + " needs numeric operands, found \""
                    + ExprNames.sqlType(l) + "\" and \"" + ExprNames.sqlType(r) + "\"");
        }
        if (Values.isFractional(l) || Values.isFractional(r)) {
            SparkType type = l == SparkType.Atomic.FLOAT && r == SparkType.Atomic.FLOAT ? l : SparkType.Atomic.DOUBLE;
            return Compiled.of(type, row -> Arithmetic.fractional(op, left.eval(row), right.eval(row), type, ansi));
        }
        if (l instanceof SparkType.Decimal || r instanceof SparkType.Decimal) {
            SparkType.Decimal ld = decimalOf(binary.left(), l);
            SparkType.Decimal rd = decimalOf(binary.right(), r);
            SparkType.Decimal type = DecimalMath.resultType(op, ld, rd);
            return Compiled.of(type, row -> Arithmetic.decimal(op, left.eval(row), right.eval(row), type, ansi));
        }
        if (op == Expr.BinaryOp.DIVIDE) {
            return Compiled.of(SparkType.Atomic.DOUBLE, row -> Arithmetic.fractional(op, left.eval(row), right.eval(row),
                    SparkType.Atomic.DOUBLE, ansi));
        }
        SparkType type = widerIntegral(l, r);
        return Compiled.of(type, row -> Arithmetic.integral(op, left.eval(row), right.eval(row), type, ansi));
    }

    private static SparkType.Decimal decimalOf(Expr expr, SparkType type) {
        if (type instanceof SparkType.Decimal d) {
            return d;
        }
        Expr bare = expr instanceof Expr.Alias alias ? alias.child() : expr;
        if (bare instanceof Expr.Literal literal && literal.value() != null) {
            return DecimalMath.forLiteral(literal.value());
        }
        return DecimalMath.forIntegral(type);
    }

    private static SparkType widerIntegral(SparkType a, SparkType b) {
        List<SparkType> order = List.of(SparkType.Atomic.BYTE, SparkType.Atomic.SHORT, SparkType.Atomic.INTEGER,
                SparkType.Atomic.LONG);
        return order.get(Math.max(order.indexOf(a), order.indexOf(b)));
    }

    private Compiled in(Expr.In in) throws QueryException {
        Compiled child = compile(in.child());
        List<Compiled> values = new ArrayList<>();
        for (Expr value : in.values()) {
            Compiled[] sides = coerceForComparison(in, child, compile(value));
            values.add(sides[1]);
            child = sides[0];
        }
        Compiled subject = child;
        return Compiled.of(SparkType.Atomic.BOOLEAN, row -> {
            Object value = subject.eval(row);
            if (value == null) {
                return null;
            }
            boolean sawNull = false;
            for (Compiled candidate : values) {
                Object other = candidate.eval(row);
                if (other == null) {
                    sawNull = true;
                } else if (Values.compare(value, other) == 0) {
                    return true;
                }
            }
            return sawNull ? null : false;
        });
    }

    private void requireBoolean(Compiled compiled, Expr operand, Expr whole) throws QueryException {
        if (compiled.type() != SparkType.Atomic.BOOLEAN && compiled.type() != SparkType.Atomic.NULL) {
            throw mismatch(whole, "\"" + ExprNames.name(operand) + "\" is " + ExprNames.sqlType(compiled.type())
                    + ", not BOOLEAN");
        }
    }

    private QueryException mismatch(Expr expr, String why) {
        return error("[DATATYPE_MISMATCH] Cannot resolve \"" + ExprNames.name(io.streamscope.replay.query.Exprs.unalias(expr))
                + "\" due to data type mismatch: " + why + ".", expr);
    }

    private QueryException error(String message, Expr at) {
        return new QueryException(message, query, at.position());
    }
}
