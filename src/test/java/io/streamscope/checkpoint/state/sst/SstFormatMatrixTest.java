package io.streamscope.checkpoint.state.sst;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ChecksumType;
import org.rocksdb.CompressionOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DataBlockIndexType;
import org.rocksdb.FlushOptions;
import org.rocksdb.IndexType;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import org.rocksdb.StringAppendOperator;
import org.rocksdb.WriteOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The table options a Spark user can set ({@code spark.sql.streaming.stateStore.rocksdb.compression},
 * {@code .formatVersion}, ...) and the RocksDB defaults of other versions (checksum type, index type), which the
 * Spark 4.0 fixtures do not cover: a real RocksDB (rocksdbjni, test scope) writes a database with Spark's settings
 * (StringAppendOperator, no WAL, a flush per "batch", bloom filter) and a workload of puts, overwrites, deletes,
 * range deletes and merges across several SST files; the merged SSTs must equal what RocksDB's own iterator shows.
 *
 * <p>These files are written by RocksDB here, not by Spark: they test format coverage, while the Spark-written
 * fixtures test what Spark actually produces.
 */
class SstFormatMatrixTest {

    @TempDir
    Path tmp;

    record Config(String name, int formatVersion, CompressionType compression, ChecksumType checksum, IndexType index,
                  boolean dataBlockHash, int restartInterval, int indexRestartInterval, long blockSize, boolean compact,
                  boolean dictionary) {
    }

    private static final List<Config> CONFIGS = List.of(
            new Config("spark-default-v5-lz4-xxh3", 5, CompressionType.LZ4_COMPRESSION, ChecksumType.kXXH3, IndexType.kBinarySearch, false, 16, 1, 4096, false, false),
            new Config("v2-snappy-crc32c", 2, CompressionType.SNAPPY_COMPRESSION, ChecksumType.kCRC32c, IndexType.kBinarySearch, false, 16, 1, 4096, false, false),
            new Config("v3-zlib-xxhash32-restart4", 3, CompressionType.ZLIB_COMPRESSION, ChecksumType.kxxHash, IndexType.kBinarySearch, false, 4, 1, 2048, false, false),
            new Config("v4-zstd-xxhash64-index-restart8", 4, CompressionType.ZSTD_COMPRESSION, ChecksumType.kxxHash64, IndexType.kBinarySearch, false, 16, 8, 1024, false, false),
            new Config("v5-lz4hc-partitioned-index", 5, CompressionType.LZ4HC_COMPRESSION, ChecksumType.kXXH3, IndexType.kTwoLevelIndexSearch, false, 16, 2, 512, false, false),
            new Config("v6-none-index-with-first-key", 6, CompressionType.NO_COMPRESSION, ChecksumType.kCRC32c, IndexType.kBinarySearchWithFirstKey, false, 1, 4, 1024, false, false),
            new Config("v7-zstd-hash-index-data-block-hash", 7, CompressionType.ZSTD_COMPRESSION, ChecksumType.kXXH3, IndexType.kHashSearch, true, 16, 1, 4096, false, false),
            new Config("v6-lz4-64k-blocks-compacted", 6, CompressionType.LZ4_COMPRESSION, ChecksumType.kXXH3, IndexType.kBinarySearch, false, 16, 1, 65536, true, false),
            new Config("v5-lz4-no-checksum", 5, CompressionType.LZ4_COMPRESSION, ChecksumType.kNoChecksum, IndexType.kBinarySearch, false, 16, 1, 4096, false, false),
            new Config("v7-zstd-dictionary-compacted", 7, CompressionType.ZSTD_COMPRESSION, ChecksumType.kXXH3, IndexType.kBinarySearch, false, 16, 1, 4096, true, true),
            new Config("v7-twolevel-snappy-compacted", 7, CompressionType.SNAPPY_COMPRESSION, ChecksumType.kxxHash64, IndexType.kTwoLevelIndexSearch, true, 8, 4, 256, true, false));

    @BeforeAll
    static void loadRocksDb() {
        RocksDB.loadLibrary();
    }

