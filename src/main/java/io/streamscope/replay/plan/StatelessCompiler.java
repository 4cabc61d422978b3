package io.streamscope.replay.plan;

import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.ExprNames;
import io.streamscope.replay.query.Exprs;
import io.streamscope.replay.query.QueryException;
import io.streamscope.replay.query.Step;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Compiles the row-by-row steps: filters and every kind of projection (select, withColumn, renames, drops). */
final class StatelessCompiler {

    private final Relation input;
    private final String query;
    private final ExpressionCompiler expressions;

    StatelessCompiler(Relation input, String query, boolean ansi) {
        this.input = input;
        this.query = query;
        this.expressions = new ExpressionCompiler(input.schema(), query, ansi);
    }

    Operator compile(Step step) throws QueryException {
        if (step instanceof Step.Filter filter) {
            if (SqlAggregates.containsAggregate(filter.condition())) {
                throw new QueryException("[INVALID_WHERE_CONDITION] The WHERE condition " + ExprNames.name(filter.condition())
                        + " contains invalid expressions: aggregate functions.", query, filter.condition().position());
            }
            return new Operator.Filter(expressions.condition(filter.condition()), input);
        }
        if (step instanceof Step.Project project) {
            return project(project);
        }
        List<SparkType.Field> fields = new ArrayList<>(input.schema().fields());
        List<Compiled> columns = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            columns.add(expressions.compile(new Expr.ColumnRef(fields.get(i).name(), step.position())));
        }
        Map<String, Long> eventTime = new HashMap<>(input.eventTime());
        if (step instanceof Step.WithColumn withColumn) {
            checkNoAggregate(withColumn.expr());
            Compiled compiled = expressions.compile(withColumn.expr());
            int index = indexIgnoringCase(withColumn.name());
            SparkType.Field field = new SparkType.Field(index >= 0 ? fields.get(index).name() : withColumn.name(),
                    compiled.type(), true);
            if (index >= 0) {
                eventTime.remove(field.name());
                fields.set(index, field);
                columns.set(index, compiled);
            } else {
                fields.add(field);
                columns.add(compiled);
            }
            if (withColumn.expr() instanceof Expr.ColumnRef ref && input.isEventTime(ref.name())) {
                eventTime.put(field.name(), input.eventTime().get(ref.name()));
            }
        } else if (step instanceof Step.Rename rename) {
            int index = indexIgnoringCase(rename.from());
            if (index >= 0) {
                SparkType.Field old = fields.get(index);
                fields.set(index, new SparkType.Field(rename.to(), old.type(), old.nullable()));
                Long delay = eventTime.remove(old.name());
                if (delay != null) {
                    eventTime.put(rename.to(), delay);
                }
            }
        } else if (step instanceof Step.Drop drop) {
            for (String name : drop.names()) {
                int index = indexOf(fields, name);
                if (index >= 0) {
                    eventTime.remove(fields.get(index).name());
                    fields.remove(index);
                    columns.remove(index);
                }
            }
        } else {
            throw new IllegalArgumentException("not a stateless step: " + step);
        }
        return new Operator.Project(columns, new Relation(new SparkType.Struct(fields), eventTime));
    }

    private Operator project(Step.Project project) throws QueryException {
        List<SparkType.Field> fields = new ArrayList<>();
        List<Compiled> columns = new ArrayList<>();
        Map<String, Long> eventTime = new HashMap<>();
        for (Expr item : project.columns()) {
            if (item instanceof Expr.Star) {
                for (SparkType.Field field : input.schema().fields()) {
                    // a join's qualified columns (o.order_id) are named by their own name
                    int dot = field.name().indexOf('.');
                    fields.add(dot > 0 ? new SparkType.Field(field.name().substring(dot + 1), field.type(), field.nullable())
                            : field);
                    columns.add(expressions.compile(new Expr.ColumnRef(field.name(), item.position())));
                    if (input.isEventTime(field.name())) {
                        eventTime.put(field.name(), input.eventTime().get(field.name()));
                    }
                }
                continue;
            }
            if (item instanceof Expr.ColumnRef ref && ref.name().endsWith(".*")) {
                String struct = Resolver.column(ref.name(), ref.position(), input.schema(), query);
                String parent = struct.substring(0, struct.length() - 2);
                if (Resolver.qualifiedBy(parent, input.schema())) {
                    for (SparkType.Field field : input.schema().fields()) {
                        if (field.name().startsWith(parent + ".")) {
                            fields.add(new SparkType.Field(field.name().substring(parent.length() + 1), field.type(), true));
                            columns.add(expressions.compile(new Expr.ColumnRef(field.name(), item.position())));
                        }
                    }
                    continue;
                }
                SparkType.Struct fieldsOf = (SparkType.Struct) Resolver.typeAt(Resolver.path(parent, input.schema()), input.schema());
                for (SparkType.Field field : fieldsOf.fields()) {
                    fields.add(new SparkType.Field(field.name(), field.type(), true));
                    columns.add(expressions.compile(new Expr.ColumnRef(parent + "." + field.name(), item.position())));
                }
                continue;
            }
            checkNoAggregate(item);
            Compiled compiled = expressions.compile(item);
            String name = ExprNames.name(item);
            fields.add(new SparkType.Field(name, compiled.type(), true));
            columns.add(compiled);
            if (Exprs.unalias(item) instanceof Expr.ColumnRef ref && input.isEventTime(ref.name())) {
                eventTime.put(name, input.eventTime().get(ref.name()));
            }
        }
        return new Operator.Project(columns, new Relation(new SparkType.Struct(fields), eventTime));
    }

    private void checkNoAggregate(Expr expr) throws QueryException {
        if (SqlAggregates.containsAggregate(expr)) {
            throw new QueryException("aggregate function in " + ExprNames.name(expr) + ": aggregates belong in "
                    + "groupBy(…).agg(…), agg(…) or a GROUP BY query", query, expr.position());
        }
    }

    private int indexIgnoringCase(String name) {
        return indexOf(input.schema().fields(), name);
    }

    private static int indexOf(List<SparkType.Field> fields, String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }
}
