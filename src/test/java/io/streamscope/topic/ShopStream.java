package io.streamscope.topic;

import org.apache.kafka.clients.producer.ProducerRecord;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * The chapter's shop stream (issue 3): seven orders on one partition, key = order id as text, value = the order as
 * JSON, record timestamp = {@code order_ts}. Batch 0 read offsets 0–3, batch 1 offset 4, batch 2 offsets 5–6.
 */
public final class ShopStream {

    public static final String SCHEMA = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP";

    public record Order(int orderId, int customerId, String amount, String orderTs) {
        public String key() {
            return Integer.toString(orderId);
        }

        public String value() {
            return "{\"order_id\":" + orderId + ",\"customer_id\":" + customerId + ",\"amount\":" + amount
                    + ",\"order_ts\":\"" + orderTs + "\"}";
        }

        public long timestampMs() {
            return Instant.parse(orderTs).toEpochMilli();
        }
    }

    public static final List<Order> ORDERS = List.of(
            new Order(110, 1, "25.50", "2026-01-22T09:01:00Z"),
            new Order(111, 2, "7.25", "2026-01-22T09:04:30Z"),
            new Order(112, 1, "12.00", "2026-01-22T09:12:00Z"),
            new Order(113, 3, "3.99", "2026-01-22T09:18:00Z"),
            new Order(114, 2, "42.10", "2026-01-22T09:41:00Z"),
            new Order(150, 3, "15.75", "2026-01-22T10:05:00Z"),
            new Order(151, 1, "9.99", "2026-01-22T10:07:00Z"));

    /** End offsets after batches 0, 1 and 2, as Spark wrote them in {@code offsets/N}. */
    public static final long[] BATCH_ENDS = {4, 5, 7};

    private ShopStream() {
    }

    public static List<ProducerRecord<byte[], byte[]>> records(String topic) {
        return ORDERS.stream().map(o -> new ProducerRecord<>(topic, 0, o.timestampMs(),
                o.key().getBytes(StandardCharsets.UTF_8), o.value().getBytes(StandardCharsets.UTF_8))).toList();
    }

    /** The snapshot line of order {@code index} (its offset), as design.md defines the format. */
    public static String snapshotLine(int index) {
        Order o = ORDERS.get(index);
        return "{\"partition\":0,\"offset\":" + index + ",\"timestamp\":" + o.timestampMs() + ",\"key\":\"" + o.key()
                + "\",\"value\":\"" + o.value().replace("\"", "\\\"") + "\"}";
    }

    /**
     * Writes a checkpoint folder in the shape Spark 4 leaves for the shop stream on {@code topic}: batches
     * {@code 0…batches-1}, each committed except possibly the last.
     */
    public static Path writeCheckpoint(Path folder, String topic, int batches, boolean lastCommitted) throws IOException {
        Files.createDirectories(folder.resolve("offsets"));
        Files.createDirectories(folder.resolve("commits"));
        Files.createDirectories(folder.resolve("sources/0"));
        Files.writeString(folder.resolve("metadata"), "{\"id\":\"8f1e4c3a-0d2b-4f6e-9a7c-5b3d2e1f0a9b\"}");
        Files.write(folder.resolve("sources/0/0"), ("\u0000v1\n{\"" + topic + "\":{\"0\":0}}").getBytes(StandardCharsets.UTF_8));
        for (int batch = 0; batch < batches; batch++) {
            long timestamp = ORDERS.get((int) BATCH_ENDS[batch] - 1).timestampMs() + 60_000;
            Files.writeString(folder.resolve("offsets/" + batch), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":"
                    + timestamp + ",\"conf\":{\"spark.sql.shuffle.partitions\":\"2\"}}\n{\"" + topic + "\":{\"0\":"
                    + BATCH_ENDS[batch] + "}}");
            if (batch < batches - 1 || lastCommitted) {
                Files.writeString(folder.resolve("commits/" + batch), "v1\n{\"nextBatchWatermarkMs\":0}");
            }
        }
        return folder;
    }
}
