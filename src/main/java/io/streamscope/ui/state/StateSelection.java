package io.streamscope.ui.state;

import io.streamscope.checkpoint.state.ChangeMark;
import io.streamscope.checkpoint.state.StateRow;
import io.streamscope.checkpoint.state.StateRowDecoding;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.task.Cancellation;
import io.streamscope.task.Progress;
import io.streamscope.task.ProgressListener;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;

/**
 * The rows of a {@link StateRowStore} a {@link StateQuery} keeps, in its order (unsorted: the rows the batch changed
 * first), as row positions: for a million rows
 * an int array, never a row object each. Runs off the FX thread, in chunks between which it can be cancelled and
 * reports progress; decodes with a decoding of its own.
 */
final class StateSelection {

    private static final int CHUNK = 16_384;

    private StateSelection() {
    }

    static int[] select(StateRowStore store, StateRowDecoding decoding, StateQuery query, Cancellation cancellation,
                        ProgressListener progress) {
        int size = store.size();
        int[] kept = new int[size];
        int count = 0;
        for (int row = 0; row < size; row++) {
            if (row % CHUNK == 0) {
                cancellation.check();
                progress.onProgress(new Progress("filtering the state", row, size * (query.sortColumn() == null ? 1L : 2L),
                        Progress.Unit.ROWS));
            }
            if (query.partition() >= 0 && store.partition(row) != query.partition()) {
                continue;
            }
            if (query.byKey() && !keyMatches(query, decoding, store.partition(row), store.key(row))) {
                continue;
            }
            kept[count++] = row;
        }
        kept = Arrays.copyOf(kept, count);
        return query.sortColumn() == null ? changedFirst(store, kept) : sorted(store, decoding, query, kept, cancellation, progress);
    }

    /** Whether a row's key is of the query's state variable (if any) and contains its text (if any), in any case. */
    static boolean keyMatches(StateQuery query, StateRowDecoding decoding, int partition, byte[] key) {
        StateRow decoded = decoding.decode(partition, key, null);
        return (query.columnFamily() == null || query.columnFamily().equals(decoded.columnFamily()))
                && (query.filter().isEmpty() || SparkJson.text(decoded.key()).toLowerCase(Locale.ROOT).contains(query.filter()));
    }

    /** The rows the batch changed (added, updated, deleted) first, each group in the store's order. */
    private static int[] changedFirst(StateRowStore store, int[] rows) {
        int[] ordered = new int[rows.length];
        int at = 0;
        for (int row : rows) {
            if (store.mark(row).changed()) {
                ordered[at++] = row;
            }
        }
        for (int row : rows) {
            if (!store.mark(row).changed()) {
                ordered[at++] = row;
            }
        }
        return ordered;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int[] sorted(StateRowStore store, StateRowDecoding decoding, StateQuery query, int[] rows,
                                Cancellation cancellation, ProgressListener progress) {
        Comparable[] keys = new Comparable[rows.length];
        String column = query.sortColumn();
        for (int i = 0; i < rows.length; i++) {
            if (i % CHUNK == 0) {
                cancellation.check();
                progress.onProgress(new Progress("sorting the state", rows.length + i, rows.length * 2L, Progress.Unit.ROWS));
            }
            keys[i] = sortValue(store, decoding, rows[i], column);
        }
        Integer[] order = new Integer[rows.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Comparator<Integer> byKey = (a, b) -> compare(keys[a], keys[b]);
        Arrays.sort(order, query.ascending() ? byKey : byKey.reversed()); // stable: ties keep the store's order
        cancellation.check();
        int[] result = new int[rows.length];
        for (int i = 0; i < order.length; i++) {
            result[i] = rows[order[i]];
        }
        return result;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Comparable a, Comparable b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        if (a.getClass() != b.getClass()) {
            return a.getClass().getName().compareTo(b.getClass().getName());
        }
        return a.compareTo(b);
    }

    private static Comparable<?> sortValue(StateRowStore store, StateRowDecoding decoding, int row, String column) {
        return sortValue(decoding, column, store.partition(row), store.mark(row), store.elementIndex(row), store.key(row),
                column.startsWith(StateColumnId.VALUE) ? store.value(row) : null);
    }

    /** What a row is sorted by in {@code column}; {@code value} is needed for a value column only. */
    static Comparable<?> sortValue(StateRowDecoding decoding, String column, int partition, ChangeMark mark, int elementIndex,
                                   byte[] key, byte[] value) {
        switch (column) {
            case StateColumnId.PARTITION:
                return partition;
            case StateColumnId.CHANGE:
                return mark.ordinal();
            case StateColumnId.INDEX:
                return elementIndex < 0 ? null : elementIndex;
            default:
                break;
        }
        boolean ofKey = !column.startsWith(StateColumnId.VALUE);
        StateRow decoded = decoding.decode(partition, key, ofKey ? null : value);
        if (column.equals(StateColumnId.FAMILY)) {
            return decoded.columnFamily();
        }
        return ofKey ? StateColumnId.sortValue(decoded.key(), column.substring(StateColumnId.KEY.length()), "key")
                : StateColumnId.sortValue(StateTableModel.value(decoded.value(), elementIndex), column.substring(StateColumnId.VALUE.length()), "value");
    }
}
