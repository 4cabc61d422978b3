package io.streamscope.topic;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.Json;
import io.streamscope.sparktypes.Row;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bundled samples, written by real Spark, read through the bundled topic snapshot. */
class SampleTopicTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");

    @Test
    void batch2OfShopTotalsReadOrders150And151AtOffsets5And6() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(SAMPLES.resolve("shop-totals-update"));
        try (JsonlTopicSource source = JsonlTopicSource.open(SAMPLES.resolve("topics/orders.jsonl"))) {
            BatchRecords batch = BatchReader.read(source, checkpoint.batches().get(2L), ReadOptions.fullValues());
            assertEquals(List.of(5L, 6L), batch.records().stream().map(TopicRecord::offset).toList());
            RowDecoder decoder = RowDecoder.of(ShopStream.SCHEMA);
            Row first = decoder.decode(batch.records().get(0).value()).row();
            Row second = decoder.decode(batch.records().get(1).value()).row();
            assertEquals(List.of(150, 3, new BigDecimal("15.75"), Instant.parse("2026-01-22T10:05:00Z")), first.values());
            assertEquals(List.of(151, 1, new BigDecimal("9.99"), Instant.parse("2026-01-22T10:07:00Z")), second.values());
        }
    }

    @Test
    void everySampleReadingOrdersFindsEveryRecordItCountedAndDecodesIt() throws Exception {
        int checked = 0;
        try (Stream<Path> folders = Files.list(SAMPLES); JsonlTopicSource source = JsonlTopicSource.open(
                SAMPLES.resolve("topics/orders.jsonl"))) {
            for (Path folder : folders.sorted().toList()) {
                Path sidecar = folder.resolve("streamscope.json");
                if (!Files.exists(sidecar) || Json.mapper().readTree(sidecar.toFile()).path("topics").size() != 1
                        || !Json.mapper().readTree(sidecar.toFile()).path("topics").path("orders").asText()
                        .endsWith("topics/orders.jsonl")) {
                    continue;
                }
                RowDecoder decoder = RowDecoder.of("order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP");
                Checkpoint checkpoint = CheckpointReader.read(folder);
                for (Batch batch : checkpoint.batches().values()) {
                    BatchRecords records = BatchReader.read(source, batch, ReadOptions.fullValues());
                    assertEquals(batch.numInputRows().orElseThrow(), (long) records.records().size(), folder + " batch " + batch.id());
                    assertTrue(records.missing().isEmpty(), folder + " batch " + batch.id() + ": " + records.missing());
                    for (TopicRecord record : records.records()) {
                        assertEquals(DecodedRow.Outcome.PARSED, decoder.decode(record.value()).outcome());
                    }
                }
                checked++;
            }
        }
        assertTrue(checked >= 5, "only " + checked + " samples read the orders topic");
    }
}
