package io.streamscope.ui.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.replay.OutputMode;

/** Everything one replay run needs; immutable, so the background thread reads no property. */
public record ReplayRequest(Checkpoint checkpoint, String query, String schema, OutputMode mode, TopicChoice topic) {
}
