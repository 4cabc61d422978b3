package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;

import java.util.ArrayList;
import java.util.List;

/** One state store the user can look at: operator and store, with a label such as "0 · stateStoreSave · default". */
public record StoreChoice(StateOperatorInfo operator, StateStoreInfo store) {

    public static List<StoreChoice> of(Checkpoint checkpoint) {
        List<StoreChoice> choices = new ArrayList<>();
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            for (StateStoreInfo store : operator.stores()) {
                choices.add(new StoreChoice(operator, store));
            }
        }
        return choices;
    }

    public String label() {
        String name = operator.operatorName() == null ? "operator " + operator.operatorId()
                : operator.operatorId() + " · " + operator.operatorName();
        return name + " · " + store.storeName() + " (" + store.provider().label() + ", " + store.numPartitions() + " partitions)";
    }

    /**
     * What the store holds, in words: a stream-stream join keeps four stores, two per side; transformWithState one
     * column family per state variable, plus its timers and TTL indexes.
     */
    public String explanation() {
        String name = store.storeName();
        int dash = name.indexOf('-');
        if (dash > 0 && (name.endsWith("keyToNumValues") || name.endsWith("keyWithIndexToValue"))) {
            String side = name.substring(0, dash);
            String sideText = side.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + side.substring(1)
                    + " side of the stream-stream join: ";
            return name.endsWith("keyToNumValues")
                    ? sideText + "how many " + side + " rows each join key has buffered (keyToNumValues: join key → count)"
                    : sideText + "the buffered " + side + " rows themselves, one per join key and index, with whether each"
                    + " has matched yet (keyWithIndexToValue: join key, index → row, matched)";
        }
        if (!operator.stateVariables().isEmpty()) {
            return "transformWithState: one column family per state variable (" + operator.stateVariables().entrySet().stream()
                    .map(variable -> variable.getKey() + " " + variable.getValue())
                    .collect(java.util.stream.Collectors.joining(", "))
                    + "); $procTimers_/$eventTimers_ hold its timers, $ttl_ its TTL index, $rowCounter_ its list sizes";
        }
        return (operator.operatorName() == null ? "The operator's" : operator.operatorName() + ":")
                + " one row per key it keeps state for";
    }

    /**
     * A transformWithState column family for the chooser: its state variable's kind and what its rows are
     * ({@code recentOrderIds — ListState: each key's list of elements}), or what Spark keeps it for.
     */
    public String describeColumnFamily(String family) {
        String kind = operator.stateVariables().get(family);
        if (kind != null) {
            return family + " — " + switch (kind) {
                case "ValueState" -> "ValueState: one value per key";
                case "ListState" -> "ListState: each key's list of elements";
                case "MapState" -> "MapState: one row per map entry (key, userKey)";
                case "TimerState" -> "timers";
                default -> kind;
            };
        }
        if (family.startsWith("$procTimers_") || family.startsWith("$eventTimers_")) {
            return family + " — timers (key and expiry, both ways)";
        }
        if (family.startsWith("$ttl_")) {
            return family + " — TTL index (expiry, key)";
        }
        if (family.startsWith("$rowCounter_")) {
            return family + " — a list's element count per key";
        }
        return family;
    }

    @Override
    public String toString() {
        return label();
    }
}
