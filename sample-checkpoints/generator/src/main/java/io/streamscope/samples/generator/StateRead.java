package io.streamscope.samples.generator;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One read of Spark's State Data Source ({@code spark.read().format("statestore")}) that the generator records for
 * every committed batch: what it reads, in words, and its options besides {@code path} and {@code batchId} (option
 * names as in Spark 4.0.1's {@code StateSourceOptions}).
 */
record StateRead(String what, Map<String, String> options) {

    /** The store {@code default} of operator 0 (every option left at its default). */
    static StateRead defaultStore() {
        return new StateRead("the default store of operator 0", Map.of());
    }

    /** A transformWithState value state variable. */
    static StateRead variable(String name) {
        return new StateRead("state variable " + name, options("stateVarName", name));
    }

    /** A transformWithState list or map state variable, one row per element/entry or one row per grouping key. */
    static StateRead collection(String name, boolean flatten) {
        return new StateRead("state variable " + name + (flatten ? ", one row per element or entry"
                : ", one row per grouping key"),
                options("stateVarName", name, "flattenCollectionTypes", Boolean.toString(flatten)));
    }

    /** The timers transformWithState registered. */
    static StateRead timers() {
        return new StateRead("registered timers", options("readRegisteredTimers", "true"));
    }

    /** One side of a stream-stream join: its rows as Spark joins them back from the side's two stores. */
    static StateRead joinSide(String side) {
        return new StateRead("the " + side + " side of the stream-stream join", options("joinSide", side));
    }

    /** One store of operator 0 by name (a stream-stream join has four), its raw key and value rows. */
    static StateRead store(String storeName) {
        return new StateRead("store " + storeName, options("storeName", storeName));
    }

    /**
     * The change feed of the default store of operator 0 from batch {@code start} to {@code end}: one row per change
     * (batch_id, change_type, key, value, partition_id). Read once for the whole range, not per batch.
     */
    static StateRead changeFeed(long start, long end) {
        return new StateRead("the change feed of the default store of operator 0, batches " + start + " to " + end,
                options("readChangeFeed", "true", "changeStartBatchId", Long.toString(start),
                        "changeEndBatchId", Long.toString(end)));
    }

    /** Read after every committed batch with its {@code batchId}; a change feed is read once, for its range. */
    boolean perBatch() {
        return !options.containsKey("readChangeFeed");
    }

    private static Map<String, String> options(String... keysAndValues) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(options);
    }
}
