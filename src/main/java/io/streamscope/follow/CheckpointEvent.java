package io.streamscope.follow;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;

/**
 * Something Spark wrote into a checkpoint while its query runs.
 *
 * @param kind        what happened
 * @param batchId     the batch
 * @param endOffsets  for {@link Kind#PLANNED}: each source's end offsets as Spark wrote them (null for {@code -})
 * @param watermarkMs for {@link Kind#PLANNED}: the batch's watermark; for {@link Kind#COMMITTED}: the next one, if said
 */
public record CheckpointEvent(Kind kind, long batchId, List<JsonNode> endOffsets, Optional<Long> watermarkMs) {

    public CheckpointEvent {
        endOffsets = endOffsets == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(endOffsets));
    }

    public enum Kind {
        /** {@code offsets/N} appeared: the batch is planned and running (or about to). */
        PLANNED,
        /** {@code commits/N} appeared: the batch finished. */
        COMMITTED;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
