package io.streamscope.replay.plan;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.List;

/**
 * A compiled aggregation: how each input row maps to its group key(s), the aggregates over the group, and how a
 * result row is built from a key and the aggregate results.
 *
 * @param keys          the grouping keys, in order
 * @param keySchema     the state store's key schema (the grouping columns as Spark names them)
 * @param aggregates    the distinct aggregate calls
 * @param bufferSchema  the state store's value schema: every aggregate's buffer fields, in order
 * @param output        the result columns, computed from a row of {@code key values ++ aggregate results}
 * @param eventTimeKey  the index of the key that carries the watermark (the event time or a window of it), or -1
 */
public record AggregateSpec(List<Key> keys, SparkType.Struct keySchema, List<Call> aggregates,
                            SparkType.Struct bufferSchema, List<Compiled> output, SparkType.Struct outputSchema,
                            int eventTimeKey) {

    public AggregateSpec {
        keys = List.copyOf(keys);
        aggregates = List.copyOf(aggregates);
        output = List.copyOf(output);
    }

    /**
     * One grouping key: a plain expression, a time window (which may give a row several keys), or a session window
     * of {@code sessionGapMicros} (a row's own session, {@code [time, time + gap)}, merged with the sessions it
     * overlaps when the batch is aggregated).
     */
    public record Key(String name, SparkType type, Compiled expr, TimeWindow window, long sessionGapMicros) {

        public Key(String name, SparkType type, Compiled expr, TimeWindow window) {
            this(name, type, expr, window, 0);
        }

        public boolean session() {
            return sessionGapMicros > 0;
        }

        /** The key values of one input row: one, or for a sliding window every window holding the time. */
        public List<Object> valuesOf(Row row) {
            Object value = expr.eval(row);
            if (session()) {
                if (value == null) {
                    return List.of(); // Spark filters rows without an event time out of session windows
                }
                long start = Values.micros((java.time.Instant) value);
                return List.of(TimeWindow.window(start, start + sessionGapMicros));
            }
            if (window == null) {
                return java.util.Collections.singletonList(value);
            }
            return new ArrayList<>(window.windowsOf((java.time.Instant) value));
        }
    }

    /** The index of the session-window key, or -1 when the aggregation has none. */
    public int sessionKey() {
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i).session()) {
                return i;
            }
        }
        return -1;
    }

    /** One aggregate, e.g. {@code sum(amount)}, with its argument. */
    public record Call(String text, AggregateFunction function, Compiled argument) {
    }

    /** The key lists of one input row (several when a sliding window puts the row in several windows). */
    public List<List<Object>> keysOf(Row row) {
        List<List<Object>> result = new ArrayList<>();
        result.add(new ArrayList<>());
        for (Key key : keys) {
            List<Object> values = key.valuesOf(row);
            List<List<Object>> next = new ArrayList<>();
            for (List<Object> prefix : result) {
                for (Object value : values) {
                    List<Object> extended = new ArrayList<>(prefix);
                    extended.add(value);
                    next.add(extended);
                }
            }
            result = next;
        }
        return result;
    }

    /** The result row of a group. */
    public Row resultRow(List<Object> key, List<Object[]> buffers) {
        List<Object> virtual = new ArrayList<>(key);
        for (int i = 0; i < aggregates.size(); i++) {
            virtual.add(aggregates.get(i).function().result(buffers.get(i)));
        }
        Row input = new Row(virtualSchema(), virtual);
        List<Object> values = new ArrayList<>();
        for (Compiled column : output) {
            values.add(column.eval(input));
        }
        return new Row(outputSchema, values);
    }

    /** The schema of the row output expressions read: the keys, then the aggregate results. */
    public SparkType.Struct virtualSchema() {
        List<SparkType.Field> fields = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            fields.add(new SparkType.Field(keyRef(i), keys.get(i).type(), true));
        }
        for (int i = 0; i < aggregates.size(); i++) {
            fields.add(new SparkType.Field(aggregateRef(i), aggregates.get(i).function().resultType(), true));
        }
        return new SparkType.Struct(fields);
    }

    /** The state store's value row for a group. */
    public Row bufferRow(List<Object[]> buffers) {
        List<Object> values = new ArrayList<>();
        for (Object[] buffer : buffers) {
            values.addAll(java.util.Arrays.asList(buffer));
        }
        return new Row(bufferSchema, values);
    }

    public Row keyRow(List<Object> key) {
        return new Row(keySchema, key);
    }

    static String keyRef(int i) {
        return "#key" + i;
    }

    static String aggregateRef(int i) {
        return "#agg" + i;
    }
}
