package io.streamscope.ui.timeline;

import io.streamscope.checkpoint.Batch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One column of the timeline, ready to draw.
 *
 * @param batch              the batch as read
 * @param cells              what it read, one entry per lane of {@link TimelineData#lanes()}; null where it read nothing
 * @param stateVersion       the state version the batch wrote (batch id + 1), or -1 when the query keeps no state
 * @param stateVersionOnDisk whether that version is still in the state folder
 * @param offsetsDamaged     {@code offsets/N} is there but could not be read (a problem names it)
 */
public record TimelineBatch(Batch batch, List<LaneCell> cells, long stateVersion, boolean stateVersionOnDisk,
                            boolean offsetsDamaged) {

    public TimelineBatch {
        cells = Collections.unmodifiableList(new ArrayList<>(cells));
    }

    public long id() {
        return batch.id();
    }

    /** {@code offsets/N} was written (and read). */
    public boolean offsetsWritten() {
        return batch.offsets().isPresent();
    }

    /** {@code commits/N} is there, so the batch finished, but its content could not be read. */
    public boolean commitDamaged() {
        return batch.commit().map(commit -> commit.version() == 0).orElse(false);
    }

    public boolean committed() {
        return batch.committed();
    }

    public boolean willReplay() {
        return batch.willReplay();
    }

    public long watermarkMs() {
        return batch.watermarkMs();
    }

    public long timestampMs() {
        return batch.timestampMs();
    }

    public boolean hasState() {
        return stateVersion >= 0;
    }
}
