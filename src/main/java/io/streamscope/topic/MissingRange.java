package io.streamscope.topic;

import io.streamscope.checkpoint.KafkaPartition;

/**
 * Offsets {@code [from, until)} that were asked for but that the source cannot give, and why.
 */
public record MissingRange(KafkaPartition partition, long from, long until, Cause cause) {

    public enum Cause {
        /** Below the partition's log start offset: retention (or a delete-records request) removed them. */
        DELETED_BY_RETENTION,
        /** At or past the partition's end offset: the topic now holds fewer records (re-created?). */
        PAST_TOPIC_END,
        /** The partition does not exist in the topic now. */
        NO_SUCH_PARTITION,
        /** A snapshot file that does not hold these offsets. */
        NOT_IN_SNAPSHOT
    }

    public long size() {
        return until - from;
    }

    public String message() {
        String offsets = size() == 1 ? "offset " + from : "offsets " + from + "–" + (until - 1);
        return switch (cause) {
            case DELETED_BY_RETENTION -> offsets + " of " + partition + " are no longer in the topic: retention deleted them";
            case PAST_TOPIC_END -> offsets + " of " + partition + " are past the topic's end: the topic holds fewer"
                    + " records than the checkpoint says (was it deleted and re-created?)";
            case NO_SUCH_PARTITION -> offsets + " of " + partition + " cannot be read: the topic has no partition "
                    + partition.partition();
            case NOT_IN_SNAPSHOT -> offsets + " of " + partition + " are not in the snapshot";
        };
    }
}
