package io.streamscope.ui.tables;

import java.util.List;
import java.util.Set;

/**
 * One row as a replay table shows it: its cell texts, the batch it came from, whether it is the first row of its
 * batch (a divider above it), which cells changed, and its kind ({@code added}, {@code updated}, {@code evicted},
 * or empty when the batch did not touch it).
 */
public record ShownRow(List<String> cells, long batchId, boolean batchStart, Set<Integer> changedCells, String kind) {

    public ShownRow {
        cells = List.copyOf(cells);
        changedCells = Set.copyOf(changedCells);
    }

    public String cell(int index) {
        return index < cells.size() ? cells.get(index) : "";
    }

    public boolean changed() {
        return !kind.isEmpty();
    }
}
