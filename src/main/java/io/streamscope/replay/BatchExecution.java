package io.streamscope.replay;

import io.streamscope.replay.plan.CompiledQuery;
import io.streamscope.replay.plan.Operator;
import io.streamscope.sparktypes.Row;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Runs a compiled query batch by batch, keeping its state stores and result table between batches. */
final class BatchExecution {

    private final CompiledQuery query;
    private final OutputMode mode;
    private final Map<Integer, GroupedState> aggregations = new HashMap<>();
    private final Map<Integer, DeduplicationState> deduplications = new HashMap<>();
    /** The result table of a query without aggregation: every row it ever gave. */
    private final AppendOnlyRows appendedRows = new AppendOnlyRows();
    private final boolean namesDroppedRows;

    BatchExecution(CompiledQuery query, OutputMode mode) {
        this.query = query;
        this.mode = mode;
        this.namesDroppedRows = query.operators().stream()
                .anyMatch(operator -> operator instanceof Operator.Deduplicate || operator instanceof Operator.Aggregate);
        for (Operator operator : query.operators()) {
            if (operator instanceof Operator.Aggregate aggregate) {
                aggregations.put(aggregate.operatorId(), aggregate.spec().sessionKey() >= 0
                        ? new SessionWindowState(aggregate.operatorId(), aggregate.spec())
                        : new AggregationState(aggregate.operatorId(), aggregate.spec()));
            } else if (operator instanceof Operator.Deduplicate dedup) {
                deduplications.put(dedup.operatorId(), new DeduplicationState(dedup));
            }
        }
    }

    /** What one batch gave, before it is put together with the checkpoint's view of the batch. */
    record Output(List<Row> sinkRows, List<Row> resultTable, List<ResultChange> changes, List<Row> lateRows,
                  Optional<EventTimeStats> eventTime, List<StateEntry> state, List<OperatorMetrics> metrics,
                  List<DroppedRow> dropped) {
    }

    Output run(List<Row> input, long watermarkMs, long lateWatermarkMs) {
        List<Row> rows = input;
        List<Row> late = new ArrayList<>();
        // which input row each row in flight came from (rows are records: identity, not equality); only a
        // deduplication or an aggregation drops rows it names, so without one nothing is looked up
        Map<Row, Integer> origin = new IdentityHashMap<>();
        if (namesDroppedRows) {
            for (int i = 0; i < input.size(); i++) {
                origin.put(input.get(i), i);
            }
        }
        List<DroppedRow> dropped = new ArrayList<>();
        Optional<EventTimeStats> eventTime = Optional.empty();
        List<OperatorMetrics> metrics = new ArrayList<>();
        List<Operator> operators = query.operators();
        for (int i = 0; i < operators.size(); i++) {
            Operator operator = operators.get(i);
            if (operator instanceof Operator.Watermark watermark) {
                eventTime = stats(rows, watermark.column());
            } else if (operator instanceof Operator.Deduplicate dedup) {
                int lateBefore = late.size();
                DeduplicationState.Outcome outcome = deduplications.get(dedup.operatorId())
                        .process(rows, watermarkMs, lateWatermarkMs, late);
                markLate(late.subList(lateBefore, late.size()), origin, lateWatermarkMs, dropped);
                markDuplicates(rows, outcome.rows(), late, dedup, origin, dropped);
                rows = outcome.rows();
                metrics.add(outcome.metrics());
            } else if (operator instanceof Operator.Aggregate aggregate) {
                GroupedState state = aggregations.get(aggregate.operatorId());
                int lateBefore = late.size();
                AggregationState.Outcome outcome = state.process(rows, mode, watermarkMs, lateWatermarkMs, late);
                markLate(late.subList(lateBefore, late.size()), origin, lateWatermarkMs, dropped);
                metrics.add(outcome.metrics());
                List<Operator> after = operators.subList(i + 1, operators.size());
                return new Output(apply(after, outcome.sinkRows()), apply(after, state.resultTable()),
                        changesAfter(after, outcome.changes()), late, eventTime, state(), sortById(metrics),
                        sorted(dropped));
            } else {
                List<Row> next = new ArrayList<>(rows.size());
                for (Row row : rows) {
                    Row out = RowPipeline.apply(List.of(operator), row);
                    if (out != null) {
                        Integer from = origin.get(row);
                        if (from != null) {
                            origin.put(out, from);
                        }
                        next.add(out);
                    }
                }
                rows = next;
            }
        }
        appendedRows.addAll(rows);
        List<ResultChange> changes = rows.stream().map(r -> new ResultChange(ResultChange.Kind.ADDED, null, r)).toList();
        return new Output(rows, appendedRows.prefix(), changes, late, eventTime, state(), sortById(metrics),
                sorted(dropped));
    }

