package io.streamscope.replay;

import io.streamscope.replay.plan.AggregateSpec;
import io.streamscope.replay.plan.TimeWindow;
import io.streamscope.replay.plan.Values;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A session-window aggregation ({@code groupBy(session_window(time, gap), keys…)}) as Spark runs it
 * ({@code MergingSessionsExec}, {@code SessionWindowStateStoreRestoreExec}/{@code SaveExec}): each row opens the
 * session {@code [time, time + gap)}; rows whose session ends at or before the watermark for late events are
 * dropped; a key's sessions, the stored ones and the batch's, sorted by start, merge wherever one starts at or before
 * the previous one's end; in append mode the sessions ending at or before the batch's watermark are emitted and leave
 * the state; in complete mode every session is emitted each batch. Update mode is refused by Spark.
 */
final class SessionWindowState implements GroupedState {

    /** One session of a key: its bounds in microseconds and its aggregation buffers. */
    private static final class Session {
        final long start;
        long end;
        final List<Object[]> buffers;

        Session(long start, long end, List<Object[]> buffers) {
            this.start = start;
            this.end = end;
            this.buffers = buffers;
        }
    }

    private final int operatorId;
    private final AggregateSpec spec;
    private final int sessionKey;
    /** Per key without the session, its sessions by start. */
    private final TreeMap<GroupKey, List<Session>> store = new TreeMap<>();
    /** Every final or current session's result, by key and session start. */
    private final TreeMap<GroupKey, Row> resultTable = new TreeMap<>();

    SessionWindowState(int operatorId, AggregateSpec spec) {
        this.operatorId = operatorId;
        this.spec = spec;
        this.sessionKey = spec.sessionKey();
    }

    @Override
    public AggregationState.Outcome process(List<Row> rows, OutputMode mode, long evictionWatermarkMs,
                                            long lateWatermarkMs, List<Row> late) {
        Map<GroupKey, List<Session>> incoming = new LinkedHashMap<>();
        int lateSessions = 0;
        for (Row row : rows) {
            List<List<Object>> keys = spec.keysOf(row);
            if (keys.isEmpty()) {
                continue; // no event time: no session
            }
            List<Object> keyValues = keys.get(0);
            Row window = (Row) keyValues.get(sessionKey);
            if (mode != OutputMode.COMPLETE && WatermarkClock.atOrBefore(window, lateWatermarkMs)) {
                late.add(row);
                lateSessions++;
                continue;
            }
            List<Object[]> buffers = new ArrayList<>();
            for (AggregateSpec.Call call : spec.aggregates()) {
                Object[] buffer = call.function().initialBuffer();
                call.function().update(buffer, call.argument().eval(row));
                buffers.add(buffer);
            }
            incoming.computeIfAbsent(new GroupKey(withoutSession(keyValues)), k -> new ArrayList<>())
                    .add(new Session(micros(window, 0), micros(window, 1), buffers));
        }
        List<ResultChange> changes = new ArrayList<>();
        List<Row> updated = new ArrayList<>();
        int written = 0;
        for (Map.Entry<GroupKey, List<Session>> entry : incoming.entrySet()) {
            GroupKey key = entry.getKey();
            List<Session> before = store.getOrDefault(key, List.of());
            List<Session> all = new ArrayList<>(before);
            all.addAll(entry.getValue());
            all.sort(Comparator.comparingLong(s -> s.start));
            List<Session> merged = new ArrayList<>();
            for (Session session : all) {
                Session last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
                if (last != null && session.start <= last.end) {
                    last.end = Math.max(last.end, session.end);
                    for (int i = 0; i < spec.aggregates().size(); i++) {
                        spec.aggregates().get(i).function().merge(last.buffers.get(i), session.buffers.get(i));
                    }
                } else {
                    merged.add(copy(session));
                }
            }
            for (Session old : before) {
                Row oldRow = resultTable.remove(resultKey(key, old.start));
                if (oldRow != null && merged.stream().noneMatch(s -> s.start == old.start)) {
                    changes.add(new ResultChange(ResultChange.Kind.EVICTED, oldRow, oldRow)); // merged into another
                }
            }
            for (Session session : merged) {
                Row result = resultRow(key, session);
                Row previous = before.stream().anyMatch(s -> s.start == session.start)
                        ? rowOf(key, before, session.start) : null;
                resultTable.put(resultKey(key, session.start), result);
                if (previous == null || !previous.equals(result)) {
                    changes.add(new ResultChange(previous == null ? ResultChange.Kind.ADDED : ResultChange.Kind.UPDATED,
                            previous, result));
                    updated.add(result);
                    written++;
                }
            }
            store.put(key, merged);
        }
        List<Row> evicted = new ArrayList<>();
        if (mode == OutputMode.APPEND) {
            for (Iterator<Map.Entry<GroupKey, List<Session>>> keys = store.entrySet().iterator(); keys.hasNext(); ) {
                Map.Entry<GroupKey, List<Session>> entry = keys.next();
                for (Iterator<Session> it = entry.getValue().iterator(); it.hasNext(); ) {
                    Session session = it.next();
                    if (session.end <= evictionWatermarkMs * 1000) {
                        it.remove();
                        Row result = resultRow(entry.getKey(), session);
                        evicted.add(result);
                        changes.add(new ResultChange(ResultChange.Kind.EVICTED, result, result));
                    }
                }
                if (entry.getValue().isEmpty()) {
                    keys.remove();
                }
            }
        }
        List<Row> sink = switch (mode) {
            case APPEND -> evicted;
            case UPDATE -> updated;
            case COMPLETE -> currentResults();
        };
        int sessions = store.values().stream().mapToInt(List::size).sum();
        OperatorMetrics metrics = new OperatorMetrics(operatorId, "sessionWindowStateStoreSaveExec", sessions, written,
                evicted.size(), lateSessions);
        return new AggregationState.Outcome(sink, changes, metrics);
    }

