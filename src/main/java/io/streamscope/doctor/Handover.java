package io.streamscope.doctor;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.SourceInfo;
import io.streamscope.checkpoint.StateOperatorInfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The way from this checkpoint to a new one without reprocessing or losing data: for each source the options that
 * make the new query start exactly where the last committed batch ended (Kafka {@code startingOffsets}, Delta
 * {@code startingVersion}), and what the new checkpoint does not carry over (each stateful operator's state).
 *
 * @param sources every source, by index
 * @param notes   what the move costs and how to do it
 */
public record Handover(List<SourceHandover> sources, List<String> notes) {

    public Handover {
        sources = List.copyOf(sources);
        notes = List.copyOf(notes);
    }

    public static Handover of(Checkpoint checkpoint) {
        Optional<Batch> committed = checkpoint.lastCommittedBatch();
        Batch last = checkpoint.batches().isEmpty() ? null : checkpoint.batches().lastEntry().getValue();
        List<SourceHandover> sources = new ArrayList<>();
        for (SourceInfo source : checkpoint.sources()) {
            sources.add(source(source, committed, last));
        }
        List<String> notes = new ArrayList<>();
        notes.add(committed.map(batch -> "The new checkpoint resumes after batch " + batch.id() + ", the last committed one.")
                .orElse("No batch committed: the new checkpoint starts where batch 0 started."));
        if (last != null && last.willReplay()) {
            notes.add("Batch " + last.id() + " never committed: the new query reads its records again. If batch "
                    + last.id() + " wrote to the sink before it died, a sink that is not idempotent holds those rows "
                    + "twice; an idempotent one (MERGE on a key, or keyed by batch) does not.");
        }
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            notes.add("Operator " + operator.operatorId() + (operator.operatorName() == null ? ""
                    : " (" + operator.operatorName() + ")") + " keeps state that a new checkpoint does not carry over: it "
                    + "starts empty, so aggregates restart from nothing, deduplication forgets the keys it saw, a join "
                    + "forgets the rows waiting for a match. To keep the results whole, write the old results into the "
                    + "sink's table first (or let the old query run until its state has no open groups), or start the new "
                    + "query from the topics' earliest offsets instead and let it rebuild the state.");
        }
        notes.add("Use a new, empty checkpointLocation with the options above; keep the old checkpoint until the new "
                + "query has committed its first batch.");
        return new Handover(sources, notes);
    }

    private static SourceHandover source(SourceInfo source, Optional<Batch> committed, Batch last) {
        JsonNode end = committed.flatMap(batch -> offsetOf(batch, source.index())).orElse(null);
        Map<String, String> options = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        switch (source.kind()) {
            case KAFKA -> {
                JsonNode start = end != null ? end : source.initialOffsets();
                if (start == null) {
                    notes.add("No offsets are known for this source: the new query starts at its startingOffsets.");
                } else {
                    options.put("startingOffsets", start.toString());
                    notes.add("Partitions created after " + (end != null ? "that batch" : "the start") + " are not "
                            + "in startingOffsets: add them as -2 (earliest) so that none of their records is missed.");
                }
                if (last != null && last.willReplay()) {
                    offsetOf(last, source.index()).ifPresent(offsets -> notes.add("Batch " + last.id() + " had "
                            + "planned up to " + offsets + ": those records are read again."));
                }
            }
            case DELTA -> {
                if (end != null && end.has("reservoirVersion")) {
                    options.put("startingVersion", end.get("reservoirVersion").asText());
                    notes.add("startingVersion reads that table version whole: rows of it the old query had already "
                            + "read (index " + end.path("index").asText() + ") are read again.");
                } else {
                    notes.add("The Delta offsets do not name a table version: start the new query with "
                            + "startingVersion set to the version after the last one processed.");
                }
            }
            case FILE -> notes.add("A file source has no option to start later: the new query lists the folder and "
                    + "reads every file again. Move the files already processed away first (or run the old query with "
                    + "cleanSource=archive), or accept them read twice.");
            default -> notes.add("This source (" + source.kind().label() + ") cannot be told where to start: "
                    + "the new query starts it anew.");
        }
        return new SourceHandover(source.index(), source.kind().label(), options, notes);
    }

    private static Optional<JsonNode> offsetOf(Batch batch, int index) {
        return batch.sources().stream().filter(s -> s.index() == index).map(BatchSource::endOffset)
                .filter(node -> node != null && !node.isNull()).findFirst();
    }

    /** The options as code to paste into the job, in its language ({@code python} or {@code scala}). */
    public String snippet(String language) {
        StringBuilder code = new StringBuilder();
        boolean scala = "scala".equalsIgnoreCase(language);
        for (SourceHandover source : sources) {
            code.append(scala ? "// " : "# ").append("source ").append(source.index()).append(" (").append(source.kind())
                    .append(")\n");
            for (Map.Entry<String, String> option : source.options().entrySet()) {
                String value = option.getValue();
                code.append("    .option(\"").append(option.getKey()).append("\", ");
                if (scala) {
                    code.append("\"\"\"").append(value).append("\"\"\")\n");
                } else {
                    code.append("'").append(value.replace("\\", "\\\\").replace("'", "\\'")).append("')\n");
                }
            }
        }
        return code.toString();
    }
}
