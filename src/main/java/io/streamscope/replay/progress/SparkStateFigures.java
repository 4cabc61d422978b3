package io.streamscope.replay.progress;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.state.StateFigures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Spark's own {@code stateOperators} figures of a batch ({@code numRowsTotal}, {@code numRowsUpdated},
 * {@code numRowsRemoved}), from the {@code progress.jsonl} a {@code StreamingQueryListener} wrote beside the
 * checkpoint, set against what the state files say ({@link StateFigures}), with the reason where Spark counts
 * otherwise than the files show.
 */
public record SparkStateFigures(long numRowsTotal, long numRowsUpdated, long numRowsRemoved) {

    /** The file Spark's reports are read from, next to the checkpoint's {@code metadata}. */
    public static final String FILE = "progress.jsonl";
    private static final long MAX_BYTES = 16 << 20;

    /** The files' figures beside Spark's, and why they differ where they do. */
    public record Comparison(StateFigures files, Optional<SparkStateFigures> spark, List<String> explanations) {

        public boolean agree() {
            return spark.isPresent() && spark.get().numRowsTotal() == files.numRowsTotal()
                    && spark.get().numRowsUpdated() == files.numRowsUpdated() && spark.get().numRowsRemoved() == files.numRowsRemoved();
        }

        /** "Spark's progress: numRowsTotal 3 · numRowsUpdated 2 · numRowsRemoved 0 (the state files agree)". */
        public String summary() {
            String ours = String.format("numRowsTotal %,d · numRowsUpdated %,d · numRowsRemoved %,d", files.numRowsTotal(),
                    files.numRowsUpdated(), files.numRowsRemoved());
            if (spark.isEmpty()) {
                return "The state files: " + ours + " (no Spark progress report for the batch beside the checkpoint)";
            }
            SparkStateFigures s = spark.get();
            String theirs = String.format("numRowsTotal %,d · numRowsUpdated %,d · numRowsRemoved %,d", s.numRowsTotal(),
                    s.numRowsUpdated(), s.numRowsRemoved());
            return "Spark's progress: " + theirs + (agree() ? " (the state files agree)"
                    : "; the state files: " + ours + (explanations.isEmpty() ? "" : " — " + String.join(" ", explanations)));
        }
    }

    /** Spark's figures for the operator's batch, from the last report of the batch, if the folder has reports. */
    public static Optional<SparkStateFigures> read(Path checkpoint, StateOperatorInfo operator, int operatorIndex, long batchId) {
        Path file = checkpoint.resolve(FILE);
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
                return Optional.empty();
            }
            JsonNode last = null;
            for (JsonNode report : ProgressLog.parse(Files.readString(file))) {
                if (report.path("batchId").asLong(-1) == batchId) {
                    last = report;
                }
            }
            if (last == null || last.path("stateOperators").size() <= operatorIndex) {
                return Optional.empty();
            }
            JsonNode figures = last.path("stateOperators").get(operatorIndex);
            if (operator.operatorName() != null && figures.has("operatorName")
                    && !operator.operatorName().equals(figures.path("operatorName").asText())) {
                return Optional.empty(); // not the same operator: the plan's order is not the ids' here
            }
            return Optional.of(new SparkStateFigures(figures.path("numRowsTotal").asLong(),
                    figures.path("numRowsUpdated").asLong(), figures.path("numRowsRemoved").asLong()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // a damaged report is no figure; the files' own still show
        }
    }

    /** The operator's figures from the files and from Spark, explained where they differ. */
    public static Comparison compare(Checkpoint checkpoint, StateOperatorInfo operator, long batchId,
                                     io.streamscope.task.Work work) {
        return compare(checkpoint, operator, batchId, work, new io.streamscope.checkpoint.state.StoreListings());
    }

    /** As {@link #compare(Checkpoint, StateOperatorInfo, long, io.streamscope.task.Work)}, the state folders' files from {@code listings}. */
    public static Comparison compare(Checkpoint checkpoint, StateOperatorInfo operator, long batchId,
                                     io.streamscope.task.Work work, io.streamscope.checkpoint.state.StoreListings listings) {
        StateFigures files = StateFigures.of(checkpoint, operator, batchId, work, listings);
        int index = checkpoint.stateOperators().indexOf(operator);
        Optional<SparkStateFigures> spark = read(checkpoint.path(), operator, Math.max(0, index), batchId);
        return new Comparison(files, spark, spark.map(s -> explain(files, s, operator)).orElse(List.of()));
    }

    private static List<String> explain(StateFigures files, SparkStateFigures spark, StateOperatorInfo operator) {
        List<String> why = new ArrayList<>();
        if (spark.numRowsRemoved() != files.numRowsRemoved() && !files.removedBySide().isEmpty()) {
            files.removedBySide().forEach((side, count) -> {
                if (count == spark.numRowsRemoved()) {
                    why.add("numRowsRemoved: Spark counts only the rows its watermark cleanup removes from the " + side
                            + " side (StreamingSymmetricHashJoinExec's cleanup iterator); in an outer join the outer side's"
                            + " expired rows are emitted with nulls and removed uncounted. The files show "
                            + describe(files.removedBySide()) + ".");
                }
            });
        }
        if (spark.numRowsUpdated() != files.numRowsUpdated()) {
            if (!operator.stateVariables().isEmpty()) {
                why.add("numRowsUpdated: transformWithState counts its state variables' calls (TWSMetricsUtils), and a"
                        + " ListState.put resets the partition's count before counting the list (ListStateImpl), so Spark's"
                        + " figure can be below the " + files.numRowsUpdated() + " rows the changelog puts.");
            } else if (!files.putsExact()) {
                why.add("numRowsUpdated: without a changelog only the rows whose values changed can be seen; Spark counts"
                        + " every put, the same value written again included.");
            }
        }
        return why;
    }

    private static String describe(java.util.Map<String, Long> bySide) {
        List<String> parts = new ArrayList<>();
        bySide.forEach((side, count) -> parts.add(count + " removed on the " + side));
        return String.join(", ", parts);
    }
}
