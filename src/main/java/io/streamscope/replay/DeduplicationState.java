package io.streamscope.replay;

import io.streamscope.replay.plan.Operator;
import io.streamscope.replay.plan.Values;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code dropDuplicates} / {@code dropDuplicatesWithinWatermark} as Spark's {@code StreamingDeduplicateExec} and
 * {@code StreamingDeduplicateWithinWatermarkExec} run them: late rows dropped, the first row of each key passes,
 * then keys the watermark has passed are evicted.
 */
final class DeduplicationState {

    private static final SparkType.Struct EXPIRY = new SparkType.Struct(List.of(
            new SparkType.Field("expiresAtMicros", SparkType.Atomic.LONG, false)));

    private final Operator.Deduplicate spec;
    /** Key → expiry in microseconds (within-watermark), or null. */
    private final TreeMap<GroupKey, Long> store = new TreeMap<>();

    DeduplicationState(Operator.Deduplicate spec) {
        this.spec = spec;
    }

    /** What one batch did. */
    record Outcome(List<Row> rows, OperatorMetrics metrics) {
    }

    Outcome process(List<Row> rows, long evictionWatermarkMs, long lateWatermarkMs, List<Row> late) {
        List<Row> out = new ArrayList<>();
        int lateBefore = late.size();
        for (Row row : rows) {
            Object eventTime = spec.eventTime() >= 0 ? row.values().get(spec.eventTime()) : null;
            if (spec.eventTime() >= 0 && WatermarkClock.atOrBefore(eventTime, lateWatermarkMs)) {
                late.add(row);
                continue;
            }
            List<Object> keyValues = new ArrayList<>();
            for (int column : spec.keyColumns()) {
                keyValues.add(row.values().get(column));
            }
            GroupKey key = new GroupKey(keyValues);
            if (store.containsKey(key)) {
                continue;
            }
            Long expiry = spec.withinWatermark() && eventTime instanceof Instant time
                    ? Values.micros(time) + spec.delayMs() * 1000 : null;
            store.put(key, expiry);
            out.add(row);
        }
        long watermarkMicros = evictionWatermarkMs * 1000;
        int sizeBefore = store.size();
        if (spec.withinWatermark()) {
            store.entrySet().removeIf(e -> e.getValue() != null && e.getValue() <= watermarkMicros);
        } else if (spec.evictsByKey()) {
            int keyIndex = spec.keyColumns().indexOf(spec.eventTime());
            store.keySet().removeIf(k -> WatermarkClock.atOrBefore(k.values().get(keyIndex), evictionWatermarkMs));
        }
        OperatorMetrics metrics = new OperatorMetrics(spec.operatorId(), spec.withinWatermark() ? "dedupeWithinWatermark"
                : "dedupe", store.size(), out.size(), sizeBefore - store.size(), late.size() - lateBefore);
        return new Outcome(out, metrics);
    }

    List<StateEntry> state() {
        List<StateEntry> entries = new ArrayList<>();
        for (Map.Entry<GroupKey, Long> entry : store.entrySet()) {
            Row value = spec.withinWatermark() ? new Row(EXPIRY, java.util.Collections.singletonList(entry.getValue())) : null;
            entries.add(new StateEntry(spec.operatorId(), new Row(spec.keySchema(), entry.getKey().values()), value));
        }
        return entries;
    }
}
