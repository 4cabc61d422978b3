package io.streamscope.ui.inspector;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamscope.replay.progress.BatchProgress;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProgressTextTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static BatchProgress derived(long batch, String timestamp, long rows) {
        ObjectNode node = JSON.createObjectNode().put("batchId", batch).put("timestamp", timestamp).put("numInputRows", rows);
        return new BatchProgress(batch, node, Optional.empty(), List.of());
    }

    @Test
    void withoutSparksReportTheInputRateIsComputedAndSaidSo() {
        String text = ProgressText.rates(derived(2, "2026-11-29T16:21:24.000Z", 2),
                Optional.of(derived(1, "2026-11-29T16:21:20.000Z", 1)));
        assertTrue(text.startsWith("Rates (computed by the replay): inputRowsPerSecond 0.50 = 2 rows / 4 s since batch 1 began"), text);
        assertTrue(text.contains("progress.jsonl"), text);
    }

    @Test
    void sparksOwnRatesAreSaidToBeSparks() {
        ObjectNode real = JSON.createObjectNode().put("inputRowsPerSecond", 0.5).put("processedRowsPerSecond", 3.25);
        BatchProgress progress = new BatchProgress(2, JSON.createObjectNode(), Optional.of(real), List.of());
        assertEquals("Rates (Spark's progress.jsonl): inputRowsPerSecond 0.50, processedRowsPerSecond 3.25",
                ProgressText.rates(progress, Optional.empty()));
    }
}
