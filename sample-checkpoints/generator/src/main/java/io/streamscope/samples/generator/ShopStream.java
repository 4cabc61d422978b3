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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The shop stream of the chapter: topic {@code orders}, one partition, seven orders produced in three stages so that
 * each {@code Trigger.AvailableNow} run reads exactly one stage (batch 0: offsets 0–3, batch 1: offset 4, batch 2:
 * offsets 5–6). Key = order id as text, value = the order as JSON, record timestamp (CreateTime) = {@code order_ts}.
 *
 * <p>Beside it, in the same three stages, the topics of the two-topic samples: {@code payments} (the stream–stream
 * join samples) and {@code refunds} (the union sample), each with one partition, keyed by the order id as text, the
 * record timestamp being the record's own event time ({@code pay_ts}, {@code refund_ts}).
 */
final class ShopStream {

    static final String TOPIC = "orders";
    static final String SCHEMA = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP";

    /** One Kafka record of a shop topic. */
    record Event(String key, String value, long timestampMs) {
        static Event at(int key, String value, String eventTime) {
            return new Event(Integer.toString(key), value, Instant.parse(eventTime).toEpochMilli());
        }
    }

    /** A topic of the shop: its name, the DDL of its JSON values, and the records of each stage. */
    record Topic(String name, String schema, List<List<Event>> stages) {
        /** The offset after stage {@code index} (exclusive end, as Spark writes it). */
        long endOffsetAfterStage(int index) {
            long end = 0;
            for (int i = 0; i <= index; i++) {
                end += stages.get(i).size();
            }
            return end;
        }

        /** The snapshot file, relative to the samples folder. */
        String snapshot() {
            return "topics/" + name + ".jsonl";
        }

        /** The snapshot file as a sample's sidecar names it (relative to the sample folder). */
        String fileFromSample() {
            return "../" + snapshot();
        }
    }

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

        Event event() {
            return new Event(key(), value(), timestampMs());
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

    static final Topic ORDERS = new Topic(TOPIC, SCHEMA,
            STAGES.stream().map(stage -> stage.stream().map(Order::event).toList()).toList());

    static final String PAYMENTS_SCHEMA = "payment_id INT, order_id INT, paid DECIMAL(10,2), pay_ts TIMESTAMP";

    /**
     * The payments of the join samples, with the orders' watermark delay of 10 minutes and the join's range
     * {@code pay_ts BETWEEN order_ts AND order_ts + 15 minutes}: 110 is paid in its own batch, 112 and 114 in batch 1
     * (112 from the orders kept in state since batch 0), 111's payment comes too late for the range (09:25 > 09:19:30)
     * so 111 never matches, 109 is a payment for no order, 150 is paid in batch 2, 113 and 151 are never paid.
     */
    static final Topic PAYMENTS = new Topic("payments", PAYMENTS_SCHEMA, List.of(
            List.of(payment(7001, 109, "18.00", "2026-01-22T09:02:00Z"),
                    payment(7002, 110, "25.50", "2026-01-22T09:03:00Z")),
            List.of(payment(7003, 112, "12.00", "2026-01-22T09:20:00Z"),
                    payment(7004, 111, "7.25", "2026-01-22T09:25:00Z"),
                    payment(7005, 114, "42.10", "2026-01-22T09:45:00Z")),
            List.of(payment(7006, 150, "15.75", "2026-01-22T10:08:00Z"))));

    static final String REFUNDS_SCHEMA =
            "refund_id INT, order_id INT, customer_id INT, amount DECIMAL(10,2), refund_ts TIMESTAMP";

    /** The refunds of the union sample: at least one per stage, for customers with and without orders in the batch. */
    static final Topic REFUNDS = new Topic("refunds", REFUNDS_SCHEMA, List.of(
            List.of(refund(9001, 110, 1, "5.00", "2026-01-22T09:10:00Z")),
            List.of(refund(9002, 112, 1, "12.00", "2026-01-22T09:35:00Z")),
            List.of(refund(9003, 111, 2, "7.25", "2026-01-22T10:01:00Z"),
                    refund(9004, 113, 3, "3.99", "2026-01-22T10:02:00Z"))));

    /** Every topic, in the order they are created and produced. */
    static final List<Topic> TOPICS = List.of(ORDERS, PAYMENTS, REFUNDS);

    private static Event payment(int paymentId, int orderId, String paid, String payTs) {
        return Event.at(orderId, "{\"payment_id\":" + paymentId + ",\"order_id\":" + orderId + ",\"paid\":" + paid
                + ",\"pay_ts\":\"" + payTs + "\"}", payTs);
    }

    private static Event refund(int refundId, int orderId, int customerId, String amount, String refundTs) {
        return Event.at(orderId, "{\"refund_id\":" + refundId + ",\"order_id\":" + orderId + ",\"customer_id\":"
                + customerId + ",\"amount\":" + amount + ",\"refund_ts\":\"" + refundTs + "\"}", refundTs);
    }

    static Topic topic(String name) {
        return TOPICS.stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no shop topic " + name));
    }

    private final String bootstrapServers;
    private final Map<String, Long> nextOffset = new HashMap<>();

    ShopStream(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /** Creates every topic with one partition and no retention. */
    void createTopics() throws Exception {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin admin = Admin.create(props)) {
            admin.createTopics(TOPICS.stream().map(t -> new NewTopic(t.name(), 1, (short) 1)
                    .configs(Map.of("retention.ms", "-1", "message.timestamp.type", "CreateTime"))).toList())
                    .all().get();
        }
    }

    /**
     * Produces stage {@code index} of every topic, one record at a time, and checks that each landed at the expected
     * offset.
     */
    void produce(int index) throws Exception {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
            for (Topic topic : TOPICS) {
                for (Event event : topic.stages().get(index)) {
                    long expected = nextOffset.getOrDefault(topic.name(), 0L);
                    RecordMetadata meta = producer.send(new ProducerRecord<>(topic.name(), 0, event.timestampMs(),
                            event.key(), event.value())).get();
                    if (meta.offset() != expected || meta.timestamp() != event.timestampMs()) {
                        throw new IllegalStateException(topic.name() + " record " + event.value() + " landed at offset "
                                + meta.offset() + " with timestamp " + meta.timestamp() + ", expected offset "
                                + expected);
                    }
                    nextOffset.put(topic.name(), expected + 1);
                }
            }
        }
    }

    /** The end offset of every topic after stage {@code index}, by topic name. */
    static Map<String, Long> endOffsetsAfterStage(int index) {
        Map<String, Long> ends = new LinkedHashMap<>();
        TOPICS.forEach(t -> ends.put(t.name(), t.endOffsetAfterStage(index)));
        return ends;
    }

    /** The offset of {@code orders} after stage {@code index} (exclusive end, as Spark writes it). */
    static long endOffsetAfterStage(int index) {
        return ORDERS.endOffsetAfterStage(index);
    }

    /**
     * Reads the whole topic back from the broker (assign + seek, no group, no commits) and writes it as a JSONL
     * snapshot: {@code {"partition","offset","timestamp","key","value"}} per record, in offset order.
     */
    void export(Topic topic, Path file, ObjectMapper json) throws IOException {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        List<String> lines = new ArrayList<>();
        TopicPartition partition = new TopicPartition(topic.name(), 0);
        long count = nextOffset.getOrDefault(topic.name(), 0L);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long deadline = System.currentTimeMillis() + 60_000;
            while (lines.size() < count) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("read only " + lines.size() + " records back from "
                            + topic.name());
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
