package io.streamscope.replay.plan;

import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.ExprNames;
import io.streamscope.replay.query.Exprs;
import io.streamscope.replay.query.QueryException;
import io.streamscope.replay.query.Step;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Compiles {@code groupBy(…).agg(…)} / {@code GROUP BY}: keys, aggregate calls and result columns. */
final class AggregateCompiler {

    private final Relation input;
    private final String query;
    private final boolean ansi;
    private final ExpressionCompiler expressions;

    AggregateCompiler(Relation input, String query, boolean ansi) {
        this.input = input;
        this.query = query;
        this.ansi = ansi;
        this.expressions = new ExpressionCompiler(input.schema(), query, ansi);
    }

    Operator.Aggregate compile(Step.Aggregate step, int operatorId) throws QueryException {
        List<Expr> grouping = groupingWithAliases(step);
        List<AggregateSpec.Key> keys = new ArrayList<>();
        Map<String, Integer> keyByText = new HashMap<>();
        int eventTimeKey = -1;
        long delay = 0;
        for (Expr expr : grouping) {
            Expr bare = Exprs.unalias(expr);
            TimeWindow window = null;
            long sessionGap = 0;
            Compiled compiled;
            SparkType type;
            if (bare instanceof Expr.Call call && call.name().equals("session_window")) {
                sessionGap = sessionGap(call);
                compiled = expressions.compile(call.args().get(0));
                if (compiled.type() != SparkType.Atomic.TIMESTAMP) {
                    throw new QueryException("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot resolve \"session_window("
                            + ExprNames.name(call.args().get(0)) + ")\": the time column must be a timestamp, not "
                            + ExprNames.sqlType(compiled.type()), query, call.position());
                }
                type = TimeWindow.TYPE;
            } else if (bare instanceof Expr.Call call && call.name().equals("window")) {
                window = expressions.window(call);
                compiled = expressions.compile(call.args().get(0));
                type = TimeWindow.TYPE;
            } else {
                compiled = expressions.compile(bare);
                type = compiled.type();
            }
            if (ExpressionCompiler.AGGREGATES.contains(bare instanceof Expr.Call c ? c.name() : "")) {
                throw new QueryException("[GROUP_BY_AGGREGATE] Aggregate functions are not allowed in GROUP BY, but found "
                        + ExprNames.name(bare) + ".", query, bare.position());
            }
            keyByText.put(ExprNames.canonical(bare), keys.size());
            Expr eventSource = window != null || sessionGap > 0 ? ((Expr.Call) bare).args().get(0) : bare;
            if (eventTimeKey < 0 && eventSource instanceof Expr.ColumnRef ref && input.isEventTime(ref.name())) {
                eventTimeKey = keys.size();
                delay = input.eventTime().get(ref.name());
            }
            keys.add(new AggregateSpec.Key(ExprNames.name(expr), type, compiled, window, sessionGap));
        }

        Map<String, AggregateSpec.Call> calls = new LinkedHashMap<>();
        List<Expr> rewritten = new ArrayList<>();
        for (Expr item : step.output()) {
            rewritten.add(rewrite(item, keyByText, keys, calls));
        }
        List<AggregateSpec.Call> aggregates = new ArrayList<>(calls.values());
        List<SparkType.Field> keyFields = new ArrayList<>();
        for (AggregateSpec.Key key : keys) {
            keyFields.add(new SparkType.Field(key.name(), key.type(), true));
        }
        List<SparkType.Field> bufferFields = new ArrayList<>();
        for (AggregateSpec.Call call : aggregates) {
            bufferFields.addAll(call.function().bufferFields());
        }
        AggregateSpec partial = new AggregateSpec(keys, new SparkType.Struct(keyFields), aggregates,
                new SparkType.Struct(bufferFields), List.of(), new SparkType.Struct(List.of()), eventTimeKey);
        ExpressionCompiler outputCompiler = new ExpressionCompiler(partial.virtualSchema(), query, ansi);
        List<Compiled> output = new ArrayList<>();
        List<SparkType.Field> outputFields = new ArrayList<>();
        Map<String, Long> eventTime = new HashMap<>();
        for (int i = 0; i < step.output().size(); i++) {
            Compiled compiled = outputCompiler.compile(rewritten.get(i));
            output.add(compiled);
            String name = ExprNames.name(step.output().get(i));
            outputFields.add(new SparkType.Field(name, compiled.type(), true));
            if (Exprs.unalias(rewritten.get(i)) instanceof Expr.ColumnRef ref && ref.name().equals(
                    AggregateSpec.keyRef(Math.max(eventTimeKey, 0))) && eventTimeKey >= 0) {
                eventTime.put(name, delay);
            }
        }
        SparkType.Struct outputSchema = new SparkType.Struct(outputFields);
        AggregateSpec spec = new AggregateSpec(keys, partial.keySchema(), aggregates, partial.bufferSchema(), output,
                outputSchema, eventTimeKey);
        return new Operator.Aggregate(operatorId, spec, new Relation(outputSchema, eventTime));
    }

