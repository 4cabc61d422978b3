package io.streamscope.replay.progress;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.replay.MicroBatchReplay;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Replay;
import io.streamscope.replay.ShopTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Derived progress against the progress Spark reported when the samples were written. */
class ProgressReportTest {

    private static Replay replay(String sample, String query, OutputMode mode) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve(sample));
        return MicroBatchReplay.replay(checkpoint, query, mode, ShopTopic.orders());
    }

    private static List<JsonNode> listenerLines(String sample) throws Exception {
        return ProgressLog.parse(Files.readString(ShopTopic.SAMPLES.resolve(sample).resolve("progress.jsonl")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "shop-windowed|orders.withWatermark(\"order_ts\", \"5 minutes\").groupBy(window(col(\"order_ts\"), \"10 minutes\")).count()|APPEND",
            "shop-totals-update|orders.groupBy(\"customer_id\").sum(\"amount\").withColumnRenamed(\"sum(amount)\", \"total\")|UPDATE",
            "shop-big-orders|orders.filter(\"amount >= 10\").select(\"order_id\", \"customer_id\", \"amount\")|APPEND",
            "shop-copy-crash-restarted|orders|APPEND"})
    void theDerivedProgressAgreesWithSparks(String sample, String query, OutputMode mode) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve(sample));
        List<BatchProgress> progress = ProgressReport.of(checkpoint, replay(sample, query, mode), listenerLines(sample));
        assertEquals(3, progress.size());
        for (BatchProgress batch : progress) {
            assertTrue(batch.real().isPresent());
            assertEquals(List.of(), batch.differences(), "batch " + batch.batchId());
        }
    }

    @Test
    void theWindowedEventTimesAreSparks() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-windowed"));
        Replay replay = replay("shop-windowed", "orders.withWatermark(\"order_ts\", \"5 minutes\")"
                + ".groupBy(window(col(\"order_ts\"), \"10 minutes\")).count()", OutputMode.APPEND);
        JsonNode batch0 = ProgressReport.of(checkpoint, replay, List.of()).get(0).derived();
        assertEquals("2026-01-22T09:08:52.500Z", batch0.at("/eventTime/avg").asText());
        assertEquals("1970-01-01T00:00:00.000Z", batch0.at("/eventTime/watermark").asText());
        JsonNode batch1 = ProgressReport.of(checkpoint, replay, List.of()).get(1).derived();
        assertEquals(1, batch1.at("/stateOperators/0/numRowsRemoved").asInt());
    }

    @Test
    void aWrongQueryShowsInTheDifferencesAndTheMergedReportKeepsSparksFields() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(ShopTopic.SAMPLES.resolve("shop-totals-update"));
        Replay replay = replay("shop-totals-update", "orders.groupBy(\"order_id\").count()", OutputMode.UPDATE);
        BatchProgress batch0 = ProgressReport.of(checkpoint, replay, listenerLines("shop-totals-update")).get(0);
        assertEquals(List.of("/stateOperators/0/numRowsTotal: the replay gives 4, Spark reported 3",
                "/stateOperators/0/numRowsUpdated: the replay gives 4, Spark reported 3"), batch0.differences());
        assertEquals(11970, batch0.merged().get("batchDuration").asInt());
        assertEquals(4, batch0.merged().get("numInputRows").asInt());
    }

    @Test
    void driverLogEntriesSpanningLinesAreRead() throws Exception {
        StringBuilder log = new StringBuilder("26/01/22 09:00:00 INFO SparkContext: Running Spark version 4.0.1\n");
        for (JsonNode progress : listenerLines("shop-totals-update")) {
            log.append("26/01/22 09:00:01 INFO MicroBatchExecution: Streaming query made progress: ")
                    .append(progress.toPrettyString()).append('\n')
                    .append("26/01/22 09:00:02 INFO MicroBatchExecution: a line with {braces} in it\n");
        }
        List<JsonNode> parsed = ProgressLog.parse(log.toString());
        assertEquals(List.of(0L, 1L, 2L), parsed.stream().map(n -> n.get("batchId").asLong()).toList());
        assertEquals(listenerLines("shop-totals-update").get(2), parsed.get(2));
    }
}
