package io.streamscope.checkpoint;

/** A topic partition as named in Kafka offset JSON. */
public record KafkaPartition(String topic, int partition) implements Comparable<KafkaPartition> {

    /**
     * By topic, then partition. Written out rather than as a {@code Comparator} chain: a checkpoint's offsets are
     * sorted maps of these, and {@code inspect} compares them millions of times before the JIT has inlined anything.
     * The topic names come from Jackson's interned field names, so the same topic is usually the same string.
     */
    @Override
    public int compareTo(KafkaPartition other) {
        if (topic != other.topic) {
            int byTopic = topic.compareTo(other.topic);
            if (byTopic != 0) {
                return byTopic;
            }
        }
        return Integer.compare(partition, other.partition);
    }

    /** Written out, as {@link #compareTo}: the record's own, through a method handle, is slow before the JIT. */
    @Override
    public boolean equals(Object other) {
        return this == other || (other instanceof KafkaPartition that && partition == that.partition && topic.equals(that.topic));
    }

    @Override
    public int hashCode() {
        return 31 * topic.hashCode() + partition;
    }

    /**
     * The partitions met lately, by hash: a checkpoint names each in every batch, ten thousand times for 10,000
     * batches. Slots are overwritten freely (two partitions of one slot take turns); a racy read is safe, a partition
     * being immutable.
     */
    private static final KafkaPartition[] SHARED = new KafkaPartition[4096];

    /**
     * This partition, as the instance made when it was last named where it still is in its slot (so as a rule one
     * instance for each partition of a checkpoint; immutable, so shared freely).
     */
    public static KafkaPartition of(String topic, int partition) {
        int hash = 31 * topic.hashCode() + partition;
        int slot = (hash ^ (hash >>> 16)) & (SHARED.length - 1);
        KafkaPartition shared = SHARED[slot];
        if (shared != null && shared.partition == partition && shared.topic.equals(topic)) {
            return shared;
        }
        KafkaPartition made = new KafkaPartition(topic, partition);
        SHARED[slot] = made;
        return made;
    }

    @Override
    public String toString() {
        return topic + "-" + partition;
    }
}
