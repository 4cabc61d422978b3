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

    @Override
    public String toString() {
        return topic + "-" + partition;
    }
}
