package io.streamscope.bench;

import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a large aggregation checkpoint in Spark's formats, for benchmarks: keys {@code struct<customer_id:long>},
 * values {@code struct<sum:long,count:long>} as UnsafeRows, in LZ4Block-compressed HDFS deltas framed like
 * {@code HDFSBackedStateStoreProvider}'s, plus offsets, commits and a v2 schema file.
 */
public final class SyntheticStateStore {

    private static final String KEY_SCHEMA = "{\"type\":\"struct\",\"fields\":[{\"name\":\"customer_id\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}";
    private static final String VALUE_SCHEMA = "{\"type\":\"struct\",\"fields\":[{\"name\":\"sum\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}},"
            + "{\"name\":\"count\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}";

    private SyntheticStateStore() {
    }

    /** The store's provider and the files it writes per partition and version. */
    enum Layout {
        /** {@code HDFSBackedStateStoreProvider}: {@code N.delta}. */
        HDFS("org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider", ".delta"),
        /**
         * The same with {@code spark.sql.streaming.stateStore.compression.codec=zstd}: Spark's {@code ZStdCompressionCodec}
         * writes zstd-jni's frames (level 1) behind a 32 KB buffer.
         */
        HDFS_ZSTD("org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider", ".delta"),
        /**
         * {@code RocksDBStateStoreProvider} with changelog checkpointing: {@code N.changelog} (v1, LZ4), keys and values
         * each behind the one-byte encoding version Spark 4's UnsafeRow encoder writes, as in {@code shop-totals-rocksdb}.
         */
        ROCKSDB_CHANGELOG("org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider", ".changelog");

        final String providerClass;
        final String suffix;

        Layout(String providerClass, String suffix) {
            this.providerClass = providerClass;
            this.suffix = suffix;
        }
    }

    /** Batch 0 puts every key; batches 1 and 2 update every tenth key of a partition. */
    public static void write(Path folder, int keys, int partitions) throws IOException {
        write(folder, keys, partitions, Layout.HDFS);
    }

    static void write(Path folder, int keys, int partitions, Layout layout) throws IOException {
        logs(folder, keys, partitions, 3, layout);
        for (int partition = 0; partition < partitions; partition++) {
            Path dir = Files.createDirectories(folder.resolve("state/0/" + partition));
            for (int version = 1; version <= 3; version++) {
                OutputStream file = Files.newOutputStream(dir.resolve(version + layout.suffix));
                try (DataOutputStream out = new DataOutputStream(layout == Layout.HDFS_ZSTD ? zstd(file) : lz4(file))) {
                    boolean rocksDb = layout == Layout.ROCKSDB_CHANGELOG;
                    for (long key = partition; key < keys; key += partitions) {
                        if (version == 1 || (key / partitions) % 10 == version) {
                            byte[] k = row(key);
                            byte[] v = row(key * version, version);
                            writeRecord(out, rocksDb ? versioned(k) : k, rocksDb ? versioned(v) : v);
                        }
                    }
                    out.writeInt(-1);
                }
            }
        }
        schema(folder);
    }

