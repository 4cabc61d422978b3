package io.streamscope.replay;

import io.streamscope.replay.plan.AggregateSpec;
import io.streamscope.sparktypes.Row;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A streaming aggregation's state store and result table, batch after batch, as Spark's {@code StateStoreSaveExec}
 * runs it in each output mode.
 */
final class AggregationState implements GroupedState {

    private final int operatorId;
    private final AggregateSpec spec;
    private final TreeMap<GroupKey, List<Object[]>> store = new TreeMap<>();
    /** Every group ever seen with its latest result: the conceptual result table (evicted groups are final). */
    private final TreeMap<GroupKey, Row> resultTable = new TreeMap<>();

    AggregationState(int operatorId, AggregateSpec spec) {
        this.operatorId = operatorId;
        this.spec = spec;
    }

    /** What one batch did. */
    record Outcome(List<Row> sinkRows, List<ResultChange> changes, OperatorMetrics metrics) {
    }

    /**
     * @param evictionWatermarkMs the batch's watermark: groups at or before it leave the state
     * @param lateWatermarkMs     rows whose group is at or before this one are late and dropped
     * @param late                receives the late rows
     */
    @Override
    public Outcome process(List<Row> rows, OutputMode mode, long evictionWatermarkMs, long lateWatermarkMs, List<Row> late) {
        int eventTimeKey = spec.eventTimeKey();
        Map<GroupKey, Row> touched = new LinkedHashMap<>();
        java.util.Set<GroupKey> lateKeys = new java.util.HashSet<>();
        for (Row row : rows) {
            boolean lateRow = false;
            for (List<Object> keyValues : spec.keysOf(row)) {
                // Complete mode keeps every group forever, so Spark neither drops late rows nor evicts there.
                if (mode != OutputMode.COMPLETE && eventTimeKey >= 0
                        && WatermarkClock.atOrBefore(keyValues.get(eventTimeKey), lateWatermarkMs)) {
                    lateRow = true;
                    lateKeys.add(new GroupKey(keyValues));
                    continue;
                }
                GroupKey key = new GroupKey(keyValues);
                List<Object[]> buffers = store.get(key);
                if (buffers == null) {
                    buffers = new ArrayList<>();
                    for (AggregateSpec.Call call : spec.aggregates()) {
                        buffers.add(call.function().initialBuffer());
                    }
                    store.put(key, buffers);
                }
                if (!touched.containsKey(key)) {
                    touched.put(key, resultTable.get(key));
                }
                for (int i = 0; i < spec.aggregates().size(); i++) {
                    AggregateSpec.Call call = spec.aggregates().get(i);
                    call.function().update(buffers.get(i), call.argument().eval(row));
                }
            }
            if (lateRow) {
                late.add(row);
            }
        }
        List<ResultChange> changes = new ArrayList<>();
        List<Row> updated = new ArrayList<>();
        for (GroupKey key : new java.util.TreeSet<>(touched.keySet())) {
            Row after = spec.resultRow(key.values(), store.get(key));
            Row before = touched.get(key);
            resultTable.put(key, after);
            changes.add(new ResultChange(before == null ? ResultChange.Kind.ADDED : ResultChange.Kind.UPDATED, before, after));
            updated.add(after);
        }
        List<Row> evicted = new ArrayList<>();
        if (mode != OutputMode.COMPLETE && eventTimeKey >= 0) {
            for (GroupKey key : new ArrayList<>(store.keySet())) {
                if (WatermarkClock.atOrBefore(key.values().get(eventTimeKey), evictionWatermarkMs)) {
                    Row last = resultTable.get(key);
                    store.remove(key);
                    evicted.add(last);
                    changes.add(new ResultChange(ResultChange.Kind.EVICTED, last, last));
                }
            }
        }
        List<Row> sink = switch (mode) {
            case APPEND -> evicted;
            case UPDATE -> updated;
            case COMPLETE -> new ArrayList<>(resultTable.values());
        };
        OperatorMetrics metrics = new OperatorMetrics(operatorId, "stateStoreSave", store.size(), touched.size(),
                evicted.size(), lateKeys.size());
        return new Outcome(sink, changes, metrics);
    }

    @Override
    public List<Row> resultTable() {
        return new ArrayList<>(resultTable.values());
    }

    @Override
    public List<StateEntry> state() {
        List<StateEntry> entries = new ArrayList<>();
        for (Map.Entry<GroupKey, List<Object[]>> entry : store.entrySet()) {
            entries.add(new StateEntry(operatorId, spec.keyRow(entry.getKey().values()), spec.bufferRow(entry.getValue())));
        }
        return entries;
    }
}
