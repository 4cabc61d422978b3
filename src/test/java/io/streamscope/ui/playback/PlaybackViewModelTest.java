package io.streamscope.ui.playback;

import io.streamscope.checkpoint.Batch;
import io.streamscope.ui.timeline.TimelineBatch;
import io.streamscope.ui.timeline.TimelineData;
import io.streamscope.ui.timeline.TimelineViewModel;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The stepping rules; the ticking itself is a JavaFX Timeline, driven in the window's journeys. */
class PlaybackViewModelTest {

    private static TimelineViewModel timeline(int count) {
        List<TimelineBatch> batches = new ArrayList<>();
        for (long id = 0; id < count; id++) {
            batches.add(new TimelineBatch(new Batch(id, Optional.empty(), List.of(), Optional.empty(), true, false),
                    List.of(), -1, false, false));
        }
        TimelineViewModel timeline = new TimelineViewModel();
        timeline.setData(new TimelineData(List.of(), batches, 0, false));
        return timeline;
    }

    @Test
    void ticksAdvanceOneBatchAndStopAtTheEnd() {
        TimelineViewModel timeline = timeline(3);
        PlaybackViewModel playback = new PlaybackViewModel(timeline);
        playback.first();

        playback.tick();
        assertEquals(1, timeline.getSelectedIndex());
        playback.tick();
        assertEquals(2, timeline.getSelectedIndex());
        assertFalse(playback.isPlaying(), "stops on the last batch");
    }

    @Test
    void stepsAndEnds() {
        TimelineViewModel timeline = timeline(5);
        PlaybackViewModel playback = new PlaybackViewModel(timeline);

        playback.first();
        playback.stepForward();
        playback.stepForward();
        playback.stepBack();
        assertEquals(1, timeline.getSelectedIndex());
        playback.last();
        assertEquals(4, timeline.getSelectedIndex());
    }

    @Test
    void speedMustBePositive() {
        PlaybackViewModel playback = new PlaybackViewModel(timeline(2));
        playback.speedProperty().set(4);
        playback.speedProperty().set(0);
        assertEquals(4, playback.speedProperty().get());
    }
}
