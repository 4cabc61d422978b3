package io.streamscope.samples.generator;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

import java.util.List;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.session_window;
import static org.apache.spark.sql.functions.sum;

/**
 * Session windows per customer over {@code orders}, in append mode ({@code shop-sessions}) and in complete mode
 * ({@code shop-sessions-complete}): {@code session_window(order_ts, GAP)} with a 10-minute watermark, the orders and
 * their total per session, HDFS state store, no-data batches off (three batches like the other samples).
 *
 * <p>There is no update-mode sample: Spark 4.0.1 rejects update mode for session windows when the query starts
 * ({@code UnsupportedOperationChecker}: "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode:
 * update. This output mode is not supported for session window streaming aggregations"), and its
 * {@code SessionWindowStateStoreSaveExec} only has append and complete.
 *
 * <p>The gap is 15 minutes, not 5: the shop's orders of one customer are never 5 (nor 10) minutes apart (customer 1's
 * 09:01 and 09:12 are 11 minutes apart), so a shorter gap would give one session per order. With 15 minutes customer
 * 1's orders 110 and 112 make one session, 09:01–09:27, in batch 0. Their sidecars name the topic file only; the
 * query, the schema and the mode are in their job.py.
 */
final class SessionSamples {

    static final String GAP = "15 minutes";
    static final String DELAY = "10 minutes";
    static final String QUERY = "orders.withWatermark(\"order_ts\", \"" + DELAY + "\")"
            + ".groupBy(session_window(col(\"order_ts\"), \"" + GAP + "\"), col(\"customer_id\"))"
            + ".agg(count(\"*\").alias(\"orders\"), sum_(\"amount\").alias(\"total\"))";

    private SessionSamples() {
    }

    static List<Sample> all() {
        return List.of(sessions("shop-sessions", "append"), sessions("shop-sessions-complete", "complete"));
    }

    private static Dataset<Row> plan(Dataset<Row> orders) {
        return orders.withWatermark("order_ts", DELAY)
                .groupBy(session_window(col("order_ts"), GAP), col("customer_id"))
                .agg(count("*").alias("orders"), sum("amount").alias("total"));
    }

    private static Sample sessions(String name, String outputMode) {
        boolean append = outputMode.equals("append");
        String title = "Sessions per customer (15-minute gap, 10-minute watermark, " + outputMode + ")";
        String common = "Session windows on order_ts with a 15-minute gap per customer_id, a 10-minute watermark, "
                + "the number of orders and their total per session, " + outputMode + " mode. Customer 1's orders "
                + "110 (09:01) and 112 (09:12) are one session, 09:01-09:27, in batch 0; every other order starts "
                + "a session of its own. The watermark is 09:08 in batch 1, 09:31 in batch 2 and 09:57 after "
                + "batch 2. ";
        String mode = append
                ? "A session is emitted once the watermark passes its end: batches 0 and 1 emit nothing, batch 2 "
                        + "(watermark 09:31) emits customer 1's 09:01-09:27 (2 orders, 37.50) and customer 2's "
                        + "09:04:30-09:19:30 and evicts them from the state; customer 3's 09:18-09:33 stays. "
                : "Each batch emits the whole result table, every session so far: 3 in batch 0, 4 in batch 1, 6 in "
                        + "batch 2. Complete mode never evicts, so the state keeps every session whatever the "
                        + "watermark. (Update mode is not an option: Spark rejects it for session windows.) ";
        String description = common + mode + "The HDFS state store keeps the sessions in state/0 (2 partitions), "
                + "keyed by customer_id and session start. No-data batches are off, so there are three batches like "
                + "in the other samples. state-ground-truth.json holds what Spark's State Data Source reads for "
                + "every batch. The query, the schema and the mode are in job.py.";
        return Sample.ofJob(name, title, description, QUERY, outputMode, SessionSamples::plan)
                .withSessionConf("spark.sql.streaming.noDataMicroBatches.enabled", "false")
                .withStateReads(List.of(StateRead.defaultStore()));
    }
}
