package io.streamscope.ui.state;

import java.util.Locale;

/**
 * Which loaded rows the table shows, in which order: text the key must contain (any case), one partition or all
 * (-1), one state variable or all (null), and a column to sort by ({@link StateColumnId}) or none (null: the rows the
 * batch changed first, then the others, each partition by partition in key order).
 */
public record StateQuery(String filter, int partition, String columnFamily, String sortColumn, boolean ascending) {

    public static final StateQuery ALL = new StateQuery("", -1, null, null, true);

    public StateQuery {
        filter = filter == null ? "" : filter.strip().toLowerCase(Locale.ROOT);
    }

    /** Whether every loaded row shows, unsorted (the rows the batch changed first). */
    public boolean identity() {
        return !narrows() && sortColumn == null;
    }

    /** Whether the query leaves rows out (a partition, a state variable or key text), rather than only ordering them. */
    public boolean narrows() {
        return byKey() || partition >= 0;
    }

    /** Whether the query keeps rows by their key: its state variable or its key text. */
    public boolean byKey() {
        return !filter.isEmpty() || columnFamily != null;
    }

    /** Its order alone: for rows already narrowed by it (a pass that read the store again with it). */
    public StateQuery orderOnly() {
        return new StateQuery("", -1, null, sortColumn, ascending);
    }

    public StateQuery withFilter(String text) {
        return new StateQuery(text, partition, columnFamily, sortColumn, ascending);
    }

    public StateQuery withPartition(int chosen) {
        return new StateQuery(filter, chosen, columnFamily, sortColumn, ascending);
    }

    public StateQuery withColumnFamily(String family) {
        return new StateQuery(filter, partition, family, sortColumn, ascending);
    }

    public StateQuery sortedBy(String column, boolean up) {
        return new StateQuery(filter, partition, columnFamily, column, up);
    }
}
