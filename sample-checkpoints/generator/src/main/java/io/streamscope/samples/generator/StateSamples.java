package io.streamscope.samples.generator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.streamscope.samples.generator.Generator.MAINTENANCE_INTERVAL;
import static io.streamscope.samples.generator.Generator.PROVIDER_CLASS;

/**
 * The samples that exist for their state files: shop-totals-update with other state compression codecs, and
 * transformWithState on RocksDB. Each of them also gets a {@code state-ground-truth.json}.
 */
final class StateSamples {

    /** The codecs of the state-codec-* samples ({@code spark.sql.streaming.stateStore.compression.codec}). */
    static final List<String> CODECS = List.of("zstd", "snappy", "lzf");

    private StateSamples() {
    }

    /** state-codec-zstd, -snappy, -lzf: shop-totals-update with each codec. */
    static List<Sample> codecs(Sample totalsUpdate) {
        return CODECS.stream().map(codec -> stateCodec(totalsUpdate, codec)).toList();
    }

    /** shop-tws and shop-tws-avro: the same processor, the state rows encoded as UnsafeRow or as Avro. */
    static List<Sample> transformWithState() {
        return List.of(transformWithState("shop-tws", "unsaferow"), transformWithState("shop-tws-avro", "avro"));
    }

    /** shop-totals-update, its HDFS state files compressed with another codec than Spark's default lz4. */
    private static Sample stateCodec(Sample totalsUpdate, String codec) {
        String description = "shop-totals-update (the same query, update mode and HDFS state store) with "
                + "spark.sql.streaming.stateStore.compression.codec=" + codec + ": every "
                + "state/0/<partition>/<version>.delta is " + codecStream(codec) + " around the usual record stream. "
                + "state-ground-truth.json holds what Spark's State Data Source reads for every batch.";
        return totalsUpdate.renamed("state-codec-" + codec, "Totals per customer, state compressed with " + codec,
                        description)
                .withSessionConf("spark.sql.streaming.stateStore.compression.codec", codec)
                .withStateReads(List.of(StateRead.defaultStore()));
    }

    private static String codecStream(String codec) {
        return switch (codec) {
            case "zstd" -> "a zstd frame (magic 28 b5 2f fd)";
            case "snappy" -> "a snappy-java SnappyOutputStream stream (header 82 53 4e 41 50 50 59 00)";
            case "lzf" -> "a sequence of LZF chunks (each starting with \"ZV\", 5a 56)";
            default -> throw new IllegalArgumentException(codec);
        };
    }

    /**
     * {@link CustomerActivityProcessor} on the RocksDB state store with changelog checkpointing, its state rows encoded
     * as {@code encodingFormat} (unsaferow or avro).
     */
    private static Sample transformWithState(String name, String encodingFormat) {
        String title = "Customer activity with transformWithState (RocksDB, " + encodingFormat + " state encoding)";
        String description = "transformWithState on the RocksDB state store, changelog checkpointing on, state rows "
                + "encoded as " + encodingFormat + " (spark.sql.streaming.stateStore.encodingFormat). The orders "
                + "grouped by customer_id go through a Java StatefulProcessor in processing-time mode, update mode. "
                + "Its state variables, each a column family of the store in state/0/<partition>: totalCents, "
                + "ValueState<Long>, the running total in cents; recentOrderIds, ListState<Integer>, the last 2 order "
                + "ids (customer 1's third order, 151 in batch 2, rewrites the list without 110); ordersPerHour, "
                + "MapState<String, Long> with a 30-day TTL, orders per hour of order_ts such as \"2026-01-22T09\" "
                + "(batch 2's 10 o'clock orders remove customers 1 and 3's 09 entries); lastOrder, ValueState of a "
                + "struct (amountCents BIGINT, orderId INT, orderTs TIMESTAMP) with a 30-day TTL; and one "
                + "processing-time timer per customer, 7 days after the batch of its latest order (moved by every "
                + "batch that has orders of the customer; none fires during the run). TTL expiry times and timers "
                + "follow the batch timestamps, so they differ from one generation to the next. "
                + "state-ground-truth.json holds what Spark's State Data Source reads for every batch and every state "
                + "variable.";
        String processor = CustomerActivityProcessor.CODE + ". For each customer with orders in the batch it adds "
                + "their amounts to totalCents, appends their ids to recentOrderIds (keeping the last 2), counts them "
                + "in ordersPerHour by hour of order_ts (removing earlier hours), keeps the latest in lastOrder, moves "
                + "the customer's timer to 7 days after the batch timestamp, and emits one row: "
                + CustomerActivityProcessor.OUTPUT_DDL + ".";
        return Sample.ofProcessor(name, title, description, processor, "update", CustomerActivityProcessor::apply)
                .withSessionConf(rocksDbConf(encodingFormat))
                .withStateReads(CustomerActivityProcessor.stateReads());
    }

    /**
     * RocksDB with changelog checkpointing, and a snapshot ({@code .zip}) for every version (the maintenance task
     * writes them; the generator waits for them). No-data batches are off: a processing-time transformWithState would
     * otherwise ask for one after every batch.
     */
    private static Map<String, String> rocksDbConf(String encodingFormat) {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put(PROVIDER_CLASS, "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider");
        conf.put("spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled", "true");
        conf.put("spark.sql.streaming.stateStore.encodingFormat", encodingFormat);
        conf.put("spark.sql.streaming.stateStore.minDeltasForSnapshot", "1");
        conf.put(MAINTENANCE_INTERVAL, "1s");
        conf.put("spark.sql.streaming.noDataMicroBatches.enabled", "false");
        return conf;
    }
}