    /**
     * The layout of a store that has run for a while with Spark's defaults (HDFS): {@code versions} batches, version 1
     * putting every key and each later one updating a hundredth of a partition's keys, a snapshot of the whole
     * partition every ten versions (spark.sql.streaming.stateStore.minDeltasForSnapshot), every version kept
     * (minBatchesToRetain is 100). A read of the newest version takes its snapshot only.
     */
    static void writeHistory(Path folder, int keys, int partitions, int versions) throws IOException {
        logs(folder, keys, partitions, versions, Layout.HDFS);
        for (int partition = 0; partition < partitions; partition++) {
            Path dir = Files.createDirectories(folder.resolve("state/0/" + partition));
            int partitionKeys = (keys - partition + partitions - 1) / partitions;
            long[] sums = new long[partitionKeys];
            long[] counts = new long[partitionKeys];
            for (int version = 1; version <= versions; version++) {
                try (DataOutputStream out = new DataOutputStream(lz4(Files.newOutputStream(dir.resolve(version + ".delta"))))) {
                    for (int i = 0; i < partitionKeys; i++) {
                        if (version == 1 || i % 100 == version % 100) {
                            long key = partition + (long) i * partitions;
                            sums[i] += key;
                            counts[i]++;
                            writeRecord(out, row(key), row(sums[i], counts[i]));
                        }
                    }
                    out.writeInt(-1);
                }
                if (version % 10 == 0) {
                    try (DataOutputStream out = new DataOutputStream(lz4(Files.newOutputStream(dir.resolve(version + ".snapshot"))))) {
                        for (int i = 0; i < partitionKeys; i++) {
                            writeRecord(out, row(partition + (long) i * partitions), row(sums[i], counts[i]));
                        }
                        out.writeInt(-1);
                    }
                }
            }
        }
        schema(folder);
    }

    private static void logs(Path folder, int keys, int partitions, int batches, Layout layout) throws IOException {
        Files.writeString(folder.resolve("metadata"), "{\"id\":\"8d2f1c0e-4b7a-4e59-9a1d-5c3b2e1f0a99\"}");
        Files.createDirectories(folder.resolve("offsets"));
        Files.createDirectories(folder.resolve("commits"));
        for (int batch = 0; batch < batches; batch++) {
            Files.writeString(folder.resolve("offsets/" + batch), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":"
                    + (1769072400000L + batch) + ",\"conf\":{\"spark.sql.streaming.stateStore.providerClass\":\""
                    + layout.providerClass + "\",\"spark.sql.shuffle.partitions\":\"" + partitions + "\"}}\n"
                    + "{\"orders\":{\"0\":" + (batch + 1L) * keys + "}}");
            Files.writeString(folder.resolve("commits/" + batch), "v1\n{\"nextBatchWatermarkMs\":0}");
        }
    }

    private static void schema(Path folder) throws IOException {
        Path schema = Files.createDirectories(folder.resolve("state/0/0/_metadata")).resolve("schema");
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(schema))) {
            out.writeUTF("v2");
            for (String json : new String[]{KEY_SCHEMA, VALUE_SCHEMA}) {
                out.writeInt(1);
                out.writeUTF(json);
            }
        }
    }

    private static OutputStream lz4(OutputStream out) {
        return new LZ4BlockOutputStream(out, 32 * 1024, LZ4Factory.fastestInstance().fastCompressor(),
                XXHashFactory.fastestInstance().newStreamingHash32(0x9747b28c).asChecksum(), false);
    }

    private static OutputStream zstd(OutputStream out) throws IOException {
        return new java.io.BufferedOutputStream(new com.github.luben.zstd.ZstdOutputStreamNoFinalizer(out, 1), 32 * 1024);
    }

    private static void writeRecord(DataOutputStream out, byte[] key, byte[] value) throws IOException {
        out.writeInt(key.length);
        out.write(key);
        out.writeInt(value.length);
        out.write(value);
    }

    /** Spark 4's RocksDB encoder: the encoding version byte (0), then the UnsafeRow. */
    private static byte[] versioned(byte[] row) {
        byte[] bytes = new byte[row.length + 1];
        System.arraycopy(row, 0, bytes, 1, row.length);
        return bytes;
    }

    /** An UnsafeRow of long fields: an all-clear null bitset word, then one little-endian slot each. */
    static byte[] row(long... fields) {
        ByteBuffer row = ByteBuffer.allocate(8 + 8 * fields.length).order(ByteOrder.LITTLE_ENDIAN);
        row.putLong(0);
        for (long field : fields) {
            row.putLong(field);
        }
        return row.array();
    }

    public static String describe(int keys, int partitions) {
        return String.format("%,d keys over %d partitions", keys, partitions);
    }
}
