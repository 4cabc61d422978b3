package io.streamscope.replay.plan;

import io.streamscope.sparktypes.SparkType;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The rows flowing between two operations: their schema, and which columns carry an event-time watermark (Spark's
 * {@code spark.watermarkDelayMs} metadata) with its delay.
 */
public record Relation(SparkType.Struct schema, Map<String, Long> eventTime) {

    public Relation {
        eventTime = java.util.Collections.unmodifiableMap(new TreeMap<>(eventTime));
    }

    public static Relation of(SparkType.Struct schema) {
        return new Relation(schema, Map.of());
    }

    /** The event-time column, if the rows carry one. */
    public Optional<String> eventTimeColumn() {
        return eventTime.keySet().stream().findFirst();
    }

    public boolean isEventTime(String column) {
        return eventTime.containsKey(column);
    }

    public int indexOf(String column) {
        return schema.indexOf(column);
    }
}
