package io.streamscope.ui.timeline;

import io.streamscope.checkpoint.KafkaPartition;

/**
 * One horizontal lane of input in the timeline: a Kafka partition of a source (bars whose length is the row count),
 * or a whole source whose offsets are not Kafka offsets (a plain mark with the offset Spark wrote).
 *
 * @param sourceIndex the source, by its index in the offset lines
 * @param partition   the partition, or null for a plain lane
 * @param label       what the lane is called in the timeline's margin
 */
public record Lane(int sourceIndex, KafkaPartition partition, String label) {

    public boolean plain() {
        return partition == null;
    }
}
