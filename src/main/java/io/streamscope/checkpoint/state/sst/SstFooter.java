package io.streamscope.checkpoint.state.sst;

/**
 * The fixed-size tail of a block-based SST file ({@code table/format.cc Footer}).
 *
 * <pre>
 * legacy (magic 0xdb4775248b80fb57, format_version 0), 48 bytes:
 *     metaindex handle, index handle (varints, zero-padded to 40 bytes) | magic (8, LE)
 * format_version 1–5, 53 bytes:
 *     checksum type (1) | metaindex handle, index handle (padded to 40) | format_version (4, LE) | magic (8, LE)
 * format_version ≥ 6, 53 bytes:
 *     checksum type (1) | extended magic 3e 00 7a 00 | footer checksum (4) | base context checksum (4)
 *     | metaindex size (4; the metaindex ends right before the footer) | 24 reserved bytes | format_version | magic
 *     (the index handle moves into the metaindex under "rocksdb.index")
 * </pre>
 *
 * @param formatVersion       the table format_version (0 for the legacy magic)
 * @param checksumType        0 none, 1 crc32c, 2 xxHash, 3 xxHash64, 4 XXH3 (legacy: crc32c)
 * @param footerOffset        where the footer starts
 * @param metaindexOffset     the metaindex block's offset
 * @param metaindexSize       the metaindex block's size (without trailer)
 * @param indexOffset         the index block's offset from the footer, or -1 (format_version ≥ 6: in the metaindex)
 * @param indexSize           its size, or -1
 * @param baseContextChecksum format_version ≥ 6: the per-file checksum context, else 0
 */
public record SstFooter(int formatVersion, int checksumType, long footerOffset, long metaindexOffset,
                        long metaindexSize, long indexOffset, long indexSize, int baseContextChecksum) {

    /** The block-based table magic number (format_version ≥ 1). */
    public static final long BLOCK_BASED_MAGIC = 0x88e241b785f4cff7L;
    /** The block-based table magic number of format_version 0 files. */
    public static final long LEGACY_BLOCK_BASED_MAGIC = 0xdb4775248b80fb57L;
    static final long PLAIN_TABLE_MAGIC = 0x8242229663bf9564L;
    static final long LEGACY_PLAIN_TABLE_MAGIC = 0x4f3418eb7a8f13b8L;
    static final long CUCKOO_TABLE_MAGIC = 0x926789d0c5f17873L;

    static final int LEGACY_LENGTH = 48;
    static final int LENGTH = 53;

    /** The newest format_version this reader knows (RocksDB 10/11 write 7 by default; Spark pins 5). */
    public static final int MAX_FORMAT_VERSION = 7;

    public String checksumName() {
        return Checksums.name(checksumType);
    }
}
