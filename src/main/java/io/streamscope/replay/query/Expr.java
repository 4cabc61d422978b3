package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;

import java.util.List;

/**
 * A column expression as written in the query, before column names are resolved. Each node keeps the offset in the
 * query text where it starts, so that analysis errors can point at it.
 */
public sealed interface Expr {

    int position();

    /** A column by name ({@code col("amount")}, {@code $"amount"}, {@code amount} in SQL). */
    record ColumnRef(String name, int position) implements Expr {
    }

    /** {@code *}: every column in {@code select("*")}, or the argument of {@code count("*")}. */
    record Star(int position) implements Expr {
    }

    /** A constant; {@code value} uses the {@link io.streamscope.sparktypes.Row} value model. */
    record Literal(Object value, SparkType type, int position) implements Expr {
    }

    /** {@code -x} or {@code NOT x}. */
    record Unary(UnaryOp op, Expr child, int position) implements Expr {
    }

    record Binary(BinaryOp op, Expr left, Expr right, int position) implements Expr {
    }

    /** {@code x IS NULL} ({@code negated} false) or {@code x IS NOT NULL}. */
    record IsNull(Expr child, boolean negated, int position) implements Expr {
    }

    /** {@code x IN (a, b, …)}. */
    record In(Expr child, List<Expr> values, int position) implements Expr {
        public In {
            values = List.copyOf(values);
        }
    }

    /** A function call; {@code name} is lower case ({@code sum}, {@code count}, {@code window}, …). */
    record Call(String name, List<Expr> args, int position) implements Expr {
        public Call {
            args = List.copyOf(args);
        }
    }

    /** {@code CAST(x AS type)} or {@code x.cast("type")}. */
    record Cast(Expr child, SparkType type, int position) implements Expr {
    }

    /** {@code x.alias("n")}, {@code x.as("n")}, {@code x AS n}. */
    record Alias(Expr child, String name, int position) implements Expr {
    }

    enum UnaryOp {
        NEGATE("-"), NOT("NOT");

        private final String symbol;

        UnaryOp(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    enum BinaryOp {
        ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"), REMAINDER("%"),
        EQUAL("="), NULL_SAFE_EQUAL("<=>"), LESS("<"), LESS_OR_EQUAL("<="), GREATER(">"), GREATER_OR_EQUAL(">="),
        AND("AND"), OR("OR");

        private final String symbol;

        BinaryOp(String symbol) {
            this.symbol = symbol;
        }

        /** How Spark prints the operator in a generated column name. */
        public String symbol() {
            return symbol;
        }

        public boolean isArithmetic() {
            return ordinal() <= REMAINDER.ordinal();
        }

        public boolean isComparison() {
            return ordinal() >= EQUAL.ordinal() && ordinal() <= GREATER_OR_EQUAL.ordinal();
        }
    }
}
