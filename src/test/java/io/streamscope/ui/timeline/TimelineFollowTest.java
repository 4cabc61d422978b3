package io.streamscope.ui.timeline;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.follow.SparkWrites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The timeline given a newer reading of the same checkpoint (follow mode): where the selection goes. */
class TimelineFollowTest {

    @TempDir
    Path live;

    @Test
    void theSelectionFollowsTheEndOnlyFromTheEnd() throws Exception {
        SparkWrites spark = new SparkWrites(Path.of("sample-checkpoints/shop-totals-update"), live);
        spark.start();
        spark.batch(0);
        spark.batch(1);
        Checkpoint two = CheckpointReader.read(live);
        spark.batch(2);
        TimelineData three = TimelineData.of(CheckpointReader.read(live));

        TimelineViewModel timeline = new TimelineViewModel();
        timeline.setData(TimelineData.of(two));
        assertEquals(1, timeline.getSelectedBatch().id(), "a checkpoint opens on its newest batch");
        timeline.update(three, true);
        assertEquals(2, timeline.getSelectedBatch().id(), "at the end and following: the newest batch");
        assertEquals(3, timeline.batches().size());

        timeline.setData(TimelineData.of(two));
        timeline.select(0);
        timeline.update(three, true);
        assertEquals(0, timeline.getSelectedBatch().id(), "an older batch chosen: it stays");
        assertEquals(three.batches().get(0), timeline.getSelectedBatch(), "the newer reading's column");

        timeline.setData(TimelineData.of(two));
        timeline.update(three, false);
        assertEquals(1, timeline.getSelectedBatch().id(), "not following: the batch stays, even at the end");
    }
}
