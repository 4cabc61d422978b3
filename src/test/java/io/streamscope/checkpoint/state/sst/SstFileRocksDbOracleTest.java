package io.streamscope.checkpoint.state.sst;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.SstFileReader;
import org.rocksdb.SstFileReaderIterator;
import org.rocksdb.StringAppendOperator;
import org.rocksdb.TableProperties;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every Spark-written SST file of the corpus, read by the pure-Java reader and by RocksDB itself
 * ({@code org.rocksdb.SstFileReader}, test scope only): the live keys and values of the file (the newest entry per
 * key within the file, merges applied with {@code StringAppendOperator}) must be the same, byte for byte and in the
 * same order, and the table properties must agree.
 */
class SstFileRocksDbOracleTest {

    @BeforeAll
    static void loadRocksDb() {
        RocksDB.loadLibrary();
    }

    @Test
    void theCorpusHasSparkWrittenSstFiles() {
        assertTrue(SstFixtures.sstFiles().size() >= 100, "expected the ~113 SST files of the 4.0 RocksDB fixtures");
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureSstMatchesRocksDb() {
        return SstFixtures.sstFiles().stream().map(file -> DynamicTest.dynamicTest(
                SstFixtures.CORPUS.relativize(file).toString(), () -> assertMatchesRocksDb(file)));
    }

    static void assertMatchesRocksDb(Path file) throws Exception {
        assertMatchesRocksDb(file, true);
    }

    static void assertMatchesRocksDb(Path file, boolean checksums) throws Exception {
        Map<String, String> expected = new LinkedHashMap<>();
        TableProperties props;
        try (StringAppendOperator append = new StringAppendOperator();
             Options options = new Options().setMergeOperator(append);
             SstFileReader reader = new SstFileReader(options)) {
            reader.open(file.toString());
            reader.verifyChecksum();
            props = reader.getTableProperties();
            try (ReadOptions readOptions = new ReadOptions(); SstFileReaderIterator it = reader.newIterator(readOptions)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    expected.put(hex(it.key()), hex(it.value()));
                }
                it.status();
            }
        }

        Map<String, String> actual = new LinkedHashMap<>();
        SnapshotMerger.Result result = SnapshotMerger.merge(List.of(file), (key, value) -> actual.put(hex(key), hex(value)));
        assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(actual.keySet()), "live keys, in order");
        assertEquals(expected, actual, "values");
        assertEquals(expected.size(), result.liveKeys());

        try (SstFile sst = SstFile.open(file)) {
            SstProperties mine = sst.properties();
            assertEquals(props.getNumEntries(), mine.numEntries(), "num_entries");
            assertEquals(props.getNumDeletions(), mine.numDeletions(), "num_deletions");
            assertEquals(props.getNumMergeOperands(), mine.numMergeOperands(), "num_merge_operands");
            assertEquals(props.getNumRangeDeletions(), mine.numRangeDeletions(), "num_range_deletions");
            assertEquals(props.getNumDataBlocks(), mine.numDataBlocks(), "num_data_blocks");
            assertEquals(props.getComparatorName(), mine.comparator());
            assertEquals(props.getMergeOperatorName(), mine.mergeOperator());
            assertEquals(props.getCompressionName(), mine.compression());
            assertEquals(new String(props.getColumnFamilyName(), java.nio.charset.StandardCharsets.UTF_8), mine.columnFamilyName());
            assertEquals(checksums, sst.checksumsVerified(), "block checksums verified");

            // every internal entry: as many as the properties count, each type counted as RocksDB counted it
            SstCursor cursor = sst.cursor();
            long entries = 0;
            long deletions = 0;
            long merges = 0;
            for (InternalEntry e; (e = cursor.next()) != null; ) {
                assertNotNull(e.value());
                entries++;
                if (e.isDeletion()) {
                    deletions++;
                } else if (e.type() == InternalEntry.TYPE_MERGE) {
                    merges++;
                }
            }
            assertEquals(mine.numEntries(), entries, "entries iterated");
            assertEquals(mine.numDeletions(), deletions, "deletions iterated");
            assertEquals(mine.numMergeOperands(), merges, "merge operands iterated");
            if (mine.numDataBlocks() > 0) { // RocksDB records 0 for files built with a compression dictionary
                assertEquals(mine.numDataBlocks(), cursor.dataBlocksRead(), "data blocks read");
            }
            assertEquals(mine.numRangeDeletions(), sst.rangeTombstones().size(), "range tombstones");
            assertFalse(sst.hasUnknownGlobalSequence());
        }
    }

    static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
