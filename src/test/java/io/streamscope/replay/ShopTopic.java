package io.streamscope.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.KafkaOffsets;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The shop stream for tests: {@code sample-checkpoints/topics/orders.jsonl} read with Jackson and decoded by hand into
 * rows of {@code order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP} (the topic decoder is not
 * used here on purpose: replay tests stand on their own).
 */
public final class ShopTopic implements InputSource {

    public static final Path SAMPLES = Path.of("sample-checkpoints");
    public static final SparkType.Struct SCHEMA = new SparkType.Struct(List.of(
            new SparkType.Field("order_id", SparkType.Atomic.INTEGER, true),
            new SparkType.Field("customer_id", SparkType.Atomic.INTEGER, true),
            new SparkType.Field("amount", new SparkType.Decimal(10, 2), true),
            new SparkType.Field("order_ts", SparkType.Atomic.TIMESTAMP, true)));

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Records by partition, then offset. */
    private final Map<KafkaPartition, TreeMap<Long, Row>> records = new TreeMap<>();

    private ShopTopic(Path file) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode record = MAPPER.readTree(line);
                JsonNode value = MAPPER.readTree(record.get("value").asText());
                Row row = new Row(SCHEMA, java.util.Arrays.asList(
                        value.get("order_id").asInt(),
                        value.get("customer_id").asInt(),
                        new BigDecimal(value.get("amount").asText()).setScale(2),
                        Instant.parse(value.get("order_ts").asText())));
                records.computeIfAbsent(new KafkaPartition("orders", record.get("partition").asInt()), p -> new TreeMap<>())
                        .put(record.get("offset").asLong(), row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ShopTopic orders() {
        return new ShopTopic(SAMPLES.resolve("topics/orders.jsonl"));
    }

    @Override
    public SparkType.Struct schema() {
        return SCHEMA;
    }

    @Override
    public List<Row> rowsOf(Batch batch) throws InputException {
        List<Row> rows = new ArrayList<>();
        for (BatchSource source : batch.sources()) {
            SortedMap<KafkaPartition, Long> start = KafkaOffsets.parse(source.startOffset())
                    .orElseThrow(() -> new InputException("batch " + batch.id() + " has no start offsets"));
            SortedMap<KafkaPartition, Long> end = KafkaOffsets.parse(source.endOffset())
                    .orElseThrow(() -> new InputException("batch " + batch.id() + " has no end offsets"));
            for (Map.Entry<KafkaPartition, Long> partition : end.entrySet()) {
                long from = start.getOrDefault(partition.getKey(), 0L);
                TreeMap<Long, Row> held = records.getOrDefault(partition.getKey(), new TreeMap<>());
                for (long offset = from; offset < partition.getValue(); offset++) {
                    Row row = held.get(offset);
                    if (row == null) {
                        throw new InputException(partition.getKey() + " offset " + offset + " is not in the topic file");
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }
}
