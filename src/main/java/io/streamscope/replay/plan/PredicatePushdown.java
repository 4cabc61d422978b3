package io.streamscope.replay.plan;

import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.ExprNames;
import io.streamscope.replay.query.Exprs;
import io.streamscope.replay.query.Step;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Spark's optimizer moves filter conditions as early as they can go ({@code PushPredicateThroughNonJoin}): through
 * projections (aliases replaced), through an aggregation when they read only grouping columns, and through
 * {@code withWatermark} when they do not read the event time. It matters to a replay: a row filtered below the
 * watermark does not move it, and a group filtered below the aggregation never enters the state store.
 */
final class PredicatePushdown {

    private PredicatePushdown() {
    }

    /**
     * One conjunct moved one place earlier, or none when nothing can move.
     *
     * @param steps   the steps, names resolved
     * @param inputs  the input schema of each step
     */
    static List<Step> pushOnce(List<Step> steps, List<SparkType.Struct> inputs) {
        for (int i = 0; i < steps.size(); i++) {
            if (!(steps.get(i) instanceof Step.Filter filter)) {
                continue;
            }
            List<Expr> conjuncts = conjuncts(filter.condition());
            for (int c = 0; c < conjuncts.size(); c++) {
                Expr conjunct = conjuncts.get(c);
                int j = i - 1;
                Expr moved = conjunct;
                while (j >= 0) {
                    Expr through = through(steps.get(j), moved, inputs.get(j));
                    if (through == null) {
                        break;
                    }
                    moved = through;
                    j--;
                }
                if (j + 1 < i && !sameSpot(steps, j, i)) {
                    return rebuild(steps, i, c, conjuncts, j + 1, moved);
                }
            }
        }
        return null;
    }

    /** Moving past other filters only (filters commute) changes nothing. */
    private static boolean sameSpot(List<Step> steps, int j, int i) {
        for (int k = j + 1; k < i; k++) {
            if (!(steps.get(k) instanceof Step.Filter)) {
                return false;
            }
        }
        return true;
    }

    private static List<Step> rebuild(List<Step> steps, int from, int conjunct, List<Expr> conjuncts, int to, Expr moved) {
        List<Step> result = new ArrayList<>(steps);
        Step.Filter original = (Step.Filter) steps.get(from);
        List<Expr> rest = new ArrayList<>(conjuncts);
        rest.remove(conjunct);
        if (rest.isEmpty()) {
            result.remove(from);
        } else {
            result.set(from, new Step.Filter(and(rest), original.position()));
        }
        result.add(to, new Step.Filter(moved, original.position()));
        return result;
    }

    /** The condition rewritten to apply below {@code step}, or null when it cannot pass it. */
    private static Expr through(Step step, Expr condition, SparkType.Struct input) {
        if (step instanceof Step.Filter) {
            return condition;
        }
        if (step instanceof Step.Watermark watermark) {
            return Exprs.references(condition).contains(watermark.column()) ? null : condition;
        }
        if (step instanceof Step.Aggregate aggregate) {
            if (aggregate.grouping().isEmpty() || Exprs.references(condition).isEmpty()) {
                return null;
            }
            Map<String, Expr> definitions = new HashMap<>();
            for (Expr item : aggregate.output()) {
                for (Expr key : aggregate.grouping()) {
                    if (ExprNames.canonical(key).equals(ExprNames.canonical(item))) {
                        definitions.put(ExprNames.name(item), Exprs.unalias(key));
                    }
                }
            }
            return substitute(condition, definitions);
        }
        Map<String, Expr> definitions = definitions(step, input);
        return definitions == null ? null : substitute(condition, definitions);
    }

    /** Each output column of a projection-like step, as an expression over its input; null for other steps. */
    private static Map<String, Expr> definitions(Step step, SparkType.Struct input) {
        Map<String, Expr> definitions = new HashMap<>();
        if (step instanceof Step.Project project) {
            for (Expr item : project.columns()) {
                if (item instanceof Expr.Star) {
                    input.fields().forEach(f -> definitions.put(f.name(), new Expr.ColumnRef(f.name(), item.position())));
                } else {
                    definitions.put(ExprNames.name(item), Exprs.unalias(item));
                }
            }
            return definitions;
        }
        input.fields().forEach(f -> definitions.put(f.name(), new Expr.ColumnRef(f.name(), 0)));
        if (step instanceof Step.WithColumn withColumn) {
            definitions.put(withColumn.name(), withColumn.expr());
            return definitions;
        }
        if (step instanceof Step.Rename rename) {
            Expr source = definitions.remove(rename.from());
            if (source != null) {
                definitions.put(rename.to(), source);
            }
            return definitions;
        }
        if (step instanceof Step.Drop drop) {
            drop.names().forEach(definitions::remove);
            return definitions;
        }
        return null;
    }

    private static Expr substitute(Expr condition, Map<String, Expr> definitions) {
        for (String name : Exprs.references(condition)) {
            if (!definitions.containsKey(name)) {
                return null;
            }
        }
        return Exprs.transform(condition, node -> node instanceof Expr.ColumnRef ref ? definitions.get(ref.name()) : node);
    }

    static List<Expr> conjuncts(Expr condition) {
        if (condition instanceof Expr.Binary binary && binary.op() == Expr.BinaryOp.AND) {
            List<Expr> all = new ArrayList<>(conjuncts(binary.left()));
            all.addAll(conjuncts(binary.right()));
            return all;
        }
        return List.of(condition);
    }

    private static Expr and(List<Expr> conjuncts) {
        Expr result = conjuncts.get(0);
        for (int i = 1; i < conjuncts.size(); i++) {
            result = new Expr.Binary(Expr.BinaryOp.AND, result, conjuncts.get(i), conjuncts.get(i).position());
        }
        return result;
    }
}
