package io.streamscope.topic;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * A Kafka broker for the classroom: single node, KRaft, loopback only, with topic {@code orders} holding the shop
 * stream (7 records, offsets 0–6, timestamps = order times, retention off). Started fresh each time and thrown away
 * on Ctrl-C, so every lesson starts from the same topic. Run: {@code mvn -q -Pdemo-broker test-compile exec:java}
 * (another port: {@code -Dexec.args=9094}).
 */
public final class DemoBroker {

    private DemoBroker() {
    }

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 9092;
        if (!free(port)) {
            System.err.println("Port " + port + " on 127.0.0.1 is taken (another Kafka?). Stop it, or choose another port:"
                    + " mvn -q -Pdemo-broker test-compile exec:java -Dexec.args=9094");
            return;
        }
        int controllerPort = free(port + 1) ? port + 1 : EmbeddedKafka.freePort();
        EmbeddedKafka kafka = new EmbeddedKafka(Files.createTempDirectory("streamscope-demo-kafka-"), port, controllerPort,
                null, true);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                kafka.close();
            } catch (Exception e) {
                // exiting anyway
            }
        }));
        fill(kafka.bootstrapServers());
        System.out.println("""
                Kafka (KRaft, single node) is up on %1$s, loopback only.
                Topic orders: the shop stream, 7 records at offsets 0–6 (orders 110–114, 150, 151), retention off.
                Try:  java -jar target/streamscope.jar topic export --bootstrap-servers %1$s --topic orders
                Ctrl-C stops the broker and throws its data away.""".formatted(kafka.bootstrapServers()));
        Thread.currentThread().join();
    }

    private static void fill(String bootstrapServers) throws Exception {
        Properties adminProps = new Properties();
        adminProps.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin admin = Admin.create(adminProps)) {
            admin.createTopics(List.of(new NewTopic("orders", 1, (short) 1)
                    .configs(Map.of("retention.ms", "-1", "message.timestamp.type", "CreateTime"))))
                    .all().get(60, TimeUnit.SECONDS);
        }
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
            long expected = 0;
            for (ProducerRecord<byte[], byte[]> record : ShopStream.records("orders")) {
                RecordMetadata landed = producer.send(record).get(60, TimeUnit.SECONDS);
                if (landed.offset() != expected++) {
                    throw new IllegalStateException("record landed at offset " + landed.offset() + ", expected " + (expected - 1));
                }
            }
        }
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
