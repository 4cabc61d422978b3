package io.streamscope.ui.state;

import io.streamscope.checkpoint.Problem;

import java.util.List;

/**
 * The state of one store after one batch, ready for the table: at most a display limit of rows (changed rows
 * first), with the full counts.
 */
public record StateSnapshot(long batchId, List<StateRowView> rows, long totalRows, long changedRows, boolean truncated,
                            String schemaSource, List<Problem> problems) {

    public StateSnapshot {
        rows = List.copyOf(rows);
        problems = List.copyOf(problems);
    }

    public String summary() {
        return String.format("%,d row%s after batch %d · %,d changed by it%s · schema: %s", totalRows,
                totalRows == 1 ? "" : "s", batchId, changedRows,
                truncated ? " · showing the first " + String.format("%,d", rows.size()) : "", schemaSource)
                + (problems.isEmpty() ? "" : " · " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s"));
    }
}
