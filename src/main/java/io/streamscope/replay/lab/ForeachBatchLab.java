package io.streamscope.replay.lab;

import io.streamscope.sparktypes.SparkJson;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.Replay;
import io.streamscope.sparktypes.Row;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a {@code foreachBatch} sink's table holds when the last batch of a checkpoint will replay: the function ran
 * and wrote the batch, the query died before Spark wrote {@code commits/N}, and on restart Spark calls the function
 * again with the same batch id and exactly the same rows. Whether the table gets those rows twice depends only on how
 * the function writes.
 */
public final class ForeachBatchLab {

    private ForeachBatchLab() {
    }

    /**
     * @param replay    the checkpoint replayed; its last batch must be one that will replay
     * @param mergeKeys the columns {@link Write#MERGE} matches on (e.g. {@code order_id})
     * @throws IllegalArgumentException when no batch will replay
     */
    public static List<TableOutcome> run(Replay replay, List<String> mergeKeys) {
        Optional<BatchStep> crashed = replay.steps().stream().filter(BatchStep::willReplay).findFirst();
        if (crashed.isEmpty()) {
            throw new IllegalArgumentException("no batch of this checkpoint will replay: every planned batch committed");
        }
        List<BatchStep> before = replay.steps().stream().filter(s -> s.batchId() < crashed.get().batchId()).toList();
        return List.of(append(before, crashed.get()), merge(before, crashed.get(), mergeKeys), batchIdLog(before, crashed.get()));
    }

    private static TableOutcome append(List<BatchStep> before, BatchStep crashed) {
        List<Row> table = new ArrayList<>();
        before.forEach(step -> table.addAll(step.sinkRows()));
        table.addAll(crashed.sinkRows());
        List<Row> afterCrash = List.copyOf(table);
        table.addAll(crashed.sinkRows());
        long id = crashed.batchId();
        String reason = "batch " + id + " wrote its " + count(crashed.sinkRows()) + " before the crash; commits/" + id
                + " was never written, so on restart Spark runs batch " + id + " again with the same offsets, and a plain"
                + " append writes the same " + count(crashed.sinkRows()) + " a second time: " + count(table);
        return new TableOutcome(Write.APPEND, afterCrash, table, duplicates(table), reason);
    }

    private static TableOutcome merge(List<BatchStep> before, BatchStep crashed, List<String> keys) {
        Map<String, Row> table = new LinkedHashMap<>();
        before.forEach(step -> upsert(table, step.sinkRows(), keys));
        upsert(table, crashed.sinkRows(), keys);
        List<Row> afterCrash = List.copyOf(table.values());
        upsert(table, crashed.sinkRows(), keys);
        List<Row> afterRestart = List.copyOf(table.values());
        String reason = "MERGE on " + String.join(", ", keys) + " finds the rows batch " + crashed.batchId()
                + " wrote before the crash and updates them in place with the same values: running the batch again "
                + "changes nothing, " + count(afterRestart);
        return new TableOutcome(Write.MERGE, afterCrash, afterRestart, duplicates(afterRestart), reason);
    }

    private static TableOutcome batchIdLog(List<BatchStep> before, BatchStep crashed) {
        List<Row> table = new ArrayList<>();
        before.forEach(step -> table.addAll(step.sinkRows()));
        table.addAll(crashed.sinkRows());
        String reason = "the function wrote batch " + crashed.batchId() + "'s rows together with its batch id; on "
                + "restart it finds batch " + crashed.batchId() + " in its log and skips the write (Delta's txnAppId/"
                + "txnVersion writer options do the same): " + count(table);
        return new TableOutcome(Write.BATCH_ID_LOG, table, table, duplicates(table), reason);
    }

    private static void upsert(Map<String, Row> table, List<Row> rows, List<String> keys) {
        for (Row row : rows) {
            String key = keys.stream().map(k -> SparkJson.text(row.get(k))).collect(Collectors.joining(","));
            table.put(key, row);
        }
    }

    private static List<Row> duplicates(List<Row> table) {
        Map<String, Integer> seen = new LinkedHashMap<>();
        Map<String, Row> rows = new LinkedHashMap<>();
        for (Row row : table) {
            String text = SparkJson.text(row);
            seen.merge(text, 1, Integer::sum);
            rows.putIfAbsent(text, row);
        }
        return seen.entrySet().stream().filter(e -> e.getValue() > 1).map(e -> rows.get(e.getKey())).toList();
    }

    private static String count(List<Row> rows) {
        return rows.size() + (rows.size() == 1 ? " row" : " rows");
    }
}
