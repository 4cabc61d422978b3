package io.streamscope.replay;

import io.streamscope.sparktypes.Row;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The result table of an append-only query, batch after batch: rows are only ever added, so each batch's table is a
 * prefix of the next one's. {@link #prefix()} hands out that prefix as an unmodifiable view instead of a copy, which
 * would make a replay of N batches copy O(N²) rows.
 */
final class AppendOnlyRows {

    private final List<Row> rows = new ArrayList<>();

    void addAll(List<Row> more) {
        rows.addAll(more);
    }

    /** The rows so far; later additions do not show in it. */
    List<Row> prefix() {
        return new Prefix(rows, rows.size());
    }

    /** An unmodifiable view of the first {@code size} rows of a list that only grows. */
    static final class Prefix extends AbstractList<Row> implements RandomAccess {
        private final List<Row> rows;
        private final int size;

        Prefix(List<Row> rows, int size) {
            this.rows = rows;
            this.size = size;
        }

        @Override
        public Row get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index);
            }
            return rows.get(index);
        }

        @Override
        public int size() {
            return size;
        }
    }
}
