package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.Problem;
import io.streamscope.checkpoint.state.StateChange;
import io.streamscope.checkpoint.state.StateReader;
import io.streamscope.checkpoint.state.StoreSchema;
import io.streamscope.sql.SparkJson;
import io.streamscope.task.Work;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a store's state after a batch for the table, off the FX thread: the rows (up to a limit), which of them the
 * batch added or updated, and the keys it deleted. Pure logic, no JavaFX, so tests drive it directly.
 */
public final class StateSnapshotLoader {

    /** Rows beyond this are counted, not shown: the table stays fast on million-key stores. */
    public static final int DISPLAY_LIMIT = 10_000;

    private StateSnapshotLoader() {
    }

    public static StateSnapshot load(Checkpoint checkpoint, StoreChoice choice, long batchId, int limit) {
        return load(checkpoint, choice, batchId, limit, Optional.empty());
    }

    /** Likewise, the rows decoded with {@code schema} when given (the schema a query implies for an old checkpoint). */
    public static StateSnapshot load(Checkpoint checkpoint, StoreChoice choice, long batchId, int limit, Optional<StoreSchema> schema) {
        return load(checkpoint, choice, batchId, limit, schema, Work.NONE);
    }

    /**
     * Likewise, in three passes over the store's partitions (the batch's changes, the state before it, the state
     * after it), reported to {@code work} as one bar and each asking its cancellation.
     */
    public static StateSnapshot load(Checkpoint checkpoint, StoreChoice choice, long batchId, int limit,
                                     Optional<StoreSchema> schema, Work work) {
        StateReader reader = StateReader.open(checkpoint, choice.operator(), choice.store(), schema).with(work.step(0, 3));
        Map<String, StateChange.Type> changes = new HashMap<>();
        List<StateRowView> deleted = new ArrayList<>();
        reader.changes(batchId - 1, batchId, change -> {
            String key = identity(change.partition(), change.columnFamily(), text(change.key()));
            changes.put(key, change.type());
            if (change.type() == StateChange.Type.DELETE) {
                deleted.add(new StateRowView(change.partition(), change.columnFamily(), text(change.key()), "",
                        StateRowView.Change.DELETED));
            } else {
                deleted.removeIf(row -> identity(row.partition(), row.columnFamily(), row.key()).equals(key));
            }
        });
        Set<String> existedBefore = batchId == 0 ? Set.of()
                : keysBefore(checkpoint, choice, schema, batchId - 1, changes.keySet(), work.step(1, 3));
        reader.with(work.step(2, 3));
        List<StateRowView> changed = new ArrayList<>();
        List<StateRowView> unchanged = new ArrayList<>();
        long[] total = {0};
        reader.rows(batchId, row -> {
            total[0]++;
            String key = text(row.key());
            String identity = identity(row.partition(), row.columnFamily(), key);
            StateChange.Type change = changes.get(identity);
            StateRowView.Change mark = change == null ? StateRowView.Change.NONE
                    : existedBefore.contains(identity) ? StateRowView.Change.UPDATED : StateRowView.Change.ADDED;
            List<StateRowView> target = mark == StateRowView.Change.NONE ? unchanged : changed;
            if (changed.size() + unchanged.size() < limit) {
                target.add(new StateRowView(row.partition(), row.columnFamily(), key, text(row.value()), mark));
            }
        });
        List<StateRowView> rows = new ArrayList<>(changed);
        rows.addAll(deleted);
        rows.addAll(unchanged);
        List<Problem> problems = reader.problems();
        long changedCount = changes.size();
        return new StateSnapshot(batchId, rows.subList(0, Math.min(rows.size(), limit)), total[0], changedCount,
                total[0] + deleted.size() > limit, reader.schemaSource().equals("none") ? "none (bytes shown)" : reader.schemaSource(), problems);
    }

    /** Which of {@code keys} were in the state after {@code batchId}; only those, so memory follows the change count. */
    private static Set<String> keysBefore(Checkpoint checkpoint, StoreChoice choice, Optional<StoreSchema> schema, long batchId,
                                          Set<String> keys, Work work) {
        Set<String> present = new HashSet<>();
        if (keys.isEmpty()) {
            return present;
        }
        StateReader previous = StateReader.open(checkpoint, choice.operator(), choice.store(), schema).with(work);
        previous.rows(batchId, row -> {
            String identity = identity(row.partition(), row.columnFamily(), text(row.key()));
            if (keys.contains(identity)) {
                present.add(identity);
            }
        });
        return present;
    }

    private static String identity(int partition, String family, String key) {
        return partition + "/" + family + "/" + key;
    }

    static String text(Object value) {
        return value == null ? "" : SparkJson.text(value);
    }
}
