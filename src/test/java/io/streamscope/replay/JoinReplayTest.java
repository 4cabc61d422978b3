package io.streamscope.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.sparktypes.SparkJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stream-stream joins replayed from the samples' jobs against what Spark wrote: each side's join state after every
 * batch equals what Spark's State Data Source read from the checkpoint's {@code keyWithIndexToValue} stores
 * ({@code state-ground-truth.json}: rows kept, rows evicted, {@code matched} flags), and the rows the left outer join
 * emits with nulls once the watermark passes are Spark's.
 */
class JoinReplayTest {

    private static Replay replay(String sample, String job) throws Exception {
        ReplayResult result = JobReplayTest.replay(sample, Optional.of(job));
        return assertInstanceOf(ReplayResult.Replayed.class, result, () -> result.reason().orElse("")).full();
    }

    private static String job(String sample) throws Exception {
        return Files.readString(ShopTopic.SAMPLES.resolve(sample).resolve("job.py"));
    }

    /** A side's state rows as {@code key|value} texts, the store's index left out (it only orders a key's values). */
    private static List<String> replayed(BatchStep step, String store) {
        List<String> rows = new ArrayList<>();
        for (StateEntry entry : step.state()) {
            if (entry.storeName().equals(store)) {
                rows.add(SparkJson.text(entry.key()) + "|" + SparkJson.text(entry.value()));
            }
        }
        rows.sort(null);
        return rows;
    }

