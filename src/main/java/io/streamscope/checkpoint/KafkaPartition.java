package io.streamscope.checkpoint;

import java.util.Comparator;

/** A topic partition as named in Kafka offset JSON. */
public record KafkaPartition(String topic, int partition) implements Comparable<KafkaPartition> {

    private static final Comparator<KafkaPartition> ORDER =
            Comparator.comparing(KafkaPartition::topic).thenComparingInt(KafkaPartition::partition);

    @Override
    public int compareTo(KafkaPartition other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return topic + "-" + partition;
    }
}
