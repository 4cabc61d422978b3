package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The names Spark gives result columns ({@code toPrettySQL}): {@code sum(amount)}, {@code count(1)},
 * {@code (amount >= 10)}, {@code window}; an alias wins. Implicit casts never show, literals print bare.
 */
public final class ExprNames {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private ExprNames() {
    }

    public static String name(Expr expr) {
        if (expr instanceof Expr.Alias alias) {
            return alias.name();
        }
        if (expr instanceof Expr.Call call && (call.name().equals("window") || call.name().equals("session_window"))) {
            return call.name();
        }
        if (expr instanceof Expr.ColumnRef ref && ref.name().lastIndexOf('.') > 0) {
            return ref.name().substring(ref.name().lastIndexOf('.') + 1); // o.order_id is the field order_id
        }
        return pretty(expr, false);
    }

    /**
     * A text that is equal for expressions Spark treats as the same (grouping expressions repeated in the select
     * list, the same aggregate written twice): like the name, but with string literals quoted.
     */
    public static String canonical(Expr expr) {
        return pretty(Exprs.unalias(expr), true);
    }

    private static String pretty(Expr expr, boolean quoteStrings) {
        if (expr instanceof Expr.ColumnRef ref) {
            return ref.name();
        } else if (expr instanceof Expr.Star) {
            return "*";
        } else if (expr instanceof Expr.Literal literal) {
            return literal(literal, quoteStrings);
        } else if (expr instanceof Expr.Alias alias) {
            return pretty(alias.child(), quoteStrings);
        } else if (expr instanceof Expr.Unary unary) {
            return "(" + unary.op().symbol() + " " + pretty(unary.child(), quoteStrings) + ")";
        } else if (expr instanceof Expr.Binary binary) {
            return "(" + pretty(binary.left(), quoteStrings) + " " + binary.op().symbol() + " "
                    + pretty(binary.right(), quoteStrings) + ")";
        } else if (expr instanceof Expr.IsNull isNull) {
            return "(" + pretty(isNull.child(), quoteStrings) + (isNull.negated() ? " IS NOT NULL)" : " IS NULL)");
        } else if (expr instanceof Expr.In in) {
            return "(" + pretty(in.child(), quoteStrings) + " IN (" + in.values().stream()
                    .map(v -> pretty(v, quoteStrings)).collect(Collectors.joining(", ")) + "))";
        } else if (expr instanceof Expr.Cast cast) {
            return "CAST(" + pretty(cast.child(), quoteStrings) + " AS " + sqlType(cast.type()) + ")";
        } else if (expr instanceof Expr.Call call) {
            return call.name() + "(" + call.args().stream().map(a -> pretty(a, quoteStrings))
                    .collect(Collectors.joining(", ")) + ")";
        }
        throw new IllegalArgumentException("unknown expression " + expr);
    }

    private static String literal(Expr.Literal literal, boolean quoteStrings) {
        Object value = literal.value();
        if (value == null) {
            return "NULL";
        }
        if (value instanceof String s) {
            return quoteStrings ? "'" + s.replace("'", "\\'") + "'" : s;
        }
        if (value instanceof Instant instant) {
            return "TIMESTAMP '" + TIMESTAMP.format(instant) + "'";
        }
        if (value instanceof java.time.LocalDate date) {
            return "DATE '" + date + "'";
        }
        if (value instanceof java.math.BigDecimal decimal) {
            return decimal.toPlainString();
        }
        return String.valueOf(value);
    }

    /** A type as Spark's SQL prints it: {@code INT}, {@code BIGINT}, {@code DECIMAL(10,2)}. */
    public static String sqlType(SparkType type) {
        if (type instanceof SparkType.Decimal d) {
            return "DECIMAL(" + d.precision() + "," + d.scale() + ")";
        }
        if (type instanceof SparkType.Atomic atomic) {
            return switch (atomic) {
                case BYTE -> "TINYINT";
                case SHORT -> "SMALLINT";
                case INTEGER -> "INT";
                case LONG -> "BIGINT";
                case NULL -> "VOID";
                default -> atomic.typeName().toUpperCase(Locale.ROOT);
            };
        }
        if (type instanceof SparkType.Struct struct) {
            return "STRUCT<" + struct.fields().stream().map(f -> f.name() + ": " + sqlType(f.type()))
                    .collect(Collectors.joining(", ")) + ">";
        }
        return type.typeName().toUpperCase(Locale.ROOT);
    }
}
