package io.streamscope.replay;

import io.streamscope.sparktypes.SparkJson;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.Problem;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.checkpoint.state.StateReader;
import io.streamscope.checkpoint.state.StoreSchema;
import io.streamscope.replay.plan.Operator;
import io.streamscope.replay.query.ExprNames;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.sparktypes.SparkTypeJson;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Compares the replayed state after each batch with the state Spark saved in the checkpoint (store version N+1 for
 * batch N), key by key. A difference means the query, the schema or the records are not the ones Spark ran with
 * (e.g. records lost to retention).
 */
public final class StateCheck {

    private StateCheck() {
    }

    /**
     * @param differences every difference found
     * @param checked     the (batch, operator) pairs compared
     * @param problems    state files that could not be read
     */
    public record Report(List<StateDifference> differences, int checked, List<Problem> problems) {
        public Report {
            differences = List.copyOf(differences);
            problems = List.copyOf(problems);
        }

        public boolean matches() {
            return differences.isEmpty() && checked > 0;
        }
    }

    public static Report check(Checkpoint checkpoint, Replay replay) {
        if (replay.steps().stream().flatMap(step -> step.state().stream())
                .anyMatch(entry -> entry.storeName().endsWith(JOIN_VALUES))) {
            return checkJoin(checkpoint, replay);
        }
        List<StateDifference> differences = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        int checked = 0;
        long firstBatch = replay.steps().isEmpty() ? 0 : replay.steps().get(0).batchId();
        List<Operator> stateful = replay.query().statefulOperators();
        Map<Integer, StoreSchema> implied = ImpliedStateSchema.forStoresWithoutSchema(replay.query(), checkpoint);
        for (StateOperatorInfo info : checkpoint.stateOperators()) {
            if (stateful.stream().noneMatch(op -> operatorId(op) == info.operatorId())) {
                differences.add(new StateDifference(firstBatch, info.operatorId(), StateDifference.Kind.OPERATOR,
                        null, "no stateful operator " + info.operatorId(), "state/" + info.operatorId()
                        + (info.operatorName() == null ? "" : " (" + info.operatorName() + ")")));
            }
        }
        for (Operator operator : stateful) {
            int id = operatorId(operator);
            Optional<StateOperatorInfo> info = checkpoint.stateOperators().stream().filter(o -> o.operatorId() == id).findFirst();
            if (info.isEmpty()) {
                differences.add(new StateDifference(firstBatch, id, StateDifference.Kind.OPERATOR, null,
                        describe(operator), "no state/" + id));
                continue;
            }
            if (info.get().operatorName() != null && !info.get().operatorName().equals(sparkName(operator))) {
                differences.add(new StateDifference(firstBatch, id, StateDifference.Kind.OPERATOR, null,
                        describe(operator), "a " + info.get().operatorName() + " operator"));
                continue;
            }
            Optional<StateStoreInfo> store = info.get().stores().stream().filter(s -> s.storeName().equals("default")).findFirst();
            if (store.isEmpty()) {
                continue;
            }
            compareSchemas(operator, store.get(), firstBatch, differences);
            StateReader reader = StateReader.open(checkpoint, info.get(), store.get(), Optional.ofNullable(implied.get(id)));
            for (BatchStep step : replay.steps()) {
                if (!store.get().versions().contains(step.batchId() + 1)) {
                    continue;
                }
                checked++;
                compareRows(step, id, reader, differences);
            }
            problems.addAll(reader.problems());
        }
        return new Report(differences, checked, problems);
    }

    /** The join stores that hold each side's rows; their keys add an {@code index} the comparison leaves out. */
    private static final String JOIN_VALUES = "-keyWithIndexToValue";

    /**
     * A stream-stream join: each side's rows after each batch against its {@code keyWithIndexToValue} store (key
     * without the index, the row, {@code matched}), as a multiset.
     */
    private static Report checkJoin(Checkpoint checkpoint, Replay replay) {
        List<StateDifference> differences = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        int checked = 0;
        Optional<StateOperatorInfo> info = checkpoint.stateOperators().stream().filter(o -> o.operatorId() == 0).findFirst();
        if (info.isEmpty()) {
            long first = replay.steps().isEmpty() ? 0 : replay.steps().get(0).batchId();
            differences.add(new StateDifference(first, 0, StateDifference.Kind.OPERATOR, null,
                    "operator 0 (symmetricHashJoin)", "no state/0"));
            return new Report(differences, 0, problems);
        }
        for (String side : List.of("left", "right")) {
            String name = side + JOIN_VALUES;
            Optional<StateStoreInfo> store = info.get().stores().stream().filter(s -> s.storeName().equals(name)).findFirst();
            if (store.isEmpty()) {
                continue;
            }
            StateReader reader = StateReader.open(checkpoint, info.get(), store.get(), Optional.empty());
            for (BatchStep step : replay.steps()) {
                if (!store.get().versions().contains(step.batchId() + 1)) {
                    continue;
                }
                checked++;
                Map<String, Integer> replayed = new TreeMap<>();
                for (StateEntry entry : step.state()) {
                    if (entry.storeName().equals(name)) {
                        replayed.merge(json(entry.key()) + " " + json(entry.value()), 1, Integer::sum);
                    }
                }
                Map<String, Integer> saved = new TreeMap<>();
                reader.rows(step.batchId(), row -> saved.merge(withoutIndex(json(row.key())) + " " + json(row.value()),
                        1, Integer::sum));
                for (String row : union(replayed.keySet(), saved.keySet())) {
                    int mine = replayed.getOrDefault(row, 0);
                    int theirs = saved.getOrDefault(row, 0);
                    if (mine > theirs) {
                        differences.add(new StateDifference(step.batchId(), 0, StateDifference.Kind.ONLY_IN_REPLAY,
                                name + " " + row, row, null));
                    } else if (theirs > mine) {
                        differences.add(new StateDifference(step.batchId(), 0, StateDifference.Kind.ONLY_IN_CHECKPOINT,
                                name + " " + row, null, row));
                    }
                }
            }
            problems.addAll(reader.problems());
        }
        return new Report(differences, checked, problems);
    }

