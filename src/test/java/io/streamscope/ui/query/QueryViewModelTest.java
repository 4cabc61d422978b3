package io.streamscope.ui.query;

import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Sidecar;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueryViewModelTest {

    @Test
    void theSidecarSetsModeQueryAndSchema() {
        Sidecar sidecar = Sidecar.read(Path.of("sample-checkpoints/shop-totals-update")).orElseThrow();
        assertEquals("Totals per customer (update mode)", sidecar.title());
        assertEquals(Optional.of(OutputMode.UPDATE), sidecar.mode());
        assertEquals("../topics/orders.jsonl", sidecar.topicFile());

        QueryViewModel model = new QueryViewModel();
        model.applySidecar(Optional.of(sidecar));
        assertEquals(OutputMode.UPDATE, model.getOutputMode());
        assertTrue(model.queryProperty().get().startsWith("orders.groupBy(\"customer_id\")"));
        model.applySidecar(Optional.empty());
        assertEquals(OutputMode.APPEND, model.getOutputMode());
    }

    @Test
    void theCommandLineWinsForTheFirstCheckpointOnly() {
        Sidecar sidecar = Sidecar.read(Path.of("sample-checkpoints/shop-totals-update")).orElseThrow();
        QueryViewModel model = new QueryViewModel();
        model.pin(Optional.of(OutputMode.COMPLETE), Optional.of("orders"), Optional.empty(), List.of("t.jsonl"),
                Optional.of("h:9092"), Optional.of("orders"), Optional.empty());

        model.applySidecar(Optional.of(sidecar));
        assertEquals(OutputMode.COMPLETE, model.getOutputMode());
        assertEquals("orders", model.queryProperty().get());
        assertEquals(sidecar.schema(), model.schemaProperty().get());
        assertEquals(List.of("t.jsonl"), model.topicFiles());
        assertEquals("h:9092", model.bootstrapServersProperty().get());

        model.applySidecar(Optional.of(sidecar));
        assertEquals(OutputMode.UPDATE, model.getOutputMode());
    }

    @Test
    void aModeCannotBeUnset() {
        QueryViewModel model = new QueryViewModel();
        model.outputModeProperty().set(OutputMode.UPDATE);
        model.outputModeProperty().set(null);
        assertEquals(OutputMode.UPDATE, model.getOutputMode());
        assertEquals(Optional.of(OutputMode.APPEND), QueryViewModel.parseMode(" Append "));
        assertEquals(Optional.empty(), QueryViewModel.parseMode("upsert"));
    }

    @Test
    void aMissingOrDamagedSidecarIsAbsent() {
        assertTrue(Sidecar.read(Path.of("src/test/resources/spark-conformance/checkpoint-version-2.1.0")).isEmpty());
    }
}
