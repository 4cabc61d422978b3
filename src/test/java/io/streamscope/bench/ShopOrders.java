package io.streamscope.bench;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/** The benchmarks' topic {@code orders}: shop-like JSON orders (about 100 bytes each), round-robin over the partitions. */
final class ShopOrders {

    private ShopOrders() {
    }

    static void produce(String bootstrapServers, int records, int partitions) throws Exception {
        Properties admin = new Properties();
        admin.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin client = Admin.create(admin)) {
            client.createTopics(List.of(new NewTopic("orders", partitions, (short) 1).configs(Map.of("retention.ms", "-1"))))
                    .all().get(60, TimeUnit.SECONDS);
        }
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.LINGER_MS_CONFIG, "20");
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, "262144");
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < records; i++) {
                String value = "{\"order_id\":" + (1000 + i) + ",\"customer_id\":" + (i % 97) + ",\"amount\":" + (i % 5000) / 100.0
                        + ",\"order_ts\":\"2026-01-22T09:" + String.format("%02d:%02d", (i / 60) % 60, i % 60) + "Z\"}";
                producer.send(new ProducerRecord<>("orders", i % partitions, 1769072460000L + i, Integer.toString(1000 + i)
                        .getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8)));
            }
            producer.flush();
        }
    }
}