    @TestFactory
    Stream<DynamicTest> rocksDbWrittenTablesMergeLikeRocksDb() {
        return CONFIGS.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> assertMergeMatches(c)));
    }

    @TestFactory
    Stream<DynamicTest> unsupportedCompressionIsAClearError() {
        return Stream.of(DynamicTest.dynamicTest("bzip2", () -> {
            Config c = new Config("bzip2", 5, CompressionType.BZLIB2_COMPRESSION, ChecksumType.kXXH3, IndexType.kBinarySearch,
                    false, 16, 1, 4096, false, false);
            Written written = write(c, tmp.resolve(c.name()));
            SstMergeException e = assertThrows(SstMergeException.class, () -> SnapshotMerger.merge(written.ssts()));
            assertTrue(e.getMessage().contains("bzip2"), e.getMessage());
        }));
    }

    @org.junit.jupiter.api.Test
    void filesOfDifferentColumnFamiliesAreNotMerged() throws Exception {
        Path dir = tmp.resolve("two-column-families");
        List<Path> ssts = new ArrayList<>();
        try (StringAppendOperator append = new StringAppendOperator();
             org.rocksdb.DBOptions dbOptions = new org.rocksdb.DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
             org.rocksdb.ColumnFamilyOptions cfOptions = new org.rocksdb.ColumnFamilyOptions().setMergeOperator(append);
             FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            List<org.rocksdb.ColumnFamilyDescriptor> descriptors = List.of(
                    new org.rocksdb.ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, cfOptions),
                    new org.rocksdb.ColumnFamilyDescriptor("other".getBytes(java.nio.charset.StandardCharsets.UTF_8), cfOptions));
            List<org.rocksdb.ColumnFamilyHandle> handles = new ArrayList<>();
            try (RocksDB db = RocksDB.open(dbOptions, dir.toString(), descriptors, handles)) {
                for (org.rocksdb.ColumnFamilyHandle handle : handles) {
                    db.put(handle, new byte[]{0, 1}, new byte[]{2});
                    db.flush(flush, handle);
                }
                for (LiveFileMetaData file : db.getLiveFilesMetaData()) {
                    ssts.add(Path.of(file.path(), file.fileName()));
                }
                handles.forEach(org.rocksdb.ColumnFamilyHandle::close);
            }
        }
        assertEquals(2, ssts.size());
        SstMergeException e = assertThrows(SstMergeException.class, () -> SnapshotMerger.merge(ssts));
        assertTrue(e.getMessage().contains("column famil"), e.getMessage());
        assertEquals(1, SnapshotMerger.merge(ssts.subList(0, 1)).size());
    }

    private void assertMergeMatches(Config config) throws Exception {
        Written written = write(config, tmp.resolve(config.name()));
        assertTrue(written.ssts().size() >= (config.compact() ? 2 : 3), "several SST files: " + written.ssts());

        Map<String, String> actual = new LinkedHashMap<>();
        SnapshotMerger.Result result = SnapshotMerger.merge(written.ssts(), (k, v) -> actual.put(hex(k), hex(v)));
        assertEquals(new ArrayList<>(written.expected().keySet()), new ArrayList<>(actual.keySet()), "keys, in order");
        assertEquals(written.expected(), actual, "values");
        assertTrue(result.mergedKeys() > 0, "merge operands were applied: " + result);
        assertTrue(result.deletedKeys() > 0, "deletions were applied: " + result);

        boolean sawRangeDeletion = false;
        boolean sawDictionary = false;
        for (Path sst : written.ssts()) {
            try (SstFile file = SstFile.open(sst)) {
                assertEquals(config.formatVersion(), file.footer().formatVersion(), sst.toString());
                assertEquals(config.checksum() != ChecksumType.kNoChecksum, file.checksumsVerified());
                if (config.index() == IndexType.kTwoLevelIndexSearch) {
                    assertEquals(SstProperties.INDEX_TWO_LEVEL, file.properties().indexType());
                }
                sawDictionary |= file.metaBlocks().containsKey(SstFile.COMPRESSION_DICT_BLOCK);
                sawRangeDeletion |= !file.rangeTombstones().isEmpty();
                SstCursor cursor = file.cursor();
                while (cursor.next() != null) {
                    // read every block
                }
                if (config.compression() != CompressionType.NO_COMPRESSION) {
                    assertTrue(file.decompressedBlocks() > 0, "blocks were stored compressed in " + sst);
                }
                if (file.rangeTombstones().isEmpty()) {
                    // single file against RocksDB's SstFileReader (which does not apply range deletions itself)
                    SstFileRocksDbOracleTest.assertMatchesRocksDb(sst, config.checksum() != ChecksumType.kNoChecksum);
                }
            }
        }
        if (!config.compact()) {
            assertTrue(sawRangeDeletion, "the workload's range deletion reached an SST file");
        }
        assertEquals(config.dictionary(), sawDictionary, "a compression dictionary exactly when configured");
    }

    record Written(List<Path> ssts, Map<String, String> expected) {
    }

    /** A database with Spark's RocksDB settings and the config's table options, after a seeded workload. */
    private static Written write(Config c, Path dir) throws Exception {
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setFormatVersion(c.formatVersion())
                .setChecksumType(c.checksum())
                .setIndexType(c.index())
                .setDataBlockIndexType(c.dataBlockHash() ? DataBlockIndexType.kDataBlockBinaryAndHash : DataBlockIndexType.kDataBlockBinarySearch)
                .setBlockRestartInterval(c.restartInterval())
                .setIndexBlockRestartInterval(c.indexRestartInterval())
                .setBlockSize(c.blockSize())
                .setMetadataBlockSize(128)
                .setFilterPolicy(new BloomFilter(10));
        Random random = new Random(c.name().hashCode());
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            byte[] key = new byte[2 + random.nextInt(40)];
            random.nextBytes(key);
            key[0] = 0;
            key[1] = (byte) random.nextInt(6); // a few shared prefixes
            keys.add(key);
        }
        Map<String, String> expected = new LinkedHashMap<>();
        List<Path> ssts = new ArrayList<>();
        try (StringAppendOperator append = new StringAppendOperator();
             CompressionOptions compressionOptions = new CompressionOptions();
             Options options = new Options().setCreateIfMissing(true).setMergeOperator(append)
                     .setDisableAutoCompactions(true).setCompressionType(c.compression()).setTableFormatConfig(table);
             WriteOptions writeOptions = new WriteOptions().setDisableWAL(true);
             FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            if (c.dictionary()) {
                compressionOptions.setMaxDictBytes(8 * 1024).setZStdMaxTrainBytes(64 * 1024);
                options.setCompressionOptions(compressionOptions);
            }
            if (c.index() == IndexType.kHashSearch) {
                options.useFixedLengthPrefixExtractor(2);
            }
            try (RocksDB db = RocksDB.open(options, dir.toString())) {
                int rounds = c.compact() ? 6 : 5;
                for (int round = 0; round < rounds; round++) {
                    for (int op = 0; op < 700; op++) {
                        byte[] key = keys.get(random.nextInt(keys.size()));
                        int kind = random.nextInt(100);
                        if (kind < 50) {
                            db.put(writeOptions, key, value(random, random.nextInt(100) < 3 ? 3000 + random.nextInt(6000) : random.nextInt(120)));
                        } else if (kind < 65) {
                            db.delete(writeOptions, key);
                        } else {
                            db.merge(writeOptions, key, value(random, 1 + random.nextInt(20)));
                        }
                    }
                    if (round == 2) {
                        byte[] from = keys.get(random.nextInt(keys.size()));
                        byte[] to = from.clone();
                        to[1] = (byte) (to[1] + 1);
                        db.deleteRange(writeOptions, from, to);
                    }
                    db.flush(flush);
                    if (c.compact() && round == rounds - 2) {
                        db.compactRange();
                    }
                }
                try (RocksIterator it = db.newIterator()) {
                    for (it.seekToFirst(); it.isValid(); it.next()) {
                        expected.put(hex(it.key()), hex(it.value()));
                    }
                    it.status();
                }
                for (LiveFileMetaData file : db.getLiveFilesMetaData()) {
                    ssts.add(Path.of(file.path(), file.fileName()));
                }
            }
        }
        return new Written(ssts, expected);
    }

    /** Compressible bytes (runs from a small alphabet), so that blocks are stored compressed. */
    private static byte[] value(Random random, int length) {
        byte[] value = new byte[length];
        for (int i = 0; i < length; ) {
            byte b = (byte) ('a' + random.nextInt(4));
            for (int run = 1 + random.nextInt(12); run > 0 && i < length; run--) {
                value[i++] = b;
            }
        }
        return value;
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
