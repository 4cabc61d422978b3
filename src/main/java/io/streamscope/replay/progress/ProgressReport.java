package io.streamscope.replay.progress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.EventTimeStats;
import io.streamscope.replay.OperatorMetrics;
import io.streamscope.replay.Replay;
import io.streamscope.sparktypes.SparkJson;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code lastProgress}-shaped report per batch from the checkpoint and the replay, merged with Spark's own reports
 * when the user has them. Durations and rates need trigger times the checkpoint does not keep: they come only from
 * Spark's reports.
 */
public final class ProgressReport {

    /** The fields compared with Spark's report, where both have them. */
    private static final List<String> COMPARED = List.of("/numInputRows", "/eventTime/watermark", "/eventTime/min",
            "/eventTime/max", "/eventTime/avg");
    private static final List<String> COMPARED_SOURCE = List.of("startOffset", "endOffset", "numInputRows");
    private static final List<String> COMPARED_OPERATOR = List.of("operatorName", "numRowsTotal", "numRowsUpdated",
            "numRowsRemoved", "numRowsDroppedByWatermark");

    private ProgressReport() {
    }

    public static List<BatchProgress> of(Checkpoint checkpoint, Replay replay, List<JsonNode> realReports) {
        Map<Long, JsonNode> real = new HashMap<>();
        for (JsonNode report : realReports) {
            real.put(report.get("batchId").asLong(), report); // a batch run twice: its last report counts
        }
        boolean watermarked = replay.query().watermark().isPresent();
        List<BatchProgress> result = new ArrayList<>();
        for (BatchStep step : replay.steps()) {
            ObjectNode derived = derive(checkpoint.batches().get(step.batchId()), step, watermarked);
            Optional<JsonNode> spark = Optional.ofNullable(real.get(step.batchId()));
            result.add(new BatchProgress(step.batchId(), derived, spark,
                    spark.map(r -> differences(derived, r)).orElse(List.of())));
        }
        return result;
    }

    private static ObjectNode derive(Batch batch, BatchStep step, boolean watermarked) {
        ObjectNode progress = ProgressLog.MAPPER.createObjectNode();
        progress.put("batchId", step.batchId());
        if (batch.timestampMs() > 0) {
            progress.put("timestamp", SparkJson.formatTimestamp(Instant.ofEpochMilli(batch.timestampMs())));
        }
        progress.put("numInputRows", step.inputRows().size());
        if (watermarked) {
            ObjectNode eventTime = progress.putObject("eventTime");
            Optional<EventTimeStats> stats = step.eventTime();
            stats.ifPresent(s -> {
                eventTime.put("avg", time(Math.round(s.avgMs())));
                eventTime.put("max", time(s.maxMs()));
                eventTime.put("min", time(s.minMs()));
            });
            eventTime.put("watermark", time(step.watermarkMs()));
        }
        ArrayNode operators = progress.putArray("stateOperators");
        for (OperatorMetrics metrics : step.metrics()) {
            ObjectNode operator = operators.addObject();
            operator.put("operatorName", metrics.operatorName());
            operator.put("numRowsTotal", metrics.numRowsTotal());
            operator.put("numRowsUpdated", metrics.numRowsUpdated());
            operator.put("numRowsRemoved", metrics.numRowsRemoved());
            operator.put("numRowsDroppedByWatermark", metrics.numRowsDroppedByWatermark());
        }
        ArrayNode sources = progress.putArray("sources");
        for (BatchSource source : batch.sources()) {
            ObjectNode node = sources.addObject();
            // Spark reports no start offset for batch 0: nothing was committed before it
            node.set("startOffset", step.batchId() == 0 || source.startOffset() == null ? NullNode.instance
                    : source.startOffset().deepCopy());
            node.set("endOffset", source.endOffset() == null ? NullNode.instance : source.endOffset().deepCopy());
            if (source.numInputRows() != null) {
                node.put("numInputRows", source.numInputRows());
            }
        }
        progress.putObject("sink").put("numOutputRows", step.sinkRows().size());
        return progress;
    }

    private static String time(long epochMs) {
        return SparkJson.formatTimestamp(Instant.ofEpochMilli(epochMs));
    }

    private static List<String> differences(ObjectNode derived, JsonNode real) {
        List<String> differences = new ArrayList<>();
        for (String path : COMPARED) {
            compare(path, derived.at(path), real.at(path), differences);
        }
        for (int i = 0; i < derived.path("sources").size(); i++) {
            for (String field : COMPARED_SOURCE) {
                String path = "/sources/" + i + "/" + field;
                compare(path, derived.at(path), real.at(path), differences);
            }
        }
        for (int i = 0; i < Math.max(derived.path("stateOperators").size(), real.path("stateOperators").size()); i++) {
            for (String field : COMPARED_OPERATOR) {
                String path = "/stateOperators/" + i + "/" + field;
                compare(path, derived.at(path), real.at(path), differences);
            }
        }
        long sparkOutput = real.at("/sink/numOutputRows").asLong(-1);
        if (sparkOutput >= 0) {
            compare("/sink/numOutputRows", derived.at("/sink/numOutputRows"), real.at("/sink/numOutputRows"), differences);
        }
        return differences;
    }

    private static void compare(String path, JsonNode derived, JsonNode real, List<String> differences) {
        if (derived.isMissingNode() && real.isMissingNode()) {
            return;
        }
        boolean same = derived.isNumber() && real.isNumber() ? derived.decimalValue().compareTo(real.decimalValue()) == 0
                : derived.equals(real);
        if (!same) {
            differences.add(path + ": the replay gives " + (derived.isMissingNode() ? "nothing" : derived.toString())
                    + ", Spark reported " + (real.isMissingNode() ? "nothing" : real.toString()));
        }
    }
}