    private static void markLate(List<Row> lateRows, Map<Row, Integer> origin, long lateWatermarkMs,
                                 List<DroppedRow> dropped) {
        for (Row row : lateRows) {
            Integer index = origin.get(row);
            if (index != null) {
                dropped.add(new DroppedRow(index, DroppedRow.Reason.LATE, "Late: its event time is at or before the "
                        + "watermark " + WatermarkClock.text(lateWatermarkMs) + " (the largest event time seen minus the "
                        + "delay), so Spark drops it without counting it"));
            }
        }
    }

    private static void markDuplicates(List<Row> in, List<Row> kept, List<Row> late, Operator.Deduplicate dedup,
                                       Map<Row, Integer> origin, List<DroppedRow> dropped) {
        Map<Row, Boolean> passed = new IdentityHashMap<>();
        kept.forEach(row -> passed.put(row, true));
        late.forEach(row -> passed.put(row, true));
        for (Row row : in) {
            Integer index = origin.get(row);
            if (index != null && !passed.containsKey(row)) {
                StringBuilder key = new StringBuilder();
                for (int k = 0; k < dedup.keyColumns().size(); k++) {
                    key.append(k == 0 ? "" : ", ").append(dedup.keySchema().field(k).name()).append('=')
                            .append(row.values().get(dedup.keyColumns().get(k)));
                }
                dropped.add(new DroppedRow(index, DroppedRow.Reason.DUPLICATE, "Duplicate: a row with the same key ("
                        + key + ") came first" + (dedup.withinWatermark() ? " within the watermark delay" : "")
                        + ", so " + (dedup.withinWatermark() ? "dropDuplicatesWithinWatermark" : "dropDuplicates")
                        + " drops this one"));
            }
        }
    }

    private static List<DroppedRow> sorted(List<DroppedRow> dropped) {
        return dropped.stream().sorted(java.util.Comparator.comparingInt(DroppedRow::inputIndex)).toList();
    }

    /** Spark lists state operators by id, the one nearest the sink first. */
    private static List<OperatorMetrics> sortById(List<OperatorMetrics> metrics) {
        return metrics.stream().sorted(java.util.Comparator.comparingInt(OperatorMetrics::operatorId)).toList();
    }

    private List<StateEntry> state() {
        List<StateEntry> entries = new ArrayList<>();
        deduplications.values().forEach(d -> entries.addAll(d.state()));
        aggregations.values().forEach(a -> entries.addAll(a.state()));
        return entries;
    }

    /** Runs rows through stateless operators. */
    private static List<Row> apply(List<Operator> operators, List<Row> rows) {
        List<Row> current = rows;
        for (Operator operator : operators) {
            List<Row> next = new ArrayList<>();
            if (operator instanceof Operator.Filter filter) {
                for (Row row : current) {
                    if (Boolean.TRUE.equals(filter.condition().eval(row))) {
                        next.add(row);
                    }
                }
            } else if (operator instanceof Operator.Project project) {
                for (Row row : current) {
                    List<Object> values = new ArrayList<>();
                    project.columns().forEach(column -> values.add(column.eval(row)));
                    next.add(new Row(project.output().schema(), values));
                }
            } else {
                throw new IllegalStateException("not a stateless operator after the aggregation: " + operator);
            }
            current = next;
        }
        return current;
    }

    private static List<ResultChange> changesAfter(List<Operator> after, List<ResultChange> changes) {
        if (after.isEmpty()) {
            return changes;
        }
        List<ResultChange> mapped = new ArrayList<>();
        for (ResultChange change : changes) {
            Row before = change.before() == null ? null : single(apply(after, List.of(change.before())));
            Row rowAfter = single(apply(after, List.of(change.after())));
            if (before != null || rowAfter != null) {
                mapped.add(new ResultChange(change.kind(), before, rowAfter));
            }
        }
        return mapped;
    }

    private static Row single(List<Row> rows) {
        return rows.isEmpty() ? null : rows.get(0);
    }

    private static Optional<EventTimeStats> stats(List<Row> rows, int column) {
        return EventTimeStats.of(rows, column);
    }
}
