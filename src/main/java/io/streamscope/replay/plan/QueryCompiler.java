package io.streamscope.replay.plan;

import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.ExprNames;
import io.streamscope.replay.query.Query;
import io.streamscope.replay.query.QueryException;
import io.streamscope.replay.query.Step;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a parsed query into operators over the stream's schema: resolves columns, types every expression, applies
 * Spark's filter push-down, and refuses what Spark would refuse at analysis (with Spark's error) or what the replay
 * does not model (saying so).
 */
public final class QueryCompiler {

    private final Query query;
    private final boolean ansi;

    private QueryCompiler(Query query, boolean ansi) {
        this.query = query;
        this.ansi = ansi;
    }

    /**
     * @param schema the stream's value columns (the schema given to {@code from_json})
     * @param ansi   ANSI arithmetic (Spark 4's default): division by zero and overflow fail the batch
     */
    public static CompiledQuery compile(Query query, SparkType.Struct schema, boolean ansi) throws QueryException {
        QueryCompiler compiler = new QueryCompiler(query, ansi);
        Relation input = Relation.of(schema);
        Pass pass = compiler.run(query.steps(), input);
        for (List<Step> pushed = PredicatePushdown.pushOnce(pass.steps, pass.inputs); pushed != null;
             pushed = PredicatePushdown.pushOnce(pass.steps, pass.inputs)) {
            pass = compiler.run(pushed, input);
        }
        return new CompiledQuery(query, pass.steps, input, pass.operators, ansi);
    }

    /** The steps with names resolved, each step's input schema, and the operators. */
    private record Pass(List<Step> steps, List<SparkType.Struct> inputs, List<Operator> operators) {
    }

    private Pass run(List<Step> steps, Relation input) throws QueryException {
        int statefulCount = (int) steps.stream().filter(s -> s instanceof Step.Aggregate || s instanceof Step.Deduplicate).count();
        int statefulSeen = 0;
        boolean aggregated = false;
        Relation current = input;
        List<Step> resolved = new ArrayList<>();
        List<SparkType.Struct> inputs = new ArrayList<>();
        List<Operator> operators = new ArrayList<>();
        for (Step step : steps) {
            inputs.add(current.schema());
            Operator operator;
            Step resolvedStep;
            if (step instanceof Step.Aggregate aggregate) {
                if (aggregated) {
                    throw refuse("the replay supports one aggregation per query", step);
                }
                aggregated = true;
                resolvedStep = new Step.Aggregate(resolveAll(aggregate.grouping(), current, true),
                        resolveAll(aggregate.output(), current, true), aggregate.position());
                // Spark numbers stateful operators from the sink down: the last one is operator 0
                int id = statefulCount - 1 - statefulSeen++;
                operator = new AggregateCompiler(current, query.text(), ansi).compile((Step.Aggregate) resolvedStep, id);
            } else if (step instanceof Step.Deduplicate dedup) {
                if (aggregated) {
                    throw refuse("the replay supports " + (dedup.withinWatermark() ? "dropDuplicatesWithinWatermark"
                            : "dropDuplicates") + " before an aggregation, not after it", step);
                }
                int id = statefulCount - 1 - statefulSeen++;
                resolvedStep = resolveDedup(dedup, current);
                operator = deduplicate((Step.Deduplicate) resolvedStep, current, id);
            } else if (step instanceof Step.Watermark watermark) {
                if (aggregated) {
                    throw refuse("the replay does not support withWatermark after an aggregation", step);
                }
                resolvedStep = new Step.Watermark(column(watermark.column(), current, step.position()),
                        watermark.delayText(), watermark.delayMs(), watermark.position());
                operator = watermark((Step.Watermark) resolvedStep, current);
            } else {
                resolvedStep = resolveStateless(step, current);
                operator = new StatelessCompiler(current, query.text(), ansi).compile(resolvedStep);
            }
            resolved.add(resolvedStep);
            operators.add(operator);
            current = operator.output();
        }
        return new Pass(resolved, inputs, operators);
    }

