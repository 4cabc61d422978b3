package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.Problem;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.task.Work;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What an operator's state files say a batch did, counted the way Spark's {@code stateOperators} progress counts:
 * {@code numRowsTotal} the rows after the batch, {@code numRowsUpdated} the rows it put, {@code numRowsRemoved} the
 * rows it removed. A stream-stream join counts its buffered rows (the two {@code keyWithIndexToValue} stores, not the
 * {@code keyToNumValues} counts beside them) and as updated the rows it added to them; transformWithState counts its
 * state variables, not its internal column families ({@code $procTimers_…}, {@code $ttl_…}, {@code $rowCounter_…}).
 * Where the files hold Spark's own records (deltas, changelogs) the puts are Spark's; a RocksDB store without
 * changelogs only shows the rows whose values changed ({@code putsExact} false).
 *
 * @param removedBySide a join's removed rows per side ({@code left}, {@code right}, in that order); empty for other
 *                      operators
 */
public record StateFigures(long numRowsTotal, long numRowsUpdated, long numRowsRemoved, boolean putsExact,
                           java.util.Map<String, Long> removedBySide, List<Problem> problems) {

    public StateFigures {
        // in the sides' order: Map.copyOf's order changes from one JVM to the next, and the figures are read out in it
        removedBySide = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(removedBySide));
        problems = List.copyOf(problems);
    }

    public static StateFigures of(Checkpoint checkpoint, StateOperatorInfo operator, long batchId, Work work) {
        return of(checkpoint, operator, batchId, work, new StoreListings(checkpoint));
    }

    /** As {@link #of(Checkpoint, StateOperatorInfo, long, Work)}, the partition folders' files taken from {@code listings}. */
    public static StateFigures of(Checkpoint checkpoint, StateOperatorInfo operator, long batchId, Work work,
                                  StoreListings listings) {
        boolean join = "symmetricHashJoin".equals(operator.operatorName())
                || operator.stores().stream().anyMatch(store -> store.storeName().endsWith("keyWithIndexToValue"));
        long[] total = {0};
        long[] updated = {0};
        long[] removed = {0};
        boolean[] exact = {true};
        java.util.Map<String, Long> bySide = new java.util.TreeMap<>();
        List<Problem> problems = new ArrayList<>();
        List<StateStoreInfo> counted = operator.stores().stream()
                .filter(store -> !join || store.storeName().endsWith("keyWithIndexToValue")).toList();
        for (int i = 0; i < counted.size(); i++) {
            StateStoreInfo store = counted.get(i);
            StateReader reader = StateReader.open(checkpoint, operator, store, Optional.empty()).sharing(listings)
                    .with(work.step(i, counted.size())); // one bar over the stores
            StateRowDecoding decoding = reader.columnFamilies().isEmpty() ? null : reader.decoding(batchId);
            long[] storeRemoved = {0};
            reader.markedRows(batchId - 1, batchId, record -> {
                if (decoding != null && isInternal(decoding.decode(record.partition(), record.key(), null).columnFamily())) {
                    return;
                }
                if (record.mark() != ChangeMark.DELETED) {
                    total[0]++;
                }
                if (join) {
                    updated[0] += record.mark() == ChangeMark.ADDED ? 1 : 0;
                    storeRemoved[0] += record.mark() == ChangeMark.DELETED ? 1 : 0;
                } else if (record.records().isEmpty()) {
                    exact[0] &= !record.mark().changed();
                    updated[0] += record.mark().changed() && record.mark() != ChangeMark.DELETED ? 1 : 0;
                    storeRemoved[0] += record.mark() == ChangeMark.DELETED ? 1 : 0;
                } else {
                    for (StateRecord written : record.records()) {
                        if (written.kind() == StateRecord.Kind.DELETE) {
                            storeRemoved[0]++;
                        } else {
                            updated[0]++;
                        }
                    }
                }
            });
            removed[0] += storeRemoved[0];
            if (join) {
                bySide.merge(store.storeName().substring(0, store.storeName().indexOf('-')), storeRemoved[0], Long::sum);
            }
            problems.addAll(reader.problems());
        }
        return new StateFigures(total[0], updated[0], removed[0], exact[0], bySide, problems);
    }

    /** transformWithState's own column families, which Spark's row counts leave out. */
    static boolean isInternal(String columnFamily) {
        return columnFamily != null && columnFamily.startsWith("$");
    }
}