    @Override
    public List<Row> resultTable() {
        return new ArrayList<>(resultTable.values());
    }

    /**
     * Spark's session state: the key without the session plus {@code sessionStartTime}, and as value the whole row of
     * the merged session (its grouping columns, the session window among them, and the aggregation buffers).
     */
    @Override
    public List<StateEntry> state() {
        List<SparkType.Field> keyFields = new ArrayList<>();
        List<SparkType.Field> valueFields = new ArrayList<>();
        for (int i = 0; i < spec.keys().size(); i++) {
            SparkType.Field field = spec.keySchema().field(i);
            if (i != sessionKey) {
                keyFields.add(field);
            }
            valueFields.add(field);
        }
        keyFields.add(new SparkType.Field("sessionStartTime", SparkType.Atomic.TIMESTAMP, false));
        valueFields.addAll(spec.bufferSchema().fields());
        SparkType.Struct keySchema = new SparkType.Struct(keyFields);
        SparkType.Struct valueSchema = new SparkType.Struct(valueFields);
        List<StateEntry> entries = new ArrayList<>();
        for (Map.Entry<GroupKey, List<Session>> entry : store.entrySet()) {
            for (Session session : entry.getValue()) {
                List<Object> key = new ArrayList<>(entry.getKey().values());
                key.add(Values.fromMicros(session.start));
                List<Object> value = new ArrayList<>(withSession(entry.getKey().values(), session));
                for (Object[] buffer : session.buffers) {
                    value.addAll(java.util.Arrays.asList(buffer));
                }
                entries.add(new StateEntry(operatorId, new Row(keySchema, key), new Row(valueSchema, value)));
            }
        }
        return entries;
    }

    private List<Row> currentResults() {
        List<Row> rows = new ArrayList<>();
        store.forEach((key, sessions) -> sessions.forEach(session -> rows.add(resultRow(key, session))));
        return rows;
    }

    private Row resultRow(GroupKey key, Session session) {
        return spec.resultRow(withSession(key.values(), session), session.buffers);
    }

    private Row rowOf(GroupKey key, List<Session> sessions, long start) {
        for (Session session : sessions) {
            if (session.start == start) {
                return resultRow(key, session);
            }
        }
        return null;
    }

    private List<Object> withoutSession(List<Object> keyValues) {
        List<Object> rest = new ArrayList<>(keyValues);
        rest.remove(sessionKey);
        return rest;
    }

    private List<Object> withSession(List<Object> rest, Session session) {
        List<Object> all = new ArrayList<>(rest);
        all.add(sessionKey, TimeWindow.window(session.start, session.end));
        return all;
    }

    private GroupKey resultKey(GroupKey key, long start) {
        List<Object> values = new ArrayList<>(key.values());
        values.add(start);
        return new GroupKey(values);
    }

    private static Session copy(Session session) {
        List<Object[]> buffers = new ArrayList<>();
        session.buffers.forEach(buffer -> buffers.add(buffer.clone()));
        return new Session(session.start, session.end, buffers);
    }

    private static long micros(Row window, int field) {
        return Values.micros((Instant) window.values().get(field));
    }
}
