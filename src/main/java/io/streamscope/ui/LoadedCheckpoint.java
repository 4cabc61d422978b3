package io.streamscope.ui;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.replay.Sidecar;
import io.streamscope.ui.lab.BatchRuns;
import io.streamscope.ui.replay.JobFiles;
import io.streamscope.ui.timeline.TimelineData;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A checkpoint already turned into what the window shows (batch rows, timeline columns, findings, the sidecar's
 * facts, the folder's own {@code job.py}, and how often Spark ran each batch where the folder says), so the work happens
 * off the FX thread and the window takes it in one go.
 */
public record LoadedCheckpoint(Checkpoint checkpoint, List<BatchRow> rows, List<Finding> findings, TimelineData timeline,
                               Optional<Sidecar> sidecar, Optional<String> job, BatchRuns runs) {

    public LoadedCheckpoint {
        rows = List.copyOf(rows);
        findings = List.copyOf(findings);
    }

    public LoadedCheckpoint(Checkpoint checkpoint, List<BatchRow> rows, List<Finding> findings) {
        this(checkpoint, rows, findings, TimelineData.of(checkpoint), Optional.empty(), Optional.empty(), BatchRuns.NONE);
    }

    public static LoadedCheckpoint of(Checkpoint checkpoint) {
        List<BatchRow> rows = checkpoint.batches().values().stream().map(BatchRowFormatter::format).toList();
        List<Finding> findings = new ArrayList<>();
        checkpoint.problems().forEach(problem -> findings.add(Finding.of(problem)));
        checkpoint.notes().forEach(note -> findings.add(Finding.of(note)));
        return new LoadedCheckpoint(checkpoint, rows, findings, TimelineData.of(checkpoint), Sidecar.read(checkpoint.path()),
                JobFiles.beside(checkpoint.path()), BatchRuns.read(checkpoint.path()));
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

    /** The sidecar's title, else the folder name. */
    public String title() {
        return sidecar.map(Sidecar::title).filter(title -> !title.isBlank())
                .orElseGet(() -> checkpoint.path().getFileName() == null ? checkpoint.path().toString()
                        : checkpoint.path().getFileName().toString());
    }

    private static String count(int n, String one, String many) {
        return String.format("%,d %s", n, n == 1 ? one : many);
    }
}
