package io.streamscope.ui.inspector;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.progress.BatchProgress;
import io.streamscope.replay.lag.Lag;
import io.streamscope.replay.lag.PartitionLag;
import io.streamscope.ui.replay.ReplayOutcome;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.Optional;
import java.util.stream.Collectors;

/** The progress tab's texts for a replayed batch: a summary line, the lag, the report as JSON. No JavaFX. */
public final class ProgressText {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ProgressText() {
    }

    /** @param watermarked whether the query has a watermark (else none is shown) */
    public static String summary(BatchStep step, boolean watermarked) {
        return "Batch " + step.batchId() + ": " + step.inputRows().size() + " input rows, "
                + step.sinkRows().size() + " rows to the sink; "
                + (watermarked ? "watermark " + Instant.ofEpochMilli(step.watermarkMs()) + " (next "
                        + Instant.ofEpochMilli(step.nextWatermarkMs()) + ")" : "no watermark")
                + (step.lateRows().isEmpty() ? "" : ", " + step.lateRows().size() + " late rows dropped");
    }

    /** The lag of the query now (after its last committed batch), per partition; empty when not measured. */
    public static String lag(ReplayOutcome outcome) {
        return outcome.lag().map(ProgressText::lag).orElse("");
    }

    static String lag(Lag lag) {
        if (lag.partitions().isEmpty()) {
            return lag.notes().isEmpty() ? "" : "Lag: " + String.join("; ", lag.notes());
        }
        String after = lag.batchId() == null ? "before any commit" : "after batch " + lag.batchId();
        return "Lag " + after + " (topic end − checkpoint offset): " + lag.partitions().stream()
                .map(ProgressText::partition).collect(Collectors.joining(", "))
                + (lag.notes().isEmpty() ? "" : "; " + String.join("; ", lag.notes()));
    }

    private static String partition(PartitionLag p) {
        KafkaPartition partition = p.partition();
        return partition.topic() + "-" + partition.partition() + " " + p.lag() + " rows (" + p.checkpointOffset()
                + " of " + p.topicEndOffset() + ")";
    }

    /**
     * The batch's rates, each with where it comes from: Spark's own ({@code inputRowsPerSecond},
     * {@code processedRowsPerSecond} of its report in {@code progress.jsonl}); else the input rate computed by the
     * replay, as Spark computes it: the batch's input rows over the time since the batch before began (their
     * {@code offsets/N} timestamps). Processing rates need Spark's durations, which no checkpoint keeps.
     *
     * @param before the batch before's progress, if any
     */
    public static String rates(BatchProgress progress, Optional<BatchProgress> before) {
        JsonNode real = progress.real().orElse(null);
        if (real != null && (real.has("inputRowsPerSecond") || real.has("processedRowsPerSecond"))) {
            return "Rates (Spark's progress.jsonl): inputRowsPerSecond " + number(real.path("inputRowsPerSecond"))
                    + ", processedRowsPerSecond " + number(real.path("processedRowsPerSecond"));
        }
        JsonNode derived = progress.derived();
        long rows = derived.path("numInputRows").asLong(-1);
        Optional<Instant> now = instant(derived.path("timestamp"));
        Optional<Instant> then = before.flatMap(b -> instant(b.merged().path("timestamp")));
        String none = "processedRowsPerSecond needs Spark's durations: load its progress.jsonl (a listener's or the"
                + " driver log's reports) next to the checkpoint";
        if (rows < 0 || now.isEmpty() || then.isEmpty() || !now.get().isAfter(then.get())) {
            return "Rates: none in the checkpoint (no report from Spark for this batch); " + none;
        }
        double seconds = java.time.Duration.between(then.get(), now.get()).toMillis() / 1000.0;
        return String.format(java.util.Locale.ROOT, "Rates (computed by the replay): inputRowsPerSecond %s = %d rows"
                + " / %s s since batch %d began (offsets/N timestamps); %s", number(rows / seconds), rows,
                number(seconds), before.get().batchId(), none);
    }

    private static String number(JsonNode value) {
        return value.isNumber() ? number(value.asDouble()) : "—";
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long) value)
                : String.format(java.util.Locale.ROOT, "%.2f", value);
    }

    private static Optional<Instant> instant(JsonNode value) {
        try {
            return value.isTextual() ? Optional.of(Instant.parse(value.asText())) : Optional.empty();
        } catch (java.time.format.DateTimeParseException unreadable) {
            return Optional.empty();
        }
    }

    /** The {@code lastProgress}-shaped report, pretty-printed. */
    public static String report(BatchProgress progress) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(progress.merged());
        } catch (JsonProcessingException e) {
            return progress.merged().toString();
        }
    }
}
