package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * Reads Kafka source offset JSON, {@code {"topic":{"partition":offset}}}: partition keys are strings in hash order,
 * values the next offset to read.
 */
public final class KafkaOffsets {

    private KafkaOffsets() {
    }

    /**
     * The offsets per partition, sorted, or empty when {@code json} is not Kafka offset JSON. {@code {}} (and a topic
     * without partitions) is Kafka offset JSON with no partition: what Spark writes as the initial offsets of a topic
     * that had no partitions yet.
     */
    public static Optional<SortedMap<KafkaPartition, Long>> parse(JsonNode json) {
        return Optional.ofNullable(parseLongs(json));
    }

    /** {@link #parse} as the map it makes; null where {@code json} is not Kafka offset JSON. */
    static PartitionLongs parseLongs(JsonNode json) {
        if (json == null || !json.isObject()) {
            return null;
        }
        PartitionLongs.Builder offsets = new PartitionLongs.Builder(json.size() == 1 ? json.iterator().next().size() : 16);
        for (Iterator<Map.Entry<String, JsonNode>> topics = json.fields(); topics.hasNext(); ) {
            Map.Entry<String, JsonNode> topic = topics.next();
            if (!topic.getValue().isObject()) {
                return null;
            }
            for (Iterator<Map.Entry<String, JsonNode>> partitions = topic.getValue().fields(); partitions.hasNext(); ) {
                Map.Entry<String, JsonNode> partition = partitions.next();
                JsonNode offset = partition.getValue();
                if (!offset.isIntegralNumber() || !offset.canConvertToLong()) {
                    return null;
                }
                try {
                    offsets.put(KafkaPartition.of(topic.getKey(), Integer.parseInt(partition.getKey())), offset.asLong());
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return offsets.build();
    }

    public static boolean isKafkaOffsets(JsonNode json) {
        return parse(json).isPresent();
    }
}
