package io.streamscope.topic;

/**
 * One Kafka record header.
 *
 * @param key   the header key
 * @param value the header value; null when the producer sent none
 */
public record TopicHeader(String key, Bytes value) {
}
