package io.streamscope.topic;

import io.streamscope.checkpoint.KafkaPartition;

import java.util.List;
import java.util.Objects;

/**
 * One Kafka record, from a broker or a snapshot.
 *
 * @param topic         topic name
 * @param partition     partition number
 * @param offset        offset in the partition
 * @param timestamp     epoch milliseconds, as the broker stores it
 * @param timestampType what the timestamp means (snapshots carry none: {@link RecordTimestampType#CREATE_TIME})
 * @param key           the key, null for none; may be a preview (see {@link Bytes#truncated()})
 * @param value         the value, null for a tombstone; may be a preview
 * @param headers       headers in the order the producer added them
 */
public record TopicRecord(String topic, int partition, long offset, long timestamp, RecordTimestampType timestampType,
                          Bytes key, Bytes value, List<TopicHeader> headers) {

    public TopicRecord {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(timestampType, "timestampType");
        headers = List.copyOf(headers);
    }

    public KafkaPartition topicPartition() {
        return new KafkaPartition(topic, partition);
    }

    /** Whether the key or the value is only a preview of a larger one. */
    public boolean truncated() {
        return (key != null && key.truncated()) || (value != null && value.truncated());
    }
}
