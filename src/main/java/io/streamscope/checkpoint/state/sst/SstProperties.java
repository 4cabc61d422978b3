package io.streamscope.checkpoint.state.sst;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The table properties of an SST file ({@code rocksdb.properties} meta block), raw and decoded. Numeric RocksDB
 * properties are varint64s, names/strings are raw bytes, user-collected ones are opaque (e.g. the index type is a
 * little-endian fixed32). Use them for diagnostics: the reader itself only needs the index encoding properties.
 */
public final class SstProperties {

    public static final String NUM_ENTRIES = "rocksdb.num.entries";
    public static final String NUM_DELETIONS = "rocksdb.deleted.keys";
    public static final String NUM_MERGE_OPERANDS = "rocksdb.merge.operands";
    public static final String NUM_RANGE_DELETIONS = "rocksdb.num.range-deletions";
    public static final String NUM_DATA_BLOCKS = "rocksdb.num.data.blocks";
    public static final String DATA_SIZE = "rocksdb.data.size";
    public static final String INDEX_SIZE = "rocksdb.index.size";
    public static final String INDEX_PARTITIONS = "rocksdb.index.partitions";
    public static final String RAW_KEY_SIZE = "rocksdb.raw.key.size";
    public static final String RAW_VALUE_SIZE = "rocksdb.raw.value.size";
    public static final String INDEX_KEY_IS_USER_KEY = "rocksdb.index.key.is.user.key";
    public static final String INDEX_VALUE_IS_DELTA_ENCODED = "rocksdb.index.value.is.delta.encoded";
    public static final String UDI_IS_PRIMARY_INDEX = "rocksdb.udi.is.primary.index";
    public static final String COMPARATOR = "rocksdb.comparator";
    public static final String MERGE_OPERATOR = "rocksdb.merge.operator";
    public static final String COMPRESSION = "rocksdb.compression";
    public static final String COMPRESSION_OPTIONS = "rocksdb.compression_options";
    public static final String COLUMN_FAMILY_NAME = "rocksdb.column.family.name";
    public static final String COLUMN_FAMILY_ID = "rocksdb.column.family.id";
    public static final String CREATION_TIME = "rocksdb.creation.time";
    public static final String FILE_CREATION_TIME = "rocksdb.file.creation.time";
    public static final String DB_ID = "rocksdb.creating.db.identity";
    public static final String DB_SESSION_ID = "rocksdb.creating.session.identity";
    public static final String ORIGINAL_FILE_NUMBER = "rocksdb.original.file.number";
    public static final String KEY_LARGEST_SEQNO = "rocksdb.key.largest.seqno";
    public static final String KEY_SMALLEST_SEQNO = "rocksdb.key.smallest.seqno";
    public static final String USER_DEFINED_TIMESTAMPS_PERSISTED = "rocksdb.user.defined.timestamps.persisted";
    public static final String SEPARATE_KEY_VALUE_IN_DATA_BLOCK = "rocksdb.separate.key.value.in.data.block";
    /** User-collected by the block-based table builder: fixed32 index type. */
    public static final String INDEX_TYPE = "rocksdb.block.based.table.index.type";
    public static final String EXTERNAL_SST_FILE_VERSION = "rocksdb.external_sst_file.version";
    public static final String EXTERNAL_SST_FILE_GLOBAL_SEQNO = "rocksdb.external_sst_file.global_seqno";

    /** The comparator Spark (and RocksDB by default) uses: unsigned bytewise. */
    public static final String BYTEWISE_COMPARATOR = "leveldb.BytewiseComparator";

    /** Index types ({@code BlockBasedTableOptions::IndexType}). */
    public static final int INDEX_BINARY_SEARCH = 0;
    public static final int INDEX_HASH_SEARCH = 1;
    public static final int INDEX_TWO_LEVEL = 2;
    public static final int INDEX_BINARY_SEARCH_WITH_FIRST_KEY = 3;

