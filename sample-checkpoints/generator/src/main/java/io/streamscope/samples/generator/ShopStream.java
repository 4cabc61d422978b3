package io.streamscope.samples.generator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The shop stream of the chapter: topic {@code orders}, one partition, seven orders produced in three stages so that
 * each {@code Trigger.AvailableNow} run reads exactly one stage (batch 0: offsets 0–3, batch 1: offset 4, batch 2:
 * offsets 5–6). Key = order id as text, value = the order as JSON, record timestamp (CreateTime) = {@code order_ts}.
 */
final class ShopStream {

    static final String TOPIC = "orders";
    static final String SCHEMA = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP";

    record Order(int orderId, int customerId, String amount, String orderTs) {
        String key() {
            return Integer.toString(orderId);
        }

        String value() {
            return "{\"order_id\":" + orderId + ",\"customer_id\":" + customerId + ",\"amount\":" + amount
                    + ",\"order_ts\":\"" + orderTs + "\"}";
        }

        long timestampMs() {
            return Instant.parse(orderTs).toEpochMilli();
        }
    }

    /** The three stages; stage i is produced, then every sample runs once (batch i). */
    static final List<List<Order>> STAGES = List.of(
            List.of(new Order(110, 1, "25.50", "2026-01-22T09:01:00Z"),
                    new Order(111, 2, "7.25", "2026-01-22T09:04:30Z"),
                    new Order(112, 1, "12.00", "2026-01-22T09:12:00Z"),
                    new Order(113, 3, "3.99", "2026-01-22T09:18:00Z")),
            List.of(new Order(114, 2, "42.10", "2026-01-22T09:41:00Z")),
            List.of(new Order(150, 3, "15.75", "2026-01-22T10:05:00Z"),
                    new Order(151, 1, "9.99", "2026-01-22T10:07:00Z")));

    private final String bootstrapServers;
    private long nextOffset;

    ShopStream(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /** Creates {@code orders} with one partition and no retention. */
    void createTopic() throws Exception {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin admin = Admin.create(props)) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1)
                    .configs(Map.of("retention.ms", "-1", "message.timestamp.type", "CreateTime")))).all().get();
        }
    }

    /** Produces stage {@code index}, one record at a time, and checks that each landed at the expected offset. */
    void produce(int index) throws Exception {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
            for (Order order : STAGES.get(index)) {
                RecordMetadata meta = producer.send(new ProducerRecord<>(TOPIC, 0, order.timestampMs(), order.key(),
                        order.value())).get();
                if (meta.offset() != nextOffset || meta.timestamp() != order.timestampMs()) {
                    throw new IllegalStateException("order " + order.orderId() + " landed at offset " + meta.offset()
                            + " with timestamp " + meta.timestamp() + ", expected offset " + nextOffset);
                }
                nextOffset++;
            }
        }
    }

    /** The offset after stage {@code index} (exclusive end, as Spark writes it). */
    static long endOffsetAfterStage(int index) {
        long end = 0;
        for (int i = 0; i <= index; i++) {
            end += STAGES.get(i).size();
        }
        return end;
    }

    /**
     * Reads the whole topic back from the broker (assign + seek, no group, no commits) and writes it as a JSONL
     * snapshot: {@code {"partition","offset","timestamp","key","value"}} per record, in offset order.
     */
    void export(Path file, ObjectMapper json) throws IOException {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        List<String> lines = new ArrayList<>();
        TopicPartition partition = new TopicPartition(TOPIC, 0);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long deadline = System.currentTimeMillis() + 60_000;
            while (lines.size() < nextOffset) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("read only " + lines.size() + " records back from " + TOPIC);
                }
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    ObjectNode line = json.createObjectNode();
                    line.put("partition", r.partition());
                    line.put("offset", r.offset());
                    line.put("timestamp", r.timestamp());
                    line.put("key", r.key());
                    line.put("value", r.value());
                    lines.add(json.writeValueAsString(line));
                }
            }
        }
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }
}
