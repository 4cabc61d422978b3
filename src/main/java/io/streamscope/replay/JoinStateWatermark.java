package io.streamscope.replay;

import io.streamscope.replay.query.Expr;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The watermark of one side's join state, as Spark's {@code StreamingJoinHelper.getStateValueWatermark} derives it
 * from the join condition: each conjunct {@code a < b} / {@code a <= b} (and {@code >}, {@code >=}; BETWEEN is two of
 * them) that is linear in the side's event time (negated) and the other side's event time, plus interval constants,
 * bounds the side's rows that can still match once the other side's rows are past the watermark. Rows at or before
 * the smallest bound are evicted. A conjunct Spark cannot solve gives no bound.
 */
final class JoinStateWatermark {

    /** {@code state watermark = (W * 1000 + micros) / 1000 - (inclusive ? 1 : 0)} ms, for the batch's watermark W. */
    record Bound(long micros, boolean inclusive) {
        long at(long watermarkMs) {
            long value = (long) ((watermarkMs * 1000.0 + micros) / 1000.0);
            return inclusive ? value - 1 : value;
        }
    }

    private final List<Bound> bounds;

    private JoinStateWatermark(List<Bound> bounds) {
        this.bounds = List.copyOf(bounds);
    }

    /**
     * @param condition  the join condition, its columns qualified ({@code o.order_ts})
     * @param thisSide   the columns of the side whose state is bounded
     * @param otherTime  the other side's event-time column
     * @param otherSide  the other side's columns
     */
    static JoinStateWatermark of(Expr condition, Set<String> thisSide, String otherTime, Set<String> otherSide) {
        List<Bound> bounds = new ArrayList<>();
        for (Expr conjunct : conjuncts(condition)) {
            if (!(conjunct instanceof Expr.Binary binary)) {
                continue;
            }
            Bound bound = switch (binary.op()) {
                case LESS -> solve(binary.left(), binary.right(), thisSide, otherTime, otherSide, false);
                case LESS_OR_EQUAL -> solve(binary.left(), binary.right(), thisSide, otherTime, otherSide, true);
                case GREATER -> solve(binary.right(), binary.left(), thisSide, otherTime, otherSide, false);
                case GREATER_OR_EQUAL -> solve(binary.right(), binary.left(), thisSide, otherTime, otherSide, true);
                default -> null;
            };
            if (bound != null) {
                bounds.add(bound);
            }
        }
        return new JoinStateWatermark(bounds);
    }

    /** The state of a join whose keys hold both sides' event times: evicted at the watermark itself. */
    static JoinStateWatermark keyed() {
        return new JoinStateWatermark(List.of(new Bound(0, false)));
    }

    static JoinStateWatermark none() {
        return new JoinStateWatermark(List.of());
    }

    boolean defined() {
        return !bounds.isEmpty();
    }

    /** The side's state watermark in ms for the batch's watermark, or empty when the condition bounds nothing. */
    OptionalLong at(long watermarkMs) {
        return bounds.stream().mapToLong(bound -> bound.at(watermarkMs)).min();
    }

    static List<Expr> conjuncts(Expr condition) {
        List<Expr> all = new ArrayList<>();
        if (condition instanceof Expr.Binary binary && binary.op() == Expr.BinaryOp.AND) {
            all.addAll(conjuncts(binary.left()));
            all.addAll(conjuncts(binary.right()));
        } else if (condition != null) {
            all.add(condition);
        }
        return all;
    }

    /** A term of {@code left - right}: a column with its sign, or a constant in microseconds. */
    private record Term(String column, int sign, long micros) {
    }

    /** {@code left < right} solved for this side's time: the bound, or null when Spark could not solve it either. */
    private static Bound solve(Expr left, Expr right, Set<String> thisSide, String otherTime, Set<String> otherSide,
                               boolean inclusive) {
        List<Term> terms = new ArrayList<>();
        if (!terms(left, 1, terms) || !terms(right, -1, terms)) {
            return null;
        }
        List<Term> constrained = terms.stream().filter(t -> t.column() != null && thisSide.contains(t.column())).toList();
        if (constrained.size() != 1 || constrained.get(0).sign() > 0) {
            return null;
        }
        long micros = 0;
        int watermarkTerms = 0;
        for (Term term : terms) {
            if (term == constrained.get(0)) {
                continue;
            }
            if (term.column() == null) {
                micros += term.micros();
            } else if (term.column().equals(otherTime) && term.sign() > 0) {
                watermarkTerms++;
            } else {
                return null; // another column, of either side, or the other side's time negated: not solvable
            }
        }
        return watermarkTerms == 1 ? new Bound(micros, inclusive) : null;
    }

    private static boolean terms(Expr expr, int sign, List<Term> into) {
        if (expr instanceof Expr.ColumnRef ref) {
            into.add(new Term(ref.name(), sign, 0));
            return true;
        }
        if (expr instanceof Expr.Literal literal && literal.type() == SparkType.Atomic.CALENDAR_INTERVAL
                && literal.value() instanceof Row.Interval interval) {
            if (interval.months() != 0) {
                return false;
            }
            into.add(new Term(null, sign, sign * (interval.days() * 86_400_000_000L + interval.microseconds())));
            return true;
        }
        if (expr instanceof Expr.Alias alias) {
            return terms(alias.child(), sign, into);
        }
        if (expr instanceof Expr.Unary unary && unary.op() == Expr.UnaryOp.NEGATE) {
            return terms(unary.child(), -sign, into);
        }
        if (expr instanceof Expr.Binary binary && (binary.op() == Expr.BinaryOp.ADD
                || binary.op() == Expr.BinaryOp.SUBTRACT)) {
            return terms(binary.left(), sign, into)
                    && terms(binary.right(), binary.op() == Expr.BinaryOp.ADD ? sign : -sign, into);
        }
        return false;
    }
}
