package io.streamscope.ui.state;

import io.streamscope.checkpoint.state.ChangeMark;
import io.streamscope.checkpoint.state.StateRow;
import io.streamscope.checkpoint.state.StateRowDecoding;
import io.streamscope.sparktypes.SparkJson;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state table's rows, decoded only when shown: a {@link StateRowStore} filled by the one pass, the positions a
 * {@link StateQuery} selected (null: all rows in the store's order), and the cells of the rows on screen (key and value
 * fields flattened, old → new where an update changed a field). Plain logic, no JavaFX: the FX list over it asks for
 * the rows the table draws. Decodes on one thread (the FX thread); a selection decodes with its own decoding.
 */
public final class StateTableModel {

    /** Rows decoded (on the FX thread) to find the columns: the first ones. */
    private static final int COLUMN_SAMPLE = 100;
    /** Rows looked through for a state variable's first rows. */
    private static final int FAMILY_SCAN = 50_000;
    private static final int CACHE = 2048;

    private final StateRowStore store;
    private final StateRowDecoding decoding;
    private final Map<Integer, StateCells> cache = new LinkedHashMap<>(CACHE, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, StateCells> eldest) {
            return size() > CACHE;
        }
    };
    private int[] selection;

    public StateTableModel(StateRowStore store, StateRowDecoding decoding) {
        this.store = store;
        this.decoding = decoding;
    }

    public StateRowStore store() {
        return store;
    }

    /** How many rows the table has: the selected ones, or every row loaded so far (it grows while loading). */
    public int size() {
        return selection == null ? store.size() : selection.length;
    }

    public void select(int[] rows) {
        selection = rows;
    }

    public boolean selected() {
        return selection != null;
    }

    /** The {@code index}-th row of the table. */
    public StateRowView view(int index) {
        return cells(selection == null ? index : selection[index]).view();
    }

    /** The cells of store row {@code row}, decoded once and kept while on screen. */
    public StateCells cells(int row) {
        StateCells cells = cache.get(row);
        if (cells == null) {
            cells = StateCells.of(decode(row));
            cache.put(row, cells);
        }
        return cells;
    }

    private StateRowView decode(int row) {
        int partition = store.partition(row);
        byte[] key = store.key(row);
        StateRow decoded = decoding.decode(partition, key, store.value(row));
        byte[] old = store.oldValue(row);
        ChangeMark mark = store.mark(row);
        int index = store.elementIndex(row);
        String oldText = old == null || mark == ChangeMark.DELETED ? null
                : text(value(decoding.decode(partition, key, old).value(), index));
        return new StateRowView(partition, decoded.columnFamily(), text(decoded.key()),
                text(value(decoded.value(), index)), oldText, StateRowView.Change.of(mark), row, index);
    }

    /** A decoded value; a list element's (stored as a list of one: {@code ListElements}) the element itself. */
    static Object value(Object decoded, int elementIndex) {
        return elementIndex >= 0 && decoded instanceof List<?> list && list.size() == 1 ? list.get(0) : decoded;
    }

    /**
     * The key and value fields of the first rows (of state variable {@code family}, or all when null), in the order met:
     * the table's columns. Rows further down with other fields still show them in the detail pane.
     */
    public Columns columns(String family) {
        Set<String> keyFields = new LinkedHashSet<>();
        Set<String> valueFields = new LinkedHashSet<>();
        int seen = 0;
        int scan = Math.min(store.size(), family == null ? COLUMN_SAMPLE : FAMILY_SCAN);
        for (int row = 0; row < scan && seen < COLUMN_SAMPLE; row++) {
            StateCells cells = cells(row);
            if (family == null || family.equals(cells.view().columnFamily())) {
                keyFields.addAll(cells.key().keySet());
                valueFields.addAll(cells.value().keySet());
                seen++;
            }
        }
        return new Columns(List.copyOf(keyFields), List.copyOf(valueFields));
    }

    /** The table's key and value columns by flattened field name. */
    public record Columns(List<String> keyFields, List<String> valueFields) {
    }

    static String text(Object value) {
        return value == null ? "" : SparkJson.text(value);
    }
}
