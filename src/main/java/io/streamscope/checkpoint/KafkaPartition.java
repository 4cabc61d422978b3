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

    /** How many partitions are kept once; beyond it each is made anew. */
    private static final int MAX_SHARED = 1 << 16;
    /** The partitions met so far: a checkpoint names each in every batch, ten thousand times for 10,000 batches. */
    private static final java.util.Map<KafkaPartition, KafkaPartition> SHARED = new java.util.concurrent.ConcurrentHashMap<>();

    /** This partition, as one instance wherever it is named (immutable, so shared freely). */
    public static KafkaPartition of(String topic, int partition) {
        KafkaPartition made = new KafkaPartition(topic, partition);
        KafkaPartition shared = SHARED.get(made);
        if (shared != null) {
            return shared;
        }
        if (SHARED.size() < MAX_SHARED) {
            KafkaPartition raced = SHARED.putIfAbsent(made, made);
            return raced != null ? raced : made;
        }
        return made;
    }

    @Override
    public String toString() {
        return topic + "-" + partition;
    }
}