    private static List<String> sparks(JsonNode batch, String store) {
        List<String> rows = new ArrayList<>();
        for (JsonNode read : batch.get("reads")) {
            if (store.equals(read.path("options").path("storeName").asText())) {
                for (JsonNode row : read.get("rows")) {
                    ((com.fasterxml.jackson.databind.node.ObjectNode) row.get("key")).remove("index");
                    rows.add(row.get("key") + "|" + row.get("value"));
                }
            }
        }
        rows.sort(null);
        return rows;
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-join-inner", "shop-join-left-outer"})
    void eachSidesStateAfterEveryBatchIsSparks(String sample) throws Exception {
        Replay replay = replay(sample, job(sample));
        JsonNode truth = SparkRun.EXACT.readTree(ShopTopic.SAMPLES.resolve(sample).resolve("state-ground-truth.json")
                .toFile());
        int compared = 0;
        for (JsonNode batch : truth.get("batches")) {
            BatchStep step = replay.step(batch.get("batchId").asLong()).orElseThrow();
            for (String store : List.of("left-keyWithIndexToValue", "right-keyWithIndexToValue")) {
                List<String> expected = sparks(batch, store);
                assertEquals(expected, replayed(step, store), sample + " batch " + step.batchId() + " " + store);
                compared += expected.size();
            }
        }
        assertTrue(compared > 10, "the ground truth holds state rows to compare");
    }

    @Test
    void theLeftOuterJoinEmitsAnUnpaidOrderWithNullsOnceTheWatermarkPassesIt() throws Exception {
        Replay replay = replay("shop-join-left-outer", job("shop-join-left-outer"));
        BatchStep batch2 = replay.step(2).orElseThrow();
        assertTrue(SparkRun.texts(batch2.sinkRows()).contains(
                "{\"order_id\":111,\"customer_id\":2,\"amount\":7.25,\"order_ts\":\"2026-01-22T09:04:30.000Z\"}"));
        // batch 2 runs with watermark 09:31: orders before 09:16 cannot meet a payment within 15 minutes any more
        assertEquals(java.time.Instant.parse("2026-01-22T09:31:00Z").toEpochMilli(), batch2.watermarkMs());
        assertTrue(replayed(batch2, "left-keyWithIndexToValue").stream().noneMatch(row -> row.contains("\"order_id\":111")));
        Replay inner = replay("shop-join-inner", job("shop-join-inner"));
        assertTrue(SparkRun.texts(inner.step(2).orElseThrow().sinkRows()).stream().noneMatch(row -> row.contains(":111,")),
                "an inner join never emits an order without its payment");
    }

    @Test
    void theScalaSpellingOfTheJoinReplaysTheSame() throws Exception {
        String scala = """
                import org.apache.spark.sql.SparkSession
                import org.apache.spark.sql.functions._
                import org.apache.spark.sql.streaming.Trigger

                object OrdersWithPayments extends App {
                  val spark = SparkSession.builder.appName("shop-join-left-outer").getOrCreate()
                  spark.conf.set("spark.sql.streaming.noDataMicroBatches.enabled", "false")

                  val orderSchema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"
                  val paymentSchema = new StructType()
                    .add("payment_id", IntegerType)
                    .add("order_id", IntegerType)
                    .add("paid", DecimalType(10, 2))
                    .add("pay_ts", TimestampType)

                  def kafka(topic: String) = spark.readStream.format("kafka").option("subscribe", topic).load()

                  val orders = spark.readStream.format("kafka")
                    .option("kafka.bootstrap.servers", "localhost:9092")
                    .option("subscribe", "orders")
                    .load()
                    .select(from_json($"value".cast("string"), orderSchema).as("o"))
                    .select("o.*")
                    .withWatermark("order_ts", "10 minutes")
                  val payments = spark.readStream.format("kafka")
                    .option("kafka.bootstrap.servers", "localhost:9092")
                    .option("subscribe", "payments")
                    .load()
                    .selectExpr("CAST(value AS STRING) AS json")
                    .select(from_json(col("json"), paymentSchema).as("p"))
                    .select("p.*")
                    .withWatermark("pay_ts", "10 minutes")

                  val joined = orders.as("o").join(payments.as("p"),
                      expr("o.order_id = p.order_id AND p.pay_ts >= o.order_ts AND p.pay_ts <= o.order_ts + interval 15 minutes"),
                      "leftOuter")
                    .select($"o.order_id", $"o.customer_id", $"o.amount", $"o.order_ts", $"p.payment_id", $"p.paid", $"p.pay_ts")

                  joined.writeStream
                    .outputMode("append")
                    .option("checkpointLocation", "/chk/shop-join-left-outer")
                    .trigger(Trigger.AvailableNow())
                    .foreachBatch { (batch: org.apache.spark.sql.DataFrame, id: Long) => batch.show() }
                    .start()
                    .awaitTermination()
                }
                """;
        Replay fromScala = replay("shop-join-left-outer", scala);
        SparkRun truth = SparkRun.of("shop-join-left-outer");
        for (JsonNode execution : truth.executions()) {
            BatchStep step = fromScala.step(execution.get("batchId").asLong()).orElseThrow();
            assertEquals(SparkRun.texts(execution.get("sinkRows")), SparkRun.texts(step.sinkRows()));
        }
    }

    @Test
    void sparksRulesForStreamStreamJoinsAreItsRefusals() throws Exception {
        String update = job("shop-join-inner").replace(".outputMode(\"append\")", ".outputMode(\"update\")");
        ReplayResult refusedMode = JobReplayTest.replay("shop-join-inner", Optional.of(update));
        assertEquals(Optional.of("Join between two streaming DataFrames/Datasets is not supported in Update output "
                + "mode, only in Append output mode"), refusedMode.reason());
        assertEquals(6, refusedMode.replay().orElseThrow().step(0).orElseThrow().inputRows().size(),
                "both sides' rows still show");
        String noRange = job("shop-join-left-outer").replace(
                " AND p.pay_ts BETWEEN o.order_ts AND o.order_ts + INTERVAL 15 MINUTES", "");
        ReplayResult refusedJoin = JobReplayTest.replay("shop-join-left-outer", Optional.of(noRange));
        assertInstanceOf(ReplayResult.Refused.class, refusedJoin);
        assertEquals(Optional.of("Stream-stream LeftOuter join between two streaming DataFrame/Datasets is not "
                + "supported without a watermark in the join keys, or a watermark on the nullable side and an "
                + "appropriate range condition"), refusedJoin.reason());
    }

    /** The other join types on the same records, by the rules Spark applies to the two it was run with. */
    @Test
    void rightOuterFullOuterAndLeftSemiOnTheSameRecords() throws Exception {
        String job = job("shop-join-left-outer");
        Replay right = replay("shop-join-left-outer", job.replace("\"left_outer\"", "\"right_outer\""));
        List<String> rightBatch2 = SparkRun.texts(right.step(2).orElseThrow().sinkRows());
        // batch 2 (watermark 09:31) evicts the payments before 09:31: 7001 (no order 109) and 7004 (after 111's range)
        // never matched, so they come out with nulls for the order
        assertTrue(rightBatch2.contains("{\"payment_id\":7001,\"paid\":18.00,\"pay_ts\":\"2026-01-22T09:02:00.000Z\"}"),
                rightBatch2.toString());
        assertTrue(rightBatch2.contains("{\"payment_id\":7004,\"paid\":7.25,\"pay_ts\":\"2026-01-22T09:25:00.000Z\"}"),
                rightBatch2.toString());
        assertTrue(rightBatch2.stream().noneMatch(row -> row.contains("\"payment_id\":7003")), "7003 matched 112");

        Replay full = replay("shop-join-left-outer", job.replace("\"left_outer\"", "\"full_outer\""));
        List<String> fullBatch2 = SparkRun.texts(full.step(2).orElseThrow().sinkRows());
        assertTrue(fullBatch2.stream().anyMatch(row -> row.startsWith("{\"order_id\":111,") && !row.contains("payment_id")));
        assertTrue(fullBatch2.stream().anyMatch(row -> row.startsWith("{\"payment_id\":7001,")));

        Replay semi = replay("shop-join-left-outer", job.replace("\"left_outer\"", "\"left_semi\"")
                .replace(",\n                                \"p.payment_id\", \"p.paid\", \"p.pay_ts\"", ""));
        List<Object> matchedOrders = new java.util.ArrayList<>();
        for (BatchStep step : semi.steps()) {
            step.sinkRows().forEach(row -> matchedOrders.add(row.get("order_id")));
        }
        assertEquals(List.of(110, 112, 114, 150), matchedOrders.stream().sorted((a, b) -> ((Integer) a) - ((Integer) b)).toList(),
                "a left semi join emits each order that found a payment, once");
    }
}
