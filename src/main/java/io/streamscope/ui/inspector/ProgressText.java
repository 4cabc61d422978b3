package io.streamscope.ui.inspector;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.progress.BatchProgress;
import io.streamscope.replay.lag.Lag;
import io.streamscope.replay.lag.PartitionLag;
import io.streamscope.ui.replay.ReplayOutcome;

import java.time.Instant;
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

    /** The {@code lastProgress}-shaped report, pretty-printed. */
    public static String report(BatchProgress progress) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(progress.merged());
        } catch (JsonProcessingException e) {
            return progress.merged().toString();
        }
    }
}
