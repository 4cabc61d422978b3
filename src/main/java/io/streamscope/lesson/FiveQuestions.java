package io.streamscope.lesson;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Replay;
import io.streamscope.replay.ReplayRequest;
import io.streamscope.replay.ReplayResult;
import io.streamscope.replay.ReplaySession;
import io.streamscope.replay.Sidecar;
import io.streamscope.replay.lab.ForeachBatchLab;
import io.streamscope.replay.lab.TableOutcome;
import io.streamscope.replay.lab.Write;
import io.streamscope.replay.progress.ProgressLog;
import io.streamscope.sparktypes.Row;
import io.streamscope.topic.CheckpointSpan;
import io.streamscope.topic.DecodePipeline;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.SchemaException;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicFiles;
import io.streamscope.topic.TopicRecord;
import io.streamscope.topic.TopicSource;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The chapter's five questions, answered on the bundled samples' real data (never typed in): the decode pipeline of
 * a record, which output mode needs what, the update of batch 2, what availableNow does, and a plain append after a
 * crash.
 *
 * @param decode          question 1: the shop's first record, bytes to columns
 * @param completeRefusal question 2: Spark's refusal of complete mode without an aggregation (shop-big-orders)
 * @param appendRefusal   question 2: Spark's refusal of append for an aggregation without a watermark (the totals)
 * @param windowedAppend  question 2: the rows append emits once the watermark passes a window (shop-windowed, batch 2)
 * @param updateBatch2    question 3: the totals batch 2 emits in update mode, by customer
 * @param availableNowRuns question 4: the batch ids of each run of shop-available-now
 * @param appendRows      question 5: rows in the plain-append table after the restart
 * @param mergeRows       question 5: rows in the MERGE table after the restart
 * @param batchIdLogRows  question 5: rows when the function skips batch ids it already wrote
 */
public record FiveQuestions(DecodePipeline decode, String completeRefusal, String appendRefusal,
                            List<Row> windowedAppend, Map<Integer, BigDecimal> updateBatch2,
                            List<List<Long>> availableNowRuns, int appendRows, int mergeRows, int batchIdLogRows) {

    /** The answers, computed from {@code samples} (the {@code sample-checkpoints} folder). */
    public static FiveQuestions answer(Path samples) throws IOException {
        try {
            DecodePipeline decode = decode(samples);
            String complete = reason(replay(samples, "shop-big-orders", OutputMode.COMPLETE));
            String append = reason(replay(samples, "shop-totals-update", OutputMode.APPEND));
            List<Row> windowed = step(replay(samples, "shop-windowed", null), 2).sinkRows();
            Map<Integer, BigDecimal> update = new LinkedHashMap<>();
            for (Row row : step(replay(samples, "shop-totals-update", OutputMode.UPDATE), 2).sinkRows()) {
                update.put((Integer) row.get("customer_id"), (BigDecimal) row.get("total"));
            }
            ReplayResult crashed = replay(samples, "shop-copy-crash", null);
            List<TableOutcome> lab = ForeachBatchLab.run(full(crashed), List.of("order_id"));
            return new FiveQuestions(decode, complete, append, windowed, update, runs(samples.resolve("shop-available-now")),
                    rows(lab, Write.APPEND), rows(lab, Write.MERGE), rows(lab, Write.BATCH_ID_LOG));
        } catch (NotACheckpointException | TopicException | SchemaException e) {
            throw new IOException("the bundled samples cannot be read: " + e.getMessage(), e);
        }
    }

    private static DecodePipeline decode(Path samples) throws TopicException, SchemaException {
        try (TopicSource topic = JsonlTopicSource.open(Map.of("orders", samples.resolve("topics/orders.jsonl")))) {
            TopicRecord first = topic.record(new KafkaPartition("orders", 0), 0).orElseThrow();
            return DecodePipeline.of(first, RowDecoder.of(
                    "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"));
        }
    }

    /** A sample replayed from its own job, in {@code mode} (null: the job's). */
    static ReplayResult replay(Path samples, String sample, OutputMode mode) throws NotACheckpointException,
            TopicException, IOException {
        Path folder = samples.resolve(sample);
        Checkpoint checkpoint = CheckpointReader.read(folder);
        Optional<Sidecar> sidecar = Sidecar.readStrict(folder);
        Map<String, Path> files = TopicFiles.byTopic(sidecar.orElseThrow().topicEntries(folder),
                CheckpointSpan.topics(checkpoint));
        try (TopicSource topics = JsonlTopicSource.open(files)) {
            return ReplaySession.run(new ReplayRequest(checkpoint, Optional.of(Files.readString(folder.resolve("job.py"))),
                    Optional.empty(), Map.of(), Optional.ofNullable(mode), sidecar), topics);
        }
    }

    private static String reason(ReplayResult result) {
        return result instanceof ReplayResult.Refused refused ? refused.sparkReason() : null;
    }

    private static Replay full(ReplayResult result) {
        if (result instanceof ReplayResult.Replayed replayed) {
            return replayed.full();
        }
        throw new IllegalStateException("the sample did not replay: " + result.reason().orElse(""));
    }

    private static BatchStep step(ReplayResult result, long batch) {
        return full(result).step(batch).orElseThrow();
    }

    private static int rows(List<TableOutcome> lab, Write write) {
        return lab.stream().filter(outcome -> outcome.write() == write).findFirst().orElseThrow().afterRestart().size();
    }

    /** The batches of each run, from Spark's own progress reports: one run per {@code runId}. */
    private static List<List<Long>> runs(Path sample) throws IOException {
        Map<String, List<Long>> byRun = new LinkedHashMap<>();
        for (JsonNode progress : ProgressLog.parse(Files.readString(sample.resolve("progress.jsonl")))) {
            byRun.computeIfAbsent(progress.path("runId").asText(), id -> new ArrayList<>())
                    .add(progress.get("batchId").asLong());
        }
        List<List<Long>> runs = new ArrayList<>();
        for (List<Long> batches : byRun.values()) {
            Set<Long> distinct = new LinkedHashSet<>(batches);
            runs.add(List.copyOf(distinct));
        }
        return runs;
    }
}
