package io.streamscope.ui.follow;

import io.streamscope.follow.CheckpointEvent;
import io.streamscope.ui.LoadedCheckpoint;

import java.util.ArrayList;
import java.util.List;

/**
 * What one poll (or several, when the window was busy) found in a followed checkpoint: the events, and the checkpoint
 * read again after them, ready to show.
 */
public record FollowUpdate(LoadedCheckpoint loaded, List<CheckpointEvent> events) {

    public FollowUpdate {
        events = List.copyOf(events);
    }

    /** Whether a batch committed: the state on show is read again. */
    public boolean committed() {
        return events.stream().anyMatch(event -> event instanceof CheckpointEvent.Committed
                || event instanceof CheckpointEvent.StateVersion);
    }

    /** This update after an older one the window has not taken yet: the newer reading, every event. */
    FollowUpdate after(FollowUpdate older) {
        if (older == null) {
            return this;
        }
        List<CheckpointEvent> all = new ArrayList<>(older.events);
        all.addAll(events);
        return new FollowUpdate(loaded, all);
    }
}
