package io.streamscope.ui.timeline;

import io.streamscope.checkpoint.Batch;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Selection and the window onto the batches, without JavaFX's toolkit. */
class TimelineViewModelTest {

    static TimelineData batches(long... ids) {
        List<TimelineBatch> columns = new ArrayList<>();
        for (long id : ids) {
            columns.add(new TimelineBatch(new Batch(id, Optional.empty(), List.of(), Optional.empty(), true, false),
                    List.of(), -1, false, false));
        }
        return new TimelineData(List.of(), columns, 0, false);
    }

    static TimelineData range(int count) {
        return batches(LongStream.range(0, count).toArray());
    }

    @Test
    void aNewCheckpointSelectsItsNewestBatch() {
        TimelineViewModel model = new TimelineViewModel();
        assertEquals(-1, model.getSelectedIndex());
        assertEquals("No batches", model.batchLabelProperty().get());
        assertTrue(model.atFirstProperty().get() && model.atLastProperty().get());

        model.setData(range(3));

        assertEquals(2, model.getSelectedIndex());
        assertEquals(2, model.getSelectedBatch().id());
        assertEquals("Batch 2 of 0–2", model.batchLabelProperty().get());
        assertTrue(model.isAtLast());
        assertFalse(model.atFirstProperty().get());
    }

    @Test
    void stepsStopAtBothEnds() {
        TimelineViewModel model = new TimelineViewModel();
        model.setData(range(3));

        model.selectFirst();
        model.selectPrevious();
        assertEquals(0, model.getSelectedIndex());
        model.selectNext();
        model.selectNext();
        model.selectNext();
        assertEquals(2, model.getSelectedIndex());
        model.select(99);
        assertEquals(2, model.getSelectedIndex(), "clamped");
        model.select(-5);
        assertEquals(0, model.getSelectedIndex(), "clamped");
    }

    @Test
    void aRequestedBatchWaitsForItsCheckpoint() {
        TimelineViewModel model = new TimelineViewModel();
        model.requestBatch(4);

        model.setData(batches(0, 1, 2, 4, 5));
        assertEquals(4, model.getSelectedBatch().id());

        model.requestBatch(3);
        model.setData(batches(0, 1, 2, 4, 5));
        assertEquals(4, model.getSelectedBatch().id(), "a missing id selects the next batch after it");

        model.setData(batches(0, 1));
        assertEquals(1, model.getSelectedBatch().id(), "the request was used up");
    }

    @Test
    void anEmptyCheckpointSelectsNothing() {
        TimelineViewModel model = new TimelineViewModel();
        model.setData(range(3));
        model.clear();
        assertEquals(-1, model.getSelectedIndex());
        assertNull(model.getSelectedBatch());
        assertEquals(-1, model.firstVisibleIndex());
    }

    @Test
    void theWindowFollowsTheSelectionThroughTenThousandBatches() {
        TimelineViewModel model = new TimelineViewModel();
        model.setCapacity(4, 10, 100);
        model.setData(range(10_000));

        assertEquals(10, model.windowSpanProperty().get());
        assertEquals(9_990, model.firstVisibleIndex());
        assertEquals(9_999, model.lastVisibleIndex());

        model.selectFirst();
        assertEquals(0, model.firstVisibleIndex());
        assertEquals(9, model.lastVisibleIndex());
        for (int i = 0; i < 25; i++) {
            model.selectNext();
        }
        assertEquals(25, model.getSelectedIndex());
        assertEquals(16, model.firstVisibleIndex());
        assertEquals(25, model.lastVisibleIndex());
    }

    @Test
    void zoomAndScrollStayWithinTheBatchesAndTheViewsLimits() {
        TimelineViewModel model = new TimelineViewModel();
        model.setCapacity(4, 10, 100);
        model.setData(range(1_000));

        model.zoom(1000, 500);
        assertEquals(100, model.windowSpanProperty().get(), "no narrower than the narrowest column");
        model.zoom(0.001, 500);
        assertEquals(4, model.windowSpanProperty().get(), "no wider than the widest column");
        model.scrollBy(-10_000);
        assertEquals(0, model.windowStartProperty().get());
        model.scrollBy(10_000);
        assertEquals(996, model.windowStartProperty().get());
        model.setWindow(100, 150);
        assertEquals(100, model.windowStartProperty().get());
        assertEquals(50, model.windowSpanProperty().get());

        model.setCapacity(4, 20, 100);
        assertEquals(50, model.windowSpanProperty().get(), "a user's zoom survives a resize");
        model.resetZoom();
        assertEquals(20, model.windowSpanProperty().get());
    }

    @Test
    void fewBatchesFillTheWindowFromTheStart() {
        TimelineViewModel model = new TimelineViewModel();
        model.setCapacity(4.5, 10, 100);
        model.setData(range(3));

        assertEquals(0, model.windowStartProperty().get());
        assertEquals(0, model.firstVisibleIndex());
        assertEquals(2, model.lastVisibleIndex());
    }
}
