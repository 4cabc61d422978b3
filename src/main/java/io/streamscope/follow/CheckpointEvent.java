package io.streamscope.follow;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** Something Spark wrote into a checkpoint while its query runs, or a file that stayed unreadable. */
public sealed interface CheckpointEvent {

    /** The {@code "event"} of the {@code watch} command's JSON lines. */
    String label();

    /** The batch it belongs to, for ordering; -1 for none (the query's metadata, a problem). */
    long batchId();

    /** {@code metadata} appeared: the query's id. */
    record Metadata(String queryId) implements CheckpointEvent {
        public String label() {
            return "metadata";
        }

        public long batchId() {
            return -1;
        }
    }

    /**
     * {@code offsets/N} appeared: the batch is planned and running (or about to).
     *
     * @param endOffsets each source's end offsets as Spark wrote them (null for {@code -})
     */
    record Planned(long batchId, List<JsonNode> endOffsets, long watermarkMs, long timestampMs) implements CheckpointEvent {
        public Planned {
            endOffsets = Collections.unmodifiableList(new ArrayList<>(endOffsets));
        }

        public String label() {
            return "planned";
        }
    }

    /** Version {@code version} of a store is in every partition: the state after batch {@code version - 1}. */
    record StateVersion(int operatorId, String storeName, long version) implements CheckpointEvent {
        public String label() {
            return "state";
        }

        public long batchId() {
            return version - 1;
        }
    }

    /** {@code commits/N} appeared: the batch finished. */
    record Committed(long batchId, Optional<Long> nextWatermarkMs) implements CheckpointEvent {
        public String label() {
            return "committed";
        }
    }

    /**
     * A log file that stayed unreadable, unchanged, through several tries: damage, not a write in progress. Said once;
     * the file is tried again if it changes.
     *
     * @param path relative to the checkpoint ({@code offsets/7})
     */
    record Problem(String path, long batchId, String message) implements CheckpointEvent {
        public String label() {
            return "problem";
        }
    }

    /** Events of one poll in the order Spark writes: the metadata, then per batch its plan, its state, its commit. */
    static int order(CheckpointEvent event) {
        if (event instanceof Metadata) {
            return 0;
        }
        if (event instanceof Planned) {
            return 1;
        }
        if (event instanceof StateVersion) {
            return 2;
        }
        return event instanceof Committed ? 3 : 4;
    }
}
