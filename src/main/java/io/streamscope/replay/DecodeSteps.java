package io.streamscope.replay;

import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.Exprs;
import io.streamscope.replay.query.Step;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The steps that decode a stream's records: the leading projections of a {@code readStream}'s chain
 * ({@code select(from_json(…))}, {@code o.*}), the schema their {@code from_json} names, and the same steps with
 * another schema in its place.
 */
final class DecodeSteps {

    private DecodeSteps() {
    }

    /** How many leading steps decode the records: projections ({@code select}, {@code withColumn}, renames, drops). */
    static int decodeLength(List<Step> steps) {
        int length = 0;
        while (length < steps.size() && isProjection(steps.get(length))) {
            length++;
        }
        return length;
    }

    static boolean isProjection(Step step) {
        return step instanceof Step.Project || step instanceof Step.WithColumn || step instanceof Step.Rename
                || step instanceof Step.Drop;
    }

    /** The schema argument of the first {@code from_json} in the steps: a DDL text or a {@link SchemaVariable}. */
    static Optional<Object> fromJsonSchema(List<Step> steps) {
        for (Step step : steps) {
            for (Expr expr : expressions(step)) {
                Optional<Object> found = fromJsonSchema(expr);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Object> fromJsonSchema(Expr expr) {
        if (expr instanceof Expr.Call call && call.name().equals("from_json") && call.args().size() > 1
                && call.args().get(1) instanceof Expr.Literal literal) {
            return Optional.ofNullable(literal.value());
        }
        for (Expr child : Exprs.children(expr)) {
            Optional<Object> found = fromJsonSchema(child);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private static List<Expr> expressions(Step step) {
        if (step instanceof Step.Project project) {
            return project.columns();
        }
        if (step instanceof Step.WithColumn withColumn) {
            return List.of(withColumn.expr());
        }
        return List.of();
    }

    /** The steps with every {@code from_json}'s schema set to {@code ddl}. */
    static List<Step> replaceSchema(List<Step> steps, String ddl) {
        List<Step> replaced = new ArrayList<>();
        for (Step step : steps) {
            if (step instanceof Step.Project project) {
                replaced.add(new Step.Project(project.columns().stream().map(e -> withSchema(e, ddl)).toList(),
                        project.position()));
            } else if (step instanceof Step.WithColumn withColumn) {
                replaced.add(new Step.WithColumn(withColumn.name(), withSchema(withColumn.expr(), ddl),
                        withColumn.position()));
            } else {
                replaced.add(step);
            }
        }
        return replaced;
    }

    private static Expr withSchema(Expr expr, String ddl) {
        return Exprs.transform(expr, node -> {
            if (node instanceof Expr.Call call && call.name().equals("from_json") && call.args().size() > 1) {
                Expr schema = call.args().get(1);
                return new Expr.Call("from_json", List.of(call.args().get(0),
                        new Expr.Literal(ddl, SparkType.Atomic.STRING, schema.position())), call.position());
            }
            return node;
        });
    }
}
