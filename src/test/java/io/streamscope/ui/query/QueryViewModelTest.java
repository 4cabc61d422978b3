package io.streamscope.ui.query;

import io.streamscope.replay.OutputMode;
import io.streamscope.replay.ReplayRequest;
import io.streamscope.replay.Sidecar;
import io.streamscope.ui.settings.CheckpointSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueryViewModelTest {

    private static final Sidecar TOTALS = Sidecar.read(Path.of("sample-checkpoints/shop-totals-update")).orElseThrow();

    @Test
    void theFoldersJobWinsOverTheSidecarsQueryAndTheModeIsTheJobs() {
        assertEquals("Totals per customer (update mode)", TOTALS.title());
        QueryViewModel model = new QueryViewModel();
        model.open(Optional.empty(), Optional.of("job text"), Optional.of(TOTALS));
        assertEquals("job text", model.textProperty().get());
        assertNull(model.modeOverrideProperty().get(), "the job says the mode");
        assertEquals(OutputMode.APPEND, model.getOutputMode(), "shown: Spark's default until the replay says the job's");

        model.open(Optional.empty(), Optional.empty(), Optional.of(TOTALS));
        assertEquals("", model.textProperty().get(), "no job, and the sidecar holds no query: nothing to replay yet");
        model.open(Optional.empty(), Optional.empty(), Optional.empty());
        assertEquals("", model.textProperty().get());
        assertEquals(OutputMode.APPEND, model.getOutputMode());
    }

    @Test
    void rememberedSettingsWinOverTheFoldersDefaultsAndNothingStaysForTheNext() {
        QueryViewModel model = new QueryViewModel();
        model.open(Optional.of(new CheckpointSettings("mine", Map.of("orders", "a INT"), Optional.of(OutputMode.COMPLETE),
                Optional.empty())), Optional.of("job text"), Optional.of(TOTALS));
        assertEquals("mine", model.textProperty().get());
        assertEquals(Map.of("orders", "a INT"), model.schemasProperty().get());
        assertEquals(OutputMode.COMPLETE, model.modeOverrideProperty().get());
        assertEquals(OutputMode.COMPLETE, model.getOutputMode());

        model.open(Optional.empty(), Optional.empty(), Optional.empty());
        assertEquals(Map.of(), model.schemasProperty().get());
        assertNull(model.modeOverrideProperty().get());
    }

    @Test
    void theCommandLineWinsForTheFirstCheckpointOnly() {
        QueryViewModel model = new QueryViewModel();
        model.pin(Optional.of(OutputMode.COMPLETE), Optional.of("orders"), Optional.of("a INT"), List.of("t.jsonl"),
                Optional.of("h:9092"), Optional.of("orders"), Optional.empty());
        assertEquals(List.of("t.jsonl"), model.topicFiles());
        assertEquals("h:9092", model.bootstrapServersProperty().get());

        model.open(Optional.of(new CheckpointSettings("mine", Map.of(), Optional.of(OutputMode.UPDATE),
                Optional.empty())), Optional.of("job"), Optional.of(TOTALS));
        assertEquals(OutputMode.COMPLETE, model.getOutputMode());
        assertEquals("orders", model.textProperty().get());
        assertEquals(Map.of(ReplayRequest.ANY_TOPIC, "a INT"), model.schemasProperty().get());

        model.open(Optional.empty(), Optional.of("job"), Optional.of(TOTALS));
        assertEquals("job", model.textProperty().get());
        assertNull(model.modeOverrideProperty().get());
    }

    @Test
    void theSelectorChoosesTheModeAndAdoptingDoesNot() {
        QueryViewModel model = new QueryViewModel();
        model.adoptMode(OutputMode.UPDATE);
        assertNull(model.modeOverrideProperty().get());
        model.outputModeProperty().set(OutputMode.COMPLETE);
        assertEquals(OutputMode.COMPLETE, model.modeOverrideProperty().get());
        model.outputModeProperty().set(null);
        assertEquals(OutputMode.COMPLETE, model.getOutputMode(), "a mode cannot be unset");
        model.applyText("orders.groupBy(\"customer_id\").count()");
        assertEquals(OutputMode.COMPLETE, model.modeOverrideProperty().get(), "a bare query says no mode: it keeps this one");
        model.applyText("spark.readStream.format(\"kafka\").load().writeStream.start()");
        assertNull(model.modeOverrideProperty().get(), "a new job says its own mode again");
        assertEquals(Optional.of(OutputMode.APPEND), QueryViewModel.parseMode(" Append "));
        assertEquals(Optional.empty(), QueryViewModel.parseMode("upsert"));
    }

    @Test
    void aSchemaIsGivenPerTopicAndABlankOneGivesItBack() {
        QueryViewModel model = new QueryViewModel();
        model.applySchema(List.of("refunds"), " refund_id INT ");
        assertEquals(Map.of("refunds", "refund_id INT"), model.schemasProperty().get());
        model.applySchema(List.of("refunds"), "");
        assertEquals(Map.of(), model.schemasProperty().get());
    }

    @Test
    void aMissingOrDamagedSidecarIsAbsent() {
        assertTrue(Sidecar.read(Path.of("src/test/resources/spark-conformance/checkpoint-version-2.1.0")).isEmpty());
    }
}