    private Step resolveStateless(Step step, Relation current) throws QueryException {
        if (step instanceof Step.Filter filter) {
            return new Step.Filter(resolve(filter.condition(), current), filter.position());
        }
        if (step instanceof Step.Project project) {
            return new Step.Project(resolveAll(project.columns(), current, false), project.position());
        }
        if (step instanceof Step.WithColumn withColumn) {
            return new Step.WithColumn(withColumn.name(), resolve(withColumn.expr(), current), withColumn.position());
        }
        return step;
    }

    private Operator watermark(Step.Watermark step, Relation current) throws QueryException {
        int index = current.indexOf(step.column());
        SparkType type = current.schema().field(index).type();
        if (type != SparkType.Atomic.TIMESTAMP && !type.equals(TimeWindow.TYPE)) {
            throw new QueryException("[EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE] The event time `" + step.column()
                    + "` has the invalid type \"" + ExprNames.sqlType(type) + "\", but expected \"TIMESTAMP\".",
                    query.text(), step.position());
        }
        if (!current.eventTime().isEmpty()) {
            throw refuse("Redefining watermark is disallowed: the stream already has a watermark on "
                    + current.eventTimeColumn().orElseThrow(), step);
        }
        Map<String, Long> eventTime = new HashMap<>();
        eventTime.put(step.column(), step.delayMs());
        Relation output = new Relation(current.schema(), eventTime);
        return new Operator.Watermark(index, step.column(), step.delayMs(), output);
    }

    private Step.Deduplicate resolveDedup(Step.Deduplicate dedup, Relation current) throws QueryException {
        List<String> columns = new ArrayList<>();
        for (String name : dedup.columns()) {
            columns.add(column(name, current, dedup.position()));
        }
        return new Step.Deduplicate(columns, dedup.withinWatermark(), dedup.position());
    }

    private Operator deduplicate(Step.Deduplicate dedup, Relation current, int operatorId) {
        List<String> names = dedup.columns().isEmpty()
                ? current.schema().fields().stream().map(SparkType.Field::name).toList() : dedup.columns();
        List<Integer> keyColumns = new ArrayList<>();
        List<SparkType.Field> keyFields = new ArrayList<>();
        for (String name : names) {
            int index = current.indexOf(name);
            keyColumns.add(index);
            keyFields.add(current.schema().field(index));
        }
        String eventTimeColumn = current.eventTimeColumn().orElse(null);
        int eventTime = eventTimeColumn == null ? -1 : current.indexOf(eventTimeColumn);
        long delay = eventTimeColumn == null ? 0 : current.eventTime().get(eventTimeColumn);
        return new Operator.Deduplicate(operatorId, keyColumns, new SparkType.Struct(keyFields), dedup.withinWatermark(),
                eventTime, eventTimeColumn != null && names.contains(eventTimeColumn), delay, current);
    }

    private List<Expr> resolveAll(List<Expr> exprs, Relation current, boolean allowAliasReferences) throws QueryException {
        List<Expr> resolved = new ArrayList<>();
        for (Expr expr : exprs) {
            if (allowAliasReferences && expr instanceof Expr.ColumnRef ref && current.schema().fields().stream()
                    .noneMatch(f -> f.name().equalsIgnoreCase(ref.name()))) {
                resolved.add(expr); // GROUP BY alias: resolved against the select list
            } else {
                resolved.add(resolve(expr, current));
            }
        }
        return resolved;
    }

    private Expr resolve(Expr expr, Relation current) throws QueryException {
        return Resolver.resolve(expr, current.schema(), query.text());
    }

    private String column(String name, Relation current, int position) throws QueryException {
        return Resolver.column(name, position, current.schema(), query.text());
    }

    private QueryException refuse(String reason, Step at) {
        return new QueryException(reason, query.text(), at.position());
    }
}
