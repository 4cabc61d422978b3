package io.streamscope.samples.generator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.streamscope.samples.generator.Generator.MAINTENANCE_INTERVAL;
import static io.streamscope.samples.generator.Generator.PROVIDER_CLASS;

/**
 * The samples that exist for their state files: shop-totals-update with other state compression codecs, and
 * shop-totals-update and shop-windowed on RocksDB with and without changelog checkpointing, and transformWithState on
 * RocksDB. Each of them also gets a {@code state-ground-truth.json}.
 */
final class StateSamples {

    /** The codecs of the state-codec-* samples ({@code spark.sql.streaming.stateStore.compression.codec}). */
    static final List<String> CODECS = List.of("zstd", "snappy", "lzf");

    static final String ROCKSDB_PROVIDER = "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider";
    static final String CHANGELOG = "spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled";
    static final String MIN_DELTAS_FOR_SNAPSHOT = "spark.sql.streaming.stateStore.minDeltasForSnapshot";

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
     * shop-totals-update and shop-windowed on the RocksDB state store, changelog checkpointing on
     * ({@code shop-totals-rocksdb}, {@code shop-windowed-rocksdb}) and off ({@code …-snapshots}). Every other RocksDB
     * setting is Spark's default: with changelogs, {@code minDeltasForSnapshot} is 10, so three batches write
     * {@code 1..3.changelog} and no snapshot; without, every commit uploads {@code <version>.zip}. The changelog
     * samples record Spark's change feed for batches 0–2; the snapshot-only ones record how Spark fails to read one (no
     * up-front refusal in 4.0.1: the read plans, then every task fails on the missing {@code 1.changelog}).
     */
    static List<Sample> rocksDb(Sample totalsUpdate, Sample windowed) {
        String totals = "shop-totals-update (the same query and update mode: each batch emits the customers whose "
                + "total changed) on the RocksDB state store (spark.sql.streaming.stateStore.providerClass="
                + "RocksDBStateStoreProvider), ";
        String windows = "shop-windowed (the same windowed count on order_ts with a 5-minute watermark, append mode, "
                + "no-data batches off) on the RocksDB state store (spark.sql.streaming.stateStore.providerClass="
                + "RocksDBStateStoreProvider), ";
        String windowsState = " Batch 0 puts the windows 09:00-09:10 and 09:10-09:20 (2 orders each) in the state; "
                + "batch 1 (watermark 09:13) adds 09:40-09:50, emits 09:00-09:10 and deletes it from the state; "
                + "batch 2 (watermark 09:36) adds 10:00-10:10, emits 09:10-09:20 and deletes it.";
        String changelog = "changelog checkpointing on (spark.sql.streaming.stateStore.rocksdb."
                + "changelogCheckpointing.enabled=true), everything else at Spark's defaults: each partition of "
                + "state/0 has 1.changelog, 2.changelog and 3.changelog (version N+1 written by batch N) and no "
                + "snapshot (.zip), since minDeltasForSnapshot is 10.";
        String snapshots = "changelog checkpointing off (Spark's default RocksDB set-up): each partition of state/0 "
                + "has a snapshot per version, 1.zip, 2.zip and 3.zip (version N+1 written by batch N), and no "
                + ".changelog file; the SST files the zips refer to are in SSTs/.";
        String changelogTruth = " state-ground-truth.json holds what Spark's State Data Source reads for every batch, "
                + "and its change feed for batches 0 to 2 (readChangeFeed).";
        String snapshotsTruth = " state-ground-truth.json holds what Spark's State Data Source reads for every batch, "
                + "and what it says when asked for the change feed of batches 0 to 2 (readChangeFeed): it takes the "
                + "options, then its tasks fail looking for state/0/<partition>/1.changelog "
                + "(CANNOT_LOAD_STATE_STORE.CANNOT_READ_STREAMING_STATE_FILE).";
        return List.of(
                rocksDb(totalsUpdate, "shop-totals-rocksdb", "Totals per customer on RocksDB (changelog checkpointing)",
                        totals + changelog + changelogTruth, true),
                rocksDb(totalsUpdate, "shop-totals-rocksdb-snapshots",
                        "Totals per customer on RocksDB (snapshots only)", totals + snapshots + snapshotsTruth, false),
                rocksDb(windowed, "shop-windowed-rocksdb",
                        "Orders per 10-minute window on RocksDB (changelog checkpointing)",
                        windows + changelog + windowsState + changelogTruth, true),
                rocksDb(windowed, "shop-windowed-rocksdb-snapshots",
                        "Orders per 10-minute window on RocksDB (snapshots only)",
                        windows + snapshots + windowsState + snapshotsTruth, false));
    }

    private static Sample rocksDb(Sample base, String name, String title, String description, boolean changelog) {
        return base.renamed(name, title, description)
                .withSessionConf(PROVIDER_CLASS, ROCKSDB_PROVIDER)
                .withSessionConf(CHANGELOG, Boolean.toString(changelog))
                .withStateReads(List.of(StateRead.defaultStore(), StateRead.changeFeed(0, 2)));
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
        conf.put(PROVIDER_CLASS, ROCKSDB_PROVIDER);
        conf.put(CHANGELOG, "true");
        conf.put("spark.sql.streaming.stateStore.encodingFormat", encodingFormat);
        conf.put(MIN_DELTAS_FOR_SNAPSHOT, "1");
        conf.put(MAINTENANCE_INTERVAL, "1s");
        conf.put("spark.sql.streaming.noDataMicroBatches.enabled", "false");
        return conf;
    }
}
