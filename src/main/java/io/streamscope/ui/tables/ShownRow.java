package io.streamscope.ui.tables;

import io.streamscope.replay.DroppedRow;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * One row as a replay table shows it: its cell texts, the batch it came from, whether it is the first row of its
 * batch (a divider above it), which cells changed, and its kind ({@code added}, {@code updated}, {@code evicted},
 * or empty when the batch did not touch it).
 * <p>
 * A row is itself, not its texts: two rows that read the same are still two rows (equality is identity), so tables
 * never compare texts, and a row of the unbounded table can make its texts only when first drawn ({@link #lazy}).
 * A row of append mode's result table is {@code added} while its batch is the selected one, which it reads when asked
 * ({@link #lazy(Supplier, long, boolean, LongSupplier)}): the mark moves with the selection without a row rebuilt.
 */
public final class ShownRow {

    private final Supplier<List<String>> texts;
    private final long batchId;
    private final boolean batchStart;
    private final Set<Integer> changedCells;
    private final String kind;
    /** The selected batch, for a row {@code added} while its batch is selected; otherwise null. */
    private final LongSupplier selected;
    /** Why a stateful operator dropped this input row (late, duplicate), or null. */
    private final DroppedRow dropped;
    private List<String> cells;

    public ShownRow(List<String> cells, long batchId, boolean batchStart, Set<Integer> changedCells, String kind) {
        this(null, List.copyOf(cells), batchId, batchStart, changedCells, kind, null);
    }

    private ShownRow(Supplier<List<String>> texts, List<String> cells, long batchId, boolean batchStart,
                     Set<Integer> changedCells, String kind, LongSupplier selected) {
        this(texts, cells, batchId, batchStart, changedCells, kind, selected, null);
    }

    private ShownRow(Supplier<List<String>> texts, List<String> cells, long batchId, boolean batchStart,
                     Set<Integer> changedCells, String kind, LongSupplier selected, DroppedRow dropped) {
        this.texts = texts;
        this.cells = cells;
        this.batchId = batchId;
        this.batchStart = batchStart;
        this.changedCells = Set.copyOf(changedCells);
        this.kind = kind;
        this.selected = selected;
        this.dropped = dropped;
    }

    /** A row whose texts are made the first time they are asked for, then kept. */
    static ShownRow lazy(Supplier<List<String>> texts, long batchId, boolean batchStart) {
        return new ShownRow(texts, null, batchId, batchStart, Set.of(), "", null);
    }

    /** A {@link #lazy} row whose kind is {@code added} whenever {@code selected} is its batch, otherwise empty. */
    static ShownRow lazy(Supplier<List<String>> texts, long batchId, boolean batchStart, LongSupplier selected) {
        return new ShownRow(texts, null, batchId, batchStart, Set.of(), "", selected);
    }

    /** An input row of the unbounded table, marked when a stateful operator dropped it ({@code dropped} non-null). */
    static ShownRow input(Supplier<List<String>> texts, long batchId, boolean batchStart, DroppedRow dropped) {
        return new ShownRow(texts, null, batchId, batchStart, Set.of(), "", null, dropped);
    }

    /** Why a stateful operator dropped this input row, if it did. */
    public Optional<DroppedRow> dropped() {
        return Optional.ofNullable(dropped);
    }

    public List<String> cells() {
        List<String> made = cells;
        if (made == null) {
            made = List.copyOf(texts.get()); // immutable, so a second thread at worst makes it again
            cells = made;
        }
        return made;
    }

    public String cell(int index) {
        List<String> all = cells();
        return index < all.size() ? all.get(index) : "";
    }

    public long batchId() {
        return batchId;
    }

    public boolean batchStart() {
        return batchStart;
    }

    public Set<Integer> changedCells() {
        return changedCells;
    }

    public String kind() {
        return selected != null && selected.getAsLong() == batchId ? "added" : kind;
    }

    public boolean changed() {
        return !kind().isEmpty();
    }

    @Override
    public String toString() {
        return "ShownRow[batch " + batchId + (batchStart ? " (start)" : "") + (changed() ? ", " + kind() : "") + ": "
                + cells() + (changedCells.isEmpty() ? "" : ", changed " + changedCells)
                + (dropped == null ? "" : ", dropped " + dropped.reason()) + "]";
    }
}
