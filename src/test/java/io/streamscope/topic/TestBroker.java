package io.streamscope.topic;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one Kafka broker of the test JVM, started on first use and stopped when the JVM exits. Each test makes its
 * own topics (unique names), so tests never see each other's records. After every test class it checks the rule of
 * the house: no consumer group exists and no consumer-offsets topic was ever created, so nothing read joined a
 * group or committed.
 */
public final class TestBroker implements BeforeAllCallback, AfterAllCallback {

    private static final AtomicInteger TOPICS = new AtomicInteger();
    private static EmbeddedKafka broker;
    private static TcpRelay relay;
    private static Admin admin;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        assertNoGroupsAndNoCommits();
    }

    static synchronized void start() throws Exception {
        if (broker != null) {
            return;
        }
        int relayPort = EmbeddedKafka.freePort();
        int listenerPort = EmbeddedKafka.freePort();
        relay = TcpRelay.listenOn(relayPort, listenerPort);
        broker = EmbeddedKafka.startTemporary(new EmbeddedKafka.RelayListener(listenerPort, relayPort));
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        admin = Admin.create(props);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                admin.close();
                relay.close();
                broker.close();
            } catch (Exception e) {
                // the JVM is exiting
            }
        }));
    }

    public static String bootstrapServers() {
        return broker.bootstrapServers();
    }

    /** The same broker, reached through {@link #relay()}. */
    public static String relayedBootstrapServers() {
        return "127.0.0.1:" + relay.port();
    }

    public static TcpRelay relay() {
        return relay;
    }

    public static Admin admin() {
        return admin;
    }

    /** Creates {@code prefix-N} with no retention (and {@code configs}) and returns its name. */
    public static String createTopic(String prefix, int partitions, Map<String, String> configs) throws Exception {
        String name = prefix + "-" + TOPICS.incrementAndGet();
        Map<String, String> all = new java.util.HashMap<>(configs);
        all.put("retention.ms", "-1");
        admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1).configs(all))).all().get(30, TimeUnit.SECONDS);
        return name;
    }

    /** Sends the records in order, each acknowledged before the next; returns where they landed. */
    public static List<RecordMetadata> produce(List<ProducerRecord<byte[], byte[]>> records) throws Exception {
        return produce(records, Map.of());
    }

    public static List<RecordMetadata> produce(List<ProducerRecord<byte[], byte[]>> records, Map<String, Object> extra)
            throws Exception {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        props.putAll(extra);
        List<RecordMetadata> landed = new ArrayList<>();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            List<java.util.concurrent.Future<RecordMetadata>> sent = new ArrayList<>();
            for (ProducerRecord<byte[], byte[]> record : records) {
                sent.add(producer.send(record));
            }
            for (java.util.concurrent.Future<RecordMetadata> future : sent) {
                landed.add(future.get(60, TimeUnit.SECONDS));
            }
        }
        return landed;
    }

    /** No consumer group of any type, and no {@code __consumer_offsets} topic (created on the first group request). */
    public static void assertNoGroupsAndNoCommits() throws Exception {
        var groups = admin.listGroups(ListGroupsOptions.forConsumerGroups()).all().get(30, TimeUnit.SECONDS);
        var allGroups = admin.listGroups().all().get(30, TimeUnit.SECONDS);
        Set<String> topics = admin.listTopics(new org.apache.kafka.clients.admin.ListTopicsOptions().listInternal(true))
                .names().get(30, TimeUnit.SECONDS);
        if (!groups.isEmpty() || !allGroups.isEmpty() || topics.contains("__consumer_offsets")) {
            throw new AssertionError("Streamscope must never join a group or commit: groups " + allGroups
                    + ", internal topic __consumer_offsets present: " + topics.contains("__consumer_offsets"));
        }
    }
}
