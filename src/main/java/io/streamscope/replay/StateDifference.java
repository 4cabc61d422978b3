package io.streamscope.replay;

/**
 * One way the replayed state differs from the state Spark saved.
 *
 * @param batchId         the batch after which the state is compared (store version {@code batchId + 1})
 * @param operatorId      the stateful operator
 * @param kind            what differs
 * @param key             the key as JSON, or null for a difference of the whole operator
 * @param replayValue     the replay's side as JSON, or null
 * @param checkpointValue the checkpoint's side as JSON, or null
 */
public record StateDifference(long batchId, int operatorId, Kind kind, String key, String replayValue,
                              String checkpointValue) {

    public enum Kind {
        /** The query has a stateful operator the checkpoint does not, or the other way round, or another kind. */
        OPERATOR,
        /** The key or value schema Spark recorded is not the query's. */
        SCHEMA,
        /** A key the replay has and Spark's store does not. */
        ONLY_IN_REPLAY,
        /** A key Spark's store has and the replay does not. */
        ONLY_IN_CHECKPOINT,
        /** Both have the key, with different values. */
        VALUE_DIFFERS
    }

    /** One line for people. */
    public String message() {
        String where = "after batch " + batchId + ", state operator " + operatorId;
        return switch (kind) {
            case OPERATOR, SCHEMA -> where + ": " + (replayValue == null ? "" : "the query has " + replayValue)
                    + (replayValue != null && checkpointValue != null ? ", " : "")
                    + (checkpointValue == null ? "" : "the checkpoint has " + checkpointValue);
            case ONLY_IN_REPLAY -> where + ": key " + key + " is in the replay (" + replayValue + ") but not in the checkpoint";
            case ONLY_IN_CHECKPOINT -> where + ": key " + key + " is in the checkpoint (" + checkpointValue + ") but not in the replay";
            case VALUE_DIFFERS -> where + ": key " + key + " is " + replayValue + " in the replay but " + checkpointValue
                    + " in the checkpoint";
        };
    }
}
