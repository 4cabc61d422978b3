package io.streamscope.ui.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.replay.progress.ProgressLog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How often Spark ran each batch, from what the checkpoint folder holds beside Spark's files: the generator's
 * {@code spark-run.json} (every execution, a died one included, with the rows the sink received) or a
 * {@code StreamingQueryListener}'s {@code progress.jsonl} (one report per finished execution, by run id). A batch that
 * ran twice is one that died after its sink wrote and before Spark's commit, then ran again on restart. Only reads;
 * no JavaFX.
 */
public record BatchRuns(Map<Long, List<Execution>> byBatch, List<JsonNode> sparkReports) {

    public static final String SPARK_RUN = "spark-run.json";
    public static final String PROGRESS = "progress.jsonl";
    private static final long MAX_BYTES = 16 << 20;

    /**
     * One execution of a batch.
     *
     * @param run       the query's start it ran in (1, 2, …), as far as known
     * @param committed whether Spark wrote its commit (a died execution did not)
     * @param sinkRows  the rows the sink received, as JSON texts, when known
     * @param outputRows how many rows the sink received, when known
     */
    public record Execution(int run, boolean committed, Optional<List<String>> sinkRows, Optional<Long> outputRows) {
    }

    public BatchRuns {
        byBatch = Map.copyOf(byBatch);
        sparkReports = List.copyOf(sparkReports);
    }

    public static final BatchRuns NONE = new BatchRuns(Map.of(), List.of());

    /** What {@code checkpoint} holds of Spark's runs; nothing when it holds neither file (or they are damaged). */
    public static BatchRuns read(Path checkpoint) {
        List<JsonNode> reports = reports(checkpoint.resolve(PROGRESS));
        Map<Long, List<Execution>> runs = sparkRun(checkpoint.resolve(SPARK_RUN));
        if (runs.isEmpty()) {
            runs = fromReports(reports);
        }
        return new BatchRuns(runs, reports);
    }

    /** The executions of {@code batchId}, oldest first. */
    public List<Execution> of(long batchId) {
        return byBatch.getOrDefault(batchId, List.of());
    }

    public boolean ranMoreThanOnce(long batchId) {
        return of(batchId).size() > 1;
    }

    /** "Batch 2 ran twice: run 3 died before commits/2 (the sink had received 2 rows); run 4 committed (2 rows)". */
    public Optional<String> describe(long batchId) {
        List<Execution> executions = of(batchId);
        if (executions.size() < 2) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder("Batch " + batchId + " ran " + (executions.size() == 2 ? "twice"
                : executions.size() + " times") + ": ");
        for (int i = 0; i < executions.size(); i++) {
            Execution execution = executions.get(i);
            text.append(i == 0 ? "" : "; then ").append("run ").append(execution.run()).append(' ')
                    .append(execution.committed() ? "committed" : "died before commits/" + batchId);
            Optional<Long> rows = execution.sinkRows().map(list -> (long) list.size()).or(execution::outputRows);
            rows.ifPresent(count -> text.append(" — the sink received ").append(count)
                    .append(count == 1 ? " row" : " rows"));
        }
        return Optional.of(text.toString());
    }

    private static Map<Long, List<Execution>> sparkRun(Path file) {
        Map<Long, List<Execution>> runs = new TreeMap<>();
        Optional<JsonNode> json = readJson(file);
        if (json.isEmpty()) {
            return runs;
        }
        for (JsonNode batch : json.get().path("batches")) {
            if (!batch.path("batchId").canConvertToLong()) {
                continue;
            }
            Optional<List<String>> sink = Optional.empty();
            if (batch.path("sinkRows").isArray()) {
                List<String> rows = new ArrayList<>();
                batch.get("sinkRows").forEach(row -> rows.add(row.toString()));
                sink = Optional.of(rows);
            }
            runs.computeIfAbsent(batch.get("batchId").asLong(), id -> new ArrayList<>())
                    .add(new Execution(batch.path("run").asInt(0), batch.path("committed").asBoolean(true), sink,
                            Optional.empty()));
        }
        return runs;
    }

    private static Map<Long, List<Execution>> fromReports(List<JsonNode> reports) {
        Map<Long, List<Execution>> runs = new TreeMap<>();
        Map<String, Integer> runNumbers = new java.util.LinkedHashMap<>();
        for (JsonNode report : reports) {
            String runId = report.path("runId").asText("");
            int run = runNumbers.computeIfAbsent(runId, id -> runNumbers.size() + 1);
            long rows = report.at("/sink/numOutputRows").asLong(-1);
            runs.computeIfAbsent(report.get("batchId").asLong(), id -> new ArrayList<>())
                    .add(new Execution(run, true, Optional.empty(), rows >= 0 ? Optional.of(rows) : Optional.empty()));
        }
        return runs;
    }

    private static List<JsonNode> reports(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
                return List.of();
            }
            return ProgressLog.parse(Files.readString(file));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static Optional<JsonNode> readJson(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
                return Optional.empty();
            }
            try (java.io.InputStream in = Files.newInputStream(file)) { // local or remote alike
                return Optional.ofNullable(Reader.JSON.readTree(in));
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The mapper, made on the first read (in the background): {@link #NONE} is what the window starts with, and making
     * a mapper there took some 20 ms of the FX thread before the first frame.
     */
    private static final class Reader {
        static final ObjectMapper JSON = new ObjectMapper();
    }
}