    /** SQL's {@code GROUP BY alias} names a select-list alias when no input column has that name. */
    private List<Expr> groupingWithAliases(Step.Aggregate step) {
        List<Expr> grouping = new ArrayList<>();
        for (Expr expr : step.grouping()) {
            if (expr instanceof Expr.ColumnRef ref && input.schema().fields().stream()
                    .noneMatch(f -> f.name().equalsIgnoreCase(ref.name()))) {
                Expr aliased = step.output().stream().filter(o -> o instanceof Expr.Alias a
                        && a.name().equalsIgnoreCase(ref.name())).findFirst().orElse(null);
                grouping.add(aliased == null ? expr : ((Expr.Alias) aliased).child());
            } else {
                grouping.add(expr);
            }
        }
        return grouping;
    }

    /** The output expression over the virtual row: keys and aggregate results become column references. */
    private Expr rewrite(Expr expr, Map<String, Integer> keyByText, List<AggregateSpec.Key> keys,
                         Map<String, AggregateSpec.Call> calls) throws QueryException {
        if (expr instanceof Expr.Alias alias) {
            return new Expr.Alias(rewrite(alias.child(), keyByText, keys, calls), alias.name(), alias.position());
        }
        Integer key = keyByText.get(ExprNames.canonical(expr));
        if (key != null) {
            return new Expr.ColumnRef(AggregateSpec.keyRef(key), expr.position());
        }
        if (expr instanceof Expr.Call call && ExpressionCompiler.AGGREGATES.contains(call.name())) {
            return new Expr.ColumnRef(AggregateSpec.aggregateRef(aggregateIndex(call, calls)), call.position());
        }
        if (expr instanceof Expr.ColumnRef ref) {
            for (int i = 0; i < keys.size(); i++) {
                if (keys.get(i).name().equalsIgnoreCase(ref.name())) {
                    return new Expr.ColumnRef(AggregateSpec.keyRef(i), ref.position());
                }
            }
            throw new QueryException("[MISSING_AGGREGATION] The non-aggregating expression \"" + ref.name() + "\" is "
                    + "based on columns which are not participating in the GROUP BY clause. Add the columns or the "
                    + "expression to the GROUP BY, aggregate the expression, or use \"any_value(" + ref.name() + ")\" if "
                    + "you do not care which of the values within a group is returned.", query, ref.position());
        }
        if (expr instanceof Expr.Star star) {
            throw new QueryException("'*' is not allowed in an aggregation's result columns", query, star.position());
        }
        List<Expr> children = Exprs.children(expr);
        List<Expr> rewrittenChildren = new ArrayList<>();
        for (Expr child : children) {
            rewrittenChildren.add(rewrite(child, keyByText, keys, calls));
        }
        return replaceChildren(expr, rewrittenChildren);
    }

    private int aggregateIndex(Expr.Call call, Map<String, AggregateSpec.Call> calls) throws QueryException {
        String text = ExprNames.canonical(call);
        if (!calls.containsKey(text)) {
            if (call.args().size() != 1) {
                throw new QueryException(call.name() + "(…) takes one argument here", query, call.position());
            }
            Expr argument = call.args().get(0);
            if (SqlAggregates.containsAggregate(argument)) {
                throw new QueryException("[NESTED_AGGREGATE_FUNCTION] It is not allowed to use an aggregate function "
                        + "in the argument of another aggregate function.", query, argument.position());
            }
            Compiled compiled = expressions.compile(argument);
            AggregateFunction function;
            try {
                function = AggregateFunction.of(call.name(), compiled.type(), ansi);
            } catch (IllegalArgumentException e) {
                throw new QueryException("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot resolve \""
                        + ExprNames.name(call) + "\": " + e.getMessage(), query, call.position());
            }
            calls.put(text, new AggregateSpec.Call(ExprNames.name(call), function, compiled));
        }
        return new ArrayList<>(calls.keySet()).indexOf(text);
    }

    private static Expr replaceChildren(Expr expr, List<Expr> c) {
        if (expr instanceof Expr.Unary e) {
            return new Expr.Unary(e.op(), c.get(0), e.position());
        } else if (expr instanceof Expr.Binary e) {
            return new Expr.Binary(e.op(), c.get(0), c.get(1), e.position());
        } else if (expr instanceof Expr.IsNull e) {
            return new Expr.IsNull(c.get(0), e.negated(), e.position());
        } else if (expr instanceof Expr.In e) {
            return new Expr.In(c.get(0), c.subList(1, c.size()), e.position());
        } else if (expr instanceof Expr.Call e) {
            return new Expr.Call(e.name(), c, e.position());
        } else if (expr instanceof Expr.Cast e) {
            return new Expr.Cast(c.get(0), e.type(), e.position());
        }
        return expr;
    }

    /** {@code session_window(timeColumn, gapDuration)}: the gap, a positive duration string such as "5 minutes". */
    private long sessionGap(Expr.Call call) throws QueryException {
        if (call.args().size() != 2 || !(call.args().get(1) instanceof Expr.Literal literal)
                || !(literal.value() instanceof String gap)) {
            throw new QueryException("session_window() takes a time column and a gap duration such as \"5 minutes\" "
                    + "(a dynamic gap expression is not replayed)", query, call.position());
        }
        long micros;
        try {
            micros = io.streamscope.replay.query.Durations.parseMillis(gap) * 1000;
        } catch (IllegalArgumentException e) {
            throw new QueryException(e.getMessage(), query, literal.position());
        }
        if (micros <= 0) {
            throw new QueryException("The session window gap duration (" + gap + ") must be greater than 0.", query,
                    literal.position());
        }
        return micros;
    }
}
