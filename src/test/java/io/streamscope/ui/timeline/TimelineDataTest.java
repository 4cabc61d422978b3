package io.streamscope.ui.timeline;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The timeline's columns from real checkpoints: the shop samples and Spark's own fixtures. */
class TimelineDataTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");
    private static final Path FIXTURES = Path.of("src/test/resources/spark-conformance");

    private static TimelineData read(Path folder) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(folder);
        return TimelineData.of(checkpoint);
    }

    @Test
    void shopTotalsReadsFourThenOneThenTwoOrdersFromOnePartition() throws Exception {
        TimelineData data = read(SAMPLES.resolve("shop-totals-update"));

        assertEquals(List.of("orders-0"), data.lanes().stream().map(Lane::label).toList());
        assertEquals(List.of(0L, 1L, 2L), data.batches().stream().map(TimelineBatch::id).toList());
        assertEquals(List.of(4L, 1L, 2L), data.batches().stream().map(b -> b.cells().get(0).rows()).toList());
        assertEquals(List.of("0 → 4", "4 → 5", "5 → 7"),
                data.batches().stream().map(b -> b.cells().get(0).offsetsText()).toList());
        assertEquals(4, data.maxRows());
        assertTrue(data.hasState());
        assertEquals(List.of(1L, 2L, 3L), data.batches().stream().map(TimelineBatch::stateVersion).toList());
        assertTrue(data.batches().stream().allMatch(TimelineBatch::stateVersionOnDisk));
        assertTrue(data.batches().stream().allMatch(b -> b.committed() && b.offsetsWritten() && !b.willReplay()));
        assertEquals(2, data.indexOf(2));
        assertEquals(-1, data.indexOf(7));
    }

    @Test
    void theCrashedCopyWillReplayItsLastBatch() throws Exception {
        TimelineData data = read(SAMPLES.resolve("shop-copy-crash"));

        TimelineBatch last = data.batches().get(2);
        assertTrue(last.willReplay());
        assertFalse(last.committed());
        assertTrue(last.offsetsWritten());
        assertFalse(data.hasState(), "a stateless query has no state lane");
        assertEquals(-1, last.stateVersion());
        String why = TimelineText.willReplayExplanation(data, last);
        assertTrue(why.contains("offsets/2 but no commits/2") && why.contains("exactly the same offsets (orders-0 5 → 7)"), why);
        assertTrue(TimelineText.describe(data, last).contains("will replay"), TimelineText.describe(data, last));
    }

    @Test
    void theWindowedQueryShowsItsWatermarkMoving() throws Exception {
        TimelineData data = read(SAMPLES.resolve("shop-windowed"));

        assertEquals(List.of("—", "09:13:00", "09:36:00"),
                data.batches().stream().map(b -> TimelineText.clock(b.watermarkMs())).toList());
    }

    @Test
    void sourcesWithoutKafkaOffsetsGetAPlainLaneWithSparksText() throws Exception {
        TimelineData data = read(FIXTURES.resolve("checkpoint-version-2.1.0"));

        assertEquals(1, data.lanes().size());
        assertTrue(data.lanes().get(0).plain());
        LaneCell cell = data.batches().get(1).cells().get(0);
        assertFalse(cell.hasRows());
        assertEquals("2", cell.offsetsText());
        assertNull(cell.endOffset());
    }

    @Test
    void batchLabelNamesTheSelectionAndTheRange() throws Exception {
        TimelineData data = read(FIXTURES.resolve("checkpoint-test-offsetId-commitId-inconsistent"));

        assertEquals("Batch 4 of 0–4", TimelineText.batchLabel(data, 3));
        assertEquals("Batches 0–4", TimelineText.batchLabel(data, -1));
        assertEquals("No batches", TimelineText.batchLabel(TimelineData.EMPTY, -1));
    }
}
