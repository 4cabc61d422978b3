package io.streamscope.ui;

import io.streamscope.checkpoint.Checkpoint;

import java.util.ArrayList;
import java.util.List;

/** A checkpoint already turned into what the window shows, so the work happens off the FX thread. */
public record LoadedCheckpoint(Checkpoint checkpoint, List<BatchRow> rows, List<Finding> findings) {

    public LoadedCheckpoint {
        rows = List.copyOf(rows);
        findings = List.copyOf(findings);
    }

    public static LoadedCheckpoint of(Checkpoint checkpoint) {
        List<BatchRow> rows = checkpoint.batches().values().stream().map(BatchRowFormatter::format).toList();
        List<Finding> findings = new ArrayList<>();
        checkpoint.problems().forEach(problem -> findings.add(Finding.of(problem)));
        checkpoint.notes().forEach(note -> findings.add(Finding.of(note)));
        return new LoadedCheckpoint(checkpoint, rows, findings);
    }

    /** For the status bar, e.g. "12 batches, 2 problems, 1 note". */
    public String summary() {
        return count(rows.size(), "batch", "batches") + ", "
                + count(checkpoint.problems().size(), "problem", "problems") + ", "
                + count(checkpoint.notes().size(), "note", "notes");
    }

    public String queryText() {
        return checkpoint.queryId() == null ? "query id unknown" : "query " + checkpoint.queryId();
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