    private final Map<String, byte[]> raw;
    /** Where each property's value starts in the file (for the global seqno checksum rule), by name. */
    private final Map<String, Integer> valuePositions;

    SstProperties(Map<String, byte[]> raw, Map<String, Integer> valuePositions) {
        this.raw = Collections.unmodifiableMap(new TreeMap<>(raw));
        this.valuePositions = valuePositions;
    }

    static SstProperties empty() {
        return new SstProperties(Map.of(), Map.of());
    }

    /** Every property by name, values as stored. */
    public Map<String, byte[]> raw() {
        return raw;
    }

    /** A numeric RocksDB property (varint64), empty when absent or malformed. */
    public OptionalLong number(String name) {
        byte[] v = raw.get(name);
        if (v == null) {
            return OptionalLong.empty();
        }
        long result = 0;
        for (int i = 0, shift = 0; i < v.length && shift <= 63; i++, shift += 7) {
            result |= (long) (v[i] & 0x7f) << shift;
            if ((v[i] & 0x80) == 0) {
                return i == v.length - 1 ? OptionalLong.of(result) : OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    /** A string property, null when absent. */
    public String string(String name) {
        byte[] v = raw.get(name);
        return v == null ? null : new String(v, StandardCharsets.UTF_8);
    }

    public long numEntries() {
        return number(NUM_ENTRIES).orElse(-1);
    }

    public long numDeletions() {
        return number(NUM_DELETIONS).orElse(-1);
    }

    public long numMergeOperands() {
        return number(NUM_MERGE_OPERANDS).orElse(-1);
    }

    public long numRangeDeletions() {
        return number(NUM_RANGE_DELETIONS).orElse(0);
    }

    public long numDataBlocks() {
        return number(NUM_DATA_BLOCKS).orElse(-1);
    }

    public String comparator() {
        return string(COMPARATOR);
    }

    public String mergeOperator() {
        return string(MERGE_OPERATOR);
    }

    /** The compression name (format_version 7: {@code "<manager>;<hex type codes>;"}, before: e.g. "LZ4"). */
    public String compression() {
        return string(COMPRESSION);
    }

    public String columnFamilyName() {
        return string(COLUMN_FAMILY_NAME);
    }

    public boolean indexKeyIsUserKey() {
        return number(INDEX_KEY_IS_USER_KEY).orElse(0) != 0;
    }

    public boolean indexValueIsDeltaEncoded() {
        return number(INDEX_VALUE_IS_DELTA_ENCODED).orElse(0) != 0;
    }

    /** The index type (0 binary search, 1 hash, 2 two-level/partitioned, 3 binary search with first key). */
    public int indexType() {
        byte[] v = raw.get(INDEX_TYPE);
        return v == null || v.length < 4 ? INDEX_BINARY_SEARCH : Bytes.le32(v, 0);
    }

    /** The external (ingested) file version, 0 for files RocksDB wrote itself. */
    public int externalFileVersion() {
        byte[] v = raw.get(EXTERNAL_SST_FILE_VERSION);
        return v == null || v.length < 4 ? 0 : Bytes.le32(v, 0);
    }

    /** The global sequence number property of an ingested file (0 = none written into the file). */
    public long externalGlobalSequence() {
        byte[] v = raw.get(EXTERNAL_SST_FILE_GLOBAL_SEQNO);
        return v == null || v.length < 8 ? 0 : Bytes.le64(v, 0);
    }

    Integer valuePosition(String name) {
        return valuePositions.get(name);
    }

    @Override
    public String toString() {
        return "entries=" + numEntries() + " deletions=" + numDeletions() + " merges=" + numMergeOperands()
                + " rangeDeletions=" + numRangeDeletions() + " dataBlocks=" + numDataBlocks()
                + " comparator=" + comparator() + " mergeOperator=" + mergeOperator() + " compression=" + compression()
                + " indexType=" + indexType() + " columnFamily=" + columnFamilyName();
    }
}
