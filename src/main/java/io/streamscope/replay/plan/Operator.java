package io.streamscope.replay.plan;

import io.streamscope.sparktypes.SparkType;

import java.util.List;

/** One compiled operation of a query, in the order rows flow through them. */
public sealed interface Operator {

    /** The rows this operator gives. */
    Relation output();

    /** Keeps the rows for which the condition is TRUE (not FALSE, not NULL). */
    record Filter(Compiled condition, Relation output) implements Operator {
    }

    /** Computes the output columns from each row ({@code select}, {@code withColumn}, renames, drops). */
    record Project(List<Compiled> columns, Relation output) implements Operator {
        public Project {
            columns = List.copyOf(columns);
        }
    }

    /** {@code withWatermark}: tracks the largest event time of the rows that pass, for the next batch's watermark. */
    record Watermark(int column, String columnName, long delayMs, Relation output) implements Operator {
    }

    /**
     * {@code dropDuplicates} / {@code dropDuplicatesWithinWatermark}: a stateful operator keyed by the columns.
     *
     * @param keyColumns     the key's column indexes
     * @param keySchema      the state key's schema
     * @param eventTime      the index of the event-time column in the rows, or -1 without a watermark
     * @param evictsByKey    whether the key holds the event time (then keys older than the watermark are evicted)
     * @param delayMs        the watermark delay (for the within-watermark expiry)
     */
    record Deduplicate(int operatorId, List<Integer> keyColumns, SparkType.Struct keySchema, boolean withinWatermark,
                       int eventTime, boolean evictsByKey, long delayMs, Relation output) implements Operator {
        public Deduplicate {
            keyColumns = List.copyOf(keyColumns);
        }
    }

    /** A streaming aggregation; see {@link AggregateSpec}. */
    record Aggregate(int operatorId, AggregateSpec spec, Relation output) implements Operator {
    }
}