    private static java.util.Set<String> union(java.util.Set<String> a, java.util.Set<String> b) {
        java.util.Set<String> all = new java.util.TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    /** {@code {"field0":110,"index":0}} → {@code {"field0":110}}. */
    private static String withoutIndex(String key) {
        return key.replaceFirst(",\"index\":-?\\d+}$", "}").replaceFirst("^\\{\"index\":-?\\d+,?", "{");
    }

    private static void compareRows(BatchStep step, int operatorId, StateReader reader, List<StateDifference> differences) {
        Map<String, String> replayed = new TreeMap<>();
        for (StateEntry entry : step.state()) {
            if (entry.operatorId() == operatorId) {
                replayed.put(json(entry.key()), entry.value() == null ? null : json(entry.value()));
            }
        }
        Map<String, String> saved = new TreeMap<>();
        reader.rows(step.batchId(), row -> saved.put(json(row.key()), row.value() == null ? null : json(row.value())));
        for (Map.Entry<String, String> entry : replayed.entrySet()) {
            if (!saved.containsKey(entry.getKey())) {
                differences.add(new StateDifference(step.batchId(), operatorId, StateDifference.Kind.ONLY_IN_REPLAY,
                        entry.getKey(), entry.getValue(), null));
            } else if (entry.getValue() != null && !entry.getValue().equals(saved.get(entry.getKey()))) {
                differences.add(new StateDifference(step.batchId(), operatorId, StateDifference.Kind.VALUE_DIFFERS,
                        entry.getKey(), entry.getValue(), saved.get(entry.getKey())));
            }
        }
        for (Map.Entry<String, String> entry : saved.entrySet()) {
            if (!replayed.containsKey(entry.getKey())) {
                differences.add(new StateDifference(step.batchId(), operatorId, StateDifference.Kind.ONLY_IN_CHECKPOINT,
                        entry.getKey(), null, entry.getValue()));
            }
        }
    }

    private static void compareSchemas(Operator operator, StateStoreInfo store, long batchId, List<StateDifference> differences) {
        if (store.schema().isEmpty() || operator instanceof Operator.Aggregate a && a.spec().sessionKey() >= 0) {
            return; // a session store's rows (key + session start, the whole session row) are compared row by row
        }
        SparkType.Struct key;
        SparkType.Struct value;
        try {
            key = SparkTypeJson.parseStruct(store.schema().get().keySchema());
            value = SparkTypeJson.parseStruct(store.schema().get().valueSchema());
        } catch (IllegalArgumentException e) {
            return;
        }
        int id = operatorId(operator);
        SparkType.Struct replayKey = operator instanceof Operator.Aggregate a ? a.spec().keySchema()
                : ((Operator.Deduplicate) operator).keySchema();
        if (!ExprNames.sqlType(replayKey).equals(ExprNames.sqlType(key))) {
            differences.add(new StateDifference(batchId, id, StateDifference.Kind.SCHEMA, null,
                    "key " + ExprNames.sqlType(replayKey), "key " + ExprNames.sqlType(key)));
        }
        if (operator instanceof Operator.Aggregate a && !ExprNames.sqlType(a.spec().bufferSchema()).equals(ExprNames.sqlType(value))) {
            differences.add(new StateDifference(batchId, id, StateDifference.Kind.SCHEMA, null,
                    "value " + ExprNames.sqlType(a.spec().bufferSchema()), "value " + ExprNames.sqlType(value)));
        }
    }

    private static String json(Object value) {
        return SparkJson.text(value);
    }

    static int operatorId(Operator operator) {
        return operator instanceof Operator.Aggregate a ? a.operatorId() : ((Operator.Deduplicate) operator).operatorId();
    }

    /** Spark 4's operator name in the operator metadata. */
    private static String sparkName(Operator operator) {
        if (operator instanceof Operator.Aggregate aggregate) {
            return aggregate.spec().sessionKey() >= 0 ? "sessionWindowStateStoreSaveExec" : "stateStoreSave";
        }
        return ((Operator.Deduplicate) operator).withinWatermark() ? "dedupeWithinWatermark" : "dedupe";
    }

    private static String describe(Operator operator) {
        return "operator " + operatorId(operator) + " (" + sparkName(operator) + ")";
    }
}
