package io.streamscope.samples.generator;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.negate;

/**
 * The samples that read two topics: stream–stream joins of {@code orders} and {@code payments} (inner and left
 * outer), and the union of {@code orders} and {@code refunds} aggregated per customer. Their sidecars name the topic
 * files only ({@code "topics":{"orders":…,"payments":…}}); query, schemas and output mode are the job's
 * ({@code job.py}).
 */
final class TopicSamples {

    static final String PAYMENTS = ShopStream.PAYMENTS.name();
    static final String REFUNDS = ShopStream.REFUNDS.name();
    static final String JOIN_CONDITION =
            "o.order_id = p.order_id AND p.pay_ts BETWEEN o.order_ts AND o.order_ts + INTERVAL 15 MINUTES";
    static final List<String> JOIN_COLUMNS =
            List.of("o.order_id", "o.customer_id", "o.amount", "o.order_ts", "p.payment_id", "p.paid", "p.pay_ts");
    /** The four stores of a stream-stream join (state format 2), in Spark's order. */
    static final List<String> JOIN_STORES = List.of("left-keyToNumValues", "left-keyWithIndexToValue",
            "right-keyToNumValues", "right-keyWithIndexToValue");

    private TopicSamples() {
    }

    static List<Sample> all() {
        return List.of(join("shop-join-inner", "inner"), join("shop-join-left-outer", "left_outer"), union());
    }

    /** The join query as PySpark spells it (and as the Java plan below builds it). */
    static String joinQuery(String joinType) {
        return "orders.withWatermark(\"order_ts\", \"10 minutes\").alias(\"o\")"
                + ".join(payments.withWatermark(\"pay_ts\", \"10 minutes\").alias(\"p\"), "
                + "expr(\"" + JOIN_CONDITION + "\"), \"" + joinType + "\")"
                + ".select(" + String.join(", ", JOIN_COLUMNS.stream().map(c -> "\"" + c + "\"").toList()) + ")";
    }

    private static Dataset<Row> joinPlan(Map<String, Dataset<Row>> in, String joinType) {
        Dataset<Row> orders = in.get(ShopStream.TOPIC).withWatermark("order_ts", "10 minutes").alias("o");
        Dataset<Row> payments = in.get(PAYMENTS).withWatermark("pay_ts", "10 minutes").alias("p");
        return orders.join(payments, expr(JOIN_CONDITION), joinType)
                .select(JOIN_COLUMNS.get(0), JOIN_COLUMNS.subList(1, JOIN_COLUMNS.size()).toArray(String[]::new));
    }

    private static Sample join(String name, String joinType) {
        boolean outer = !joinType.equals("inner");
        String kind = outer ? "left outer" : "inner";
        String title = "Orders joined with their payments (stream-stream " + kind + " join, append)";
        String description = "A stream-stream " + kind + " join of orders with the topic payments on order_id and "
                + "pay_ts BETWEEN order_ts AND order_ts + 15 minutes, each side with a 10-minute watermark, append "
                + "mode. Batch 0 joins order 110 with its payment; batch 1 joins order 112, kept in the join state "
                + "since batch 0, with its payment, and 114 with its own; batch 2 joins 150. Payment 7004 for order "
                + "111 comes 20.5 minutes after the order, outside the range, and payment 7001 is for no order. "
                + "The watermark is the smaller of the two sides': 08:53 in batch 1, 09:31 in batch 2 (09:57 after "
                + "batch 2). Batch 2 evicts the orders up to 09:16 and the payments up to 09:31 from the four stores "
                + "of state/0 (" + String.join(", ", JOIN_STORES) + ")"
                + (outer ? "; evicting order 111, never matched, emits it with null payment columns" : "")
                + ". Orders 113 and 151 stay in the state, never paid. No-data batches are off, so there are three "
                + "batches like in the other samples. The query, both schemas and the mode are in job.py.";
        List<StateRead> reads = new ArrayList<>(List.of(StateRead.joinSide("left"),
                StateRead.joinSide("right")));
        JOIN_STORES.forEach(store -> reads.add(StateRead.store(store)));
        return Sample.ofTopics(name, title, description, joinQuery(joinType), "append",
                        List.of(ShopStream.TOPIC, PAYMENTS), in -> joinPlan(in, joinType))
                .withSessionConf("spark.sql.streaming.noDataMicroBatches.enabled", "false")
                .withStateReads(reads);
    }

    static final String UNION_QUERY = "orders.select(\"customer_id\", \"amount\")"
            + ".unionByName(refunds.select(col(\"customer_id\"), (-col(\"amount\")).alias(\"amount\")))"
            + ".groupBy(\"customer_id\").sum(\"amount\").withColumnRenamed(\"sum(amount)\", \"net\")";

    private static Dataset<Row> unionPlan(Map<String, Dataset<Row>> in) {
        return in.get(ShopStream.TOPIC).select("customer_id", "amount")
                .unionByName(in.get(REFUNDS).select(col("customer_id"), negate(col("amount")).alias("amount")))
                .groupBy("customer_id").sum("amount").withColumnRenamed("sum(amount)", "net");
    }

    private static Sample union() {
        String description = "The orders' amounts and the refunds' amounts, negated, of the topic refunds in one "
                + "stream (unionByName), then the net amount per customer in update mode: each batch emits the "
                + "customers whose net changed, from an order or from a refund (batch 1: customer 2's order 114 "
                + "and customer 1's refund of order 112). One aggregation store, state/0 with 2 partitions. "
                + "The query, both schemas and the mode are in job.py.";
        return Sample.ofTopics("shop-union-refunds", "Net amount per customer: orders minus refunds (union, update)",
                description, UNION_QUERY, "update", List.of(ShopStream.TOPIC, REFUNDS), TopicSamples::unionPlan);
    }
}
