package io.streamscope.ui.state;

import io.streamscope.checkpoint.Problem;

import java.util.List;

/**
 * The state of one store after one batch, ready for the table: at most a display limit of rows (changed rows
 * first), with the full counts; {@code allKept} false where the pass kept fewer rows than it counted
 * ({@link StateRowStore}'s budget).
 */
public record StateSnapshot(long batchId, List<StateRowView> rows, long totalRows, long changedRows, boolean truncated,
                            String schemaSource, List<Problem> problems, long keptRows, boolean allKept) {

    public StateSnapshot {
        rows = List.copyOf(rows);
        problems = List.copyOf(problems);
    }

    /** The counts, and how many of the rows this snapshot lists. */
    public String summary() {
        return summary(truncated ? " · showing the first " + String.format("%,d", rows.size()) : "");
    }

    /** The counts, and how many rows the window's table holds where that is not all of them. */
    public String tableSummary() {
        return summary(allKept ? "" : String.format(" · %,d of them in the table, as memory allows (a filter or a sort"
                + " reads them all)", keptRows));
    }

    private String summary(String shown) {
        return String.format("%,d row%s after batch %d · %,d changed by it%s · schema: %s", totalRows,
                totalRows == 1 ? "" : "s", batchId, changedRows, shown, schemaSource)
                + (problems.isEmpty() ? "" : " · " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s"));
    }
}
