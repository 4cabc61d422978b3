package io.streamscope.lesson;

import io.streamscope.sparktypes.SparkJson;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lesson's steps point at real samples, batches and files, and the five answers are the data's. */
class LessonTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");

    @Test
    void everyStepOpensABundledSampleAtABatchItHas() throws Exception {
        List<LessonStep> steps = Chapter.steps();
        assertEquals(List.of("The model", "Sources", "Sinks", "Triggers", "Output modes", "The checkpoint", "foreachBatch",
                "Exactly-once", "Monitoring", "The five questions"), steps.stream().map(LessonStep::part).distinct().toList(),
                "the chapter's order");
        for (LessonStep step : steps) {
            Path sample = SAMPLES.resolve(step.sample());
            assertTrue(Files.isRegularFile(sample.resolve("offsets/" + step.batchId())), step.title());
            if (step.evidence().kind() == Evidence.Kind.FILE) {
                Path file = step.evidence().target().startsWith("offsets/") || step.evidence().target().startsWith("commits/")
                        ? sample.resolve(step.evidence().target()) : SAMPLES.resolve(step.evidence().target());
                assertTrue(Files.exists(file), step.title() + ": " + file);
            }
            assertTrue(step.text().length() < 400, "one or two sentences: " + step.title());
        }
    }

    @Test
    void theFiveAnswersAreTheSamplesOwn() throws Exception {
        FiveQuestions answers = FiveQuestions.answer(SAMPLES);
        assertTrue(answers.decode().valueHex().startsWith("7b 22"), "the value is bytes: '{\"' in hex");
        assertEquals("110", answers.decode().columns().get(0).value());
        assertTrue(answers.completeRefusal().startsWith("Complete output mode not supported when there are no "
                + "streaming aggregations"), answers.completeRefusal());
        assertTrue(answers.appendRefusal().contains("without watermark"), answers.appendRefusal());
        assertEquals(List.of("{\"window\":{\"start\":\"2026-01-22T09:10:00.000Z\",\"end\":\"2026-01-22T09:20:00.000Z\"},"
                + "\"count\":2}"), answers.windowedAppend().stream().map(SparkJson::text).toList());
        assertEquals(Map.of(1, new BigDecimal("47.49"), 3, new BigDecimal("19.74")), answers.updateBatch2());
        assertEquals(List.of(List.of(0L), List.of(1L), List.of(2L)), answers.availableNowRuns(),
                "three runs, each one batch");
        assertEquals(9, answers.appendRows());
        assertEquals(7, answers.mergeRows());
        assertEquals(7, answers.batchIdLogRows());
    }
}
