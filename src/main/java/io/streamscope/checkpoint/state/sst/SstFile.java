package io.streamscope.checkpoint.state.sst;

import io.streamscope.checkpoint.state.StateFileException;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A RocksDB block-based table (SST file), read in place without RocksDB: footer, metaindex, table properties,
 * index (plain, hash, with first key, or two-level/partitioned) and data blocks, with block checksums verified
 * and blocks decompressed one at a time. {@link #cursor()} streams every internal entry — deletions, merge operands
 * and overwritten versions included — in file order; {@link #rangeTombstones()} gives the range deletions.
 *
 * <p>Nothing is written anywhere and the file is only opened for reading. Damage is a {@link StateFileException}
 * whose {@link StateFileException#offset() offset} is the byte of the file where it was found (for a damaged
 * compressed block: the block's offset, the position inside its contents in the message); sizes are checked
 * before anything is allocated and no block may exceed {@link #MAX_BLOCK_BYTES}.
 *
 * <p>Reads are positional, so several cursors of one file may be used at once, each by one thread. Close the file
 * when done (its cursors then fail).
 */
public final class SstFile implements Closeable {

    /** No block (stored or decompressed) may be larger: Spark's blocks are 4 KiB by default. */
    public static final int MAX_BLOCK_BYTES = 64 * 1024 * 1024;

    static final int BLOCK_TRAILER_SIZE = 5;

    static final String PROPERTIES_BLOCK = "rocksdb.properties";
    static final String PROPERTIES_BLOCK_OLD = "rocksdb.stats";
    static final String INDEX_BLOCK = "rocksdb.index";
    static final String RANGE_DEL_BLOCK = "rocksdb.range_del";
    static final String RANGE_DEL_BLOCK_OLD = "rocksdb.range_del.ok";
    static final String COMPRESSION_DICT_BLOCK = "rocksdb.compression_dict";

    private static final int MAX_META_BLOCKS = 100_000;

    private final Path path;
    private final FileChannel channel;
    private final long fileSize;
    private final ChecksumMismatchHandler onMismatch;
    private final SstFooter footer;
    private final Map<String, BlockHandle> metaBlocks;
    private final SstProperties properties;
    private final BlockHandle indexHandle;
    private final byte[] compressionDictionary;
    private final long globalSequence;
    /** Blocks decompressed so far (diagnostics and tests; not synchronized). */
    private long decompressedBlocks;

    private SstFile(Path path, FileChannel channel, ChecksumMismatchHandler onMismatch)
            throws IOException, StateFileException {
        this.path = path;
        this.channel = channel;
        this.onMismatch = onMismatch;
        this.fileSize = channel.size();
        this.footer = readFooter();
        this.metaBlocks = readMetaindex();
        this.properties = readProperties();
        this.indexHandle = findIndex();
        BlockHandle dict = metaBlocks.get(COMPRESSION_DICT_BLOCK);
        this.compressionDictionary = dict == null ? null : readContents(dict, "compression dictionary");
        this.globalSequence = properties.externalFileVersion() >= 2 && properties.externalGlobalSequence() != 0
                ? properties.externalGlobalSequence() : -1;
        if (globalSequence > InternalEntry.MAX_SEQUENCE) {
            throw new StateFileException(fileSize - 1, "global sequence number " + globalSequence + " is out of range");
        }
    }

    /** Opens an SST file; a block checksum mismatch is thrown ({@link ChecksumMismatchHandler#STRICT}). */
    public static SstFile open(Path file) throws IOException, StateFileException {
        return open(file, ChecksumMismatchHandler.STRICT);
    }

    /**
     * Opens an SST file, reading its footer, metaindex and properties (a few small blocks).
     *
     * @param onMismatch called for every block whose checksum does not match; it may throw or record and return
     */
    public static SstFile open(Path file, ChecksumMismatchHandler onMismatch) throws IOException, StateFileException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            return new SstFile(file, channel, onMismatch);
        } catch (IOException | StateFileException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    public Path path() {
        return path;
    }

    public long size() {
        return fileSize;
    }

    public SstFooter footer() {
        return footer;
    }

    public SstProperties properties() {
        return properties;
    }

    /** The meta blocks the metaindex lists (properties, filter, range deletions, ...), by name, in file order. */
    public Map<String, Long> metaBlocks() {
        Map<String, Long> offsets = new LinkedHashMap<>();
        metaBlocks.forEach((name, handle) -> offsets.put(name, handle.offset()));
        return Collections.unmodifiableMap(offsets);
    }

    /** Whether block checksums are verified: false for files without checksums or with XXH3 ones. */
    public boolean checksumsVerified() {
        return Checksums.canVerify(footer.checksumType());
    }

    /** Whether keys are ordered by RocksDB's default bytewise comparator (Spark's), the only order merges accept. */
    public boolean isBytewiseOrdered() {
        String comparator = properties.comparator();
        return comparator == null || comparator.equals(SstProperties.BYTEWISE_COMPARATOR);
    }

    /**
     * Whether this is an ingested ("external") file whose entries' sequence number is not in the file: RocksDB keeps
     * it in the MANIFEST. Such entries are read with sequence 0.
     */
    public boolean hasUnknownGlobalSequence() {
        return properties.externalFileVersion() >= 2 && globalSequence < 0;
    }

    /** A new cursor over every internal entry, in file order (user key ascending, then newest first). */
    public SstCursor cursor() throws StateFileException {
        if (properties.number(SstProperties.UDI_IS_PRIMARY_INDEX).orElse(0) != 0) {
            throw new StateFileException(footer.footerOffset(), "the file's primary index is a user-defined index,"
                    + " which this reader does not support");
        }
        return new SstCursor(this, indexHandle);
    }

    /** The file's range deletions (usually none: Spark never issues range deletes). */
    public List<RangeTombstone> rangeTombstones() throws IOException, StateFileException {
        BlockHandle handle = metaBlocks.get(RANGE_DEL_BLOCK);
        if (handle == null) {
            handle = metaBlocks.get(RANGE_DEL_BLOCK_OLD);
        }
        if (handle == null) {
            return List.of();
        }
        Block block = readBlock(handle, "range deletion block");
        List<RangeTombstone> tombstones = new ArrayList<>();
        Block.Iterator it = block.iterator(false);
        while (it.next()) {
            int keyLength = it.keyLength();
            if (keyLength < 8) {
                throw new Bytes(block.data, 0, block.size, block.where).damage(it.entryStart,
                        "range deletion key of " + keyLength + " bytes is shorter than its 8-byte trailer");
            }
            long trailer = Bytes.le64(it.keyBuffer(), keyLength - 8);
            byte[] start = java.util.Arrays.copyOf(it.keyBuffer(), keyLength - 8);
            long sequence = globalSequence >= 0 ? globalSequence : trailer >>> 8;
            tombstones.add(new RangeTombstone(start, it.value(), sequence));
        }
        return tombstones;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    @Override
    public String toString() {
        return path.getFileName() + " (format_version " + footer.formatVersion() + ", " + properties + ")";
    }

    // ------------------------------------------------------------------------------------------------------------
    // Package-private: used by the cursor
    // ------------------------------------------------------------------------------------------------------------

    long globalSequence() {
        return globalSequence;
    }

    long decompressedBlocks() {
        return decompressedBlocks;
    }

    /** Reads, verifies (checksum) and decompresses one block and parses its layout. */
    Block readBlock(BlockHandle handle, String kind) throws IOException, StateFileException {
        RawBlock raw = readRaw(handle, kind);
        if (!raw.checksumOk()) {
            reportMismatch(handle, kind, raw);
        }
        return decode(raw, handle, kind);
    }

    /** A block's contents that are raw bytes, not entries (the compression dictionary). */
    private byte[] readContents(BlockHandle handle, String kind) throws IOException, StateFileException {
        RawBlock raw = readRaw(handle, kind);
        if (!raw.checksumOk()) {
            reportMismatch(handle, kind, raw);
        }
        if (raw.compressionType() != Decompression.NONE) {
            return Decompression.decompress(raw.compressionType(), raw.bytes(), 0, raw.size(), footer.formatVersion(),
                    null, Bytes.stored(handle.offset(), kind + " at byte " + handle.offset()));
        }
        return java.util.Arrays.copyOf(raw.bytes(), raw.size());
    }

    // ------------------------------------------------------------------------------------------------------------
    // Footer, metaindex, properties
    // ------------------------------------------------------------------------------------------------------------

    private SstFooter readFooter() throws IOException, StateFileException {
        if (fileSize < SstFooter.LEGACY_LENGTH) {
            throw new StateFileException(0, "the file has " + fileSize + " bytes, too few for an SST file footer"
                    + " (at least " + SstFooter.LEGACY_LENGTH + ")");
        }
        int tailLength = (int) Math.min(fileSize, SstFooter.LENGTH);
        long tailOffset = fileSize - tailLength;
        byte[] tail = read(tailOffset, tailLength, "the footer");
        long magic = Bytes.le64(tail, tailLength - 8);
        long magicOffset = fileSize - 8;
        if (magic == SstFooter.LEGACY_BLOCK_BASED_MAGIC) {
            int part2 = tailLength - SstFooter.LEGACY_LENGTH;
            long footerOffset = fileSize - SstFooter.LEGACY_LENGTH;
            Bytes in = new Bytes(tail, part2, part2 + 40, Bytes.stored(tailOffset, "footer"));
            BlockHandle metaindex = in.handle("metaindex handle");
            BlockHandle index = in.handle("index handle");
            return new SstFooter(0, Checksums.CRC32C_TYPE, footerOffset, metaindex.offset(), metaindex.size(),
                    index.offset(), index.size(), 0);
        }
        if (magic == SstFooter.PLAIN_TABLE_MAGIC || magic == SstFooter.LEGACY_PLAIN_TABLE_MAGIC) {
            throw new StateFileException(magicOffset, "this is a RocksDB plain table, not a block-based table");
        }
        if (magic == SstFooter.CUCKOO_TABLE_MAGIC) {
            throw new StateFileException(magicOffset, "this is a RocksDB cuckoo table, not a block-based table");
        }
        if (magic != SstFooter.BLOCK_BASED_MAGIC) {
            throw new StateFileException(magicOffset, "bad magic number 0x" + Long.toHexString(magic)
                    + ": not a RocksDB block-based SST file (expected 0x" + Long.toHexString(SstFooter.BLOCK_BASED_MAGIC)
                    + "), or the file is truncated");
        }
        if (fileSize < SstFooter.LENGTH) {
            throw new StateFileException(0, "the file has " + fileSize + " bytes, too few for its "
                    + SstFooter.LENGTH + "-byte footer");
        }
        long footerOffset = fileSize - SstFooter.LENGTH;
        int formatVersion = Bytes.le32(tail, SstFooter.LENGTH - 12);
        if (formatVersion < 1 || formatVersion > SstFooter.MAX_FORMAT_VERSION) {
            throw new StateFileException(fileSize - 12, "unsupported or damaged format_version "
                    + Integer.toUnsignedString(formatVersion) + " (this reader knows 0 to " + SstFooter.MAX_FORMAT_VERSION + ")");
        }
        int checksumType = tail[0] & 0xff;
        if (!Checksums.isKnown(checksumType)) {
            throw new StateFileException(footerOffset, "unknown checksum type " + checksumType + " in the footer");
        }
        Bytes.Where where = Bytes.stored(footerOffset, "footer");
        if (formatVersion < 6) {
            Bytes in = new Bytes(tail, 1, 41, where);
            BlockHandle metaindex = in.handle("metaindex handle");
            BlockHandle index = in.handle("index handle");
            return new SstFooter(formatVersion, checksumType, footerOffset, metaindex.offset(), metaindex.size(),
                    index.offset(), index.size(), 0);
        }
        if (tail[1] != 0x3e || tail[2] != 0x00 || tail[3] != 0x7a || tail[4] != 0x00) {
            throw new StateFileException(footerOffset + 1, "bad extended magic in a format_version " + formatVersion
                    + " footer");
        }
        int storedChecksum = Bytes.le32(tail, 5);
        int baseContext = Bytes.le32(tail, 9);
        long metaindexSize = Bytes.le32(tail, 13) & 0xffffffffL;
        if (baseContext == 0) {
            throw new StateFileException(footerOffset + 9, "invalid base context checksum 0");
        }
        if (Bytes.le64(tail, 33) != 0) {
            throw new StateFileException(footerOffset + 33, "the footer uses a future feature (reserved bytes set)");
        }
        if (Checksums.canVerify(checksumType)) {
            byte[] copy = tail.clone();
            copy[5] = copy[6] = copy[7] = copy[8] = 0;
            int computed = Checksums.compute(checksumType, copy, 0, SstFooter.LENGTH)
                    + Checksums.contextModifier(baseContext, footerOffset);
            if (computed != storedChecksum) {
                onMismatch.mismatch(path, new StateFileException(footerOffset, "footer checksum mismatch ("
                        + Checksums.name(checksumType) + ": stored 0x" + Integer.toHexString(storedChecksum)
                        + ", computed 0x" + Integer.toHexString(computed) + ")"));
            }
        }
        long metaindexOffset = footerOffset - BLOCK_TRAILER_SIZE - metaindexSize;
        if (metaindexOffset < 0) {
            throw new StateFileException(footerOffset + 13, "metaindex of " + metaindexSize
                    + " bytes does not fit before the footer");
        }
        return new SstFooter(formatVersion, checksumType, footerOffset, metaindexOffset, metaindexSize, -1, -1, baseContext);
    }

    private Map<String, BlockHandle> readMetaindex() throws IOException, StateFileException {
        BlockHandle handle = new BlockHandle(footer.metaindexOffset(), footer.metaindexSize());
        Block block = readBlock(handle, "metaindex block");
        Map<String, BlockHandle> blocks = new LinkedHashMap<>();
        Block.Iterator it = block.iterator(false);
        while (it.next()) {
            if (blocks.size() >= MAX_META_BLOCKS) {
                throw new StateFileException(handle.offset(), "the metaindex lists more than " + MAX_META_BLOCKS + " blocks");
            }
            String name = new String(it.keyBuffer(), 0, it.keyLength(), StandardCharsets.UTF_8);
            blocks.put(name, it.valueBytes().handle("meta block handle of " + name));
        }
        return blocks;
    }

    private SstProperties readProperties() throws IOException, StateFileException {
        BlockHandle handle = metaBlocks.get(PROPERTIES_BLOCK);
        if (handle == null) {
            handle = metaBlocks.get(PROPERTIES_BLOCK_OLD);
        }
        if (handle == null) {
            return SstProperties.empty();
        }
        String kind = "properties block";
        RawBlock raw = readRaw(handle, kind);
        Block block = decode(raw, handle, kind);
        Map<String, byte[]> values = new HashMap<>();
        Map<String, Integer> positions = new HashMap<>();
        Block.Iterator it = block.iterator(false);
        while (it.next()) {
            String name = new String(it.keyBuffer(), 0, it.keyLength(), StandardCharsets.UTF_8);
            values.put(name, it.value());
            positions.put(name, it.valueStart);
        }
        SstProperties props = new SstProperties(values, positions);
        if (!raw.checksumOk()) {
            // RocksDB may have written the global seqno of an ingested file into the block after computing its
            // checksum: the checksum is then of the block with those 8 bytes zeroed (meta_blocks.cc).
            Integer at = props.valuePosition(SstProperties.EXTERNAL_SST_FILE_GLOBAL_SEQNO);
            boolean fixed = false;
            if (at != null && raw.compressionType() == Decompression.NONE && at + 8 <= raw.size()) {
                byte[] patched = raw.bytes().clone();
                java.util.Arrays.fill(patched, at, at + 8, (byte) 0);
                fixed = checksumMatches(patched, raw.size(), handle);
            }
            if (!fixed) {
                reportMismatch(handle, kind, raw);
            }
        }
        return props;
    }

    private BlockHandle findIndex() throws StateFileException {
        if (footer.formatVersion() < 6) {
            return new BlockHandle(footer.indexOffset(), footer.indexSize());
        }
        BlockHandle handle = metaBlocks.get(INDEX_BLOCK);
        if (handle == null) {
            throw new StateFileException(footer.metaindexOffset(), "the metaindex of a format_version "
                    + footer.formatVersion() + " file lists no " + INDEX_BLOCK + " block");
        }
        return handle;
    }

    // ------------------------------------------------------------------------------------------------------------
    // Blocks
    // ------------------------------------------------------------------------------------------------------------

    /** A block as stored: contents, compression type byte, checksum, and whether the checksum matched. */
    private record RawBlock(byte[] bytes, int size, int compressionType, boolean checksumOk, int stored, int computed) {
    }

    private RawBlock readRaw(BlockHandle handle, String kind) throws IOException, StateFileException {
        long limit = footer.footerOffset();
        if (handle.size() > MAX_BLOCK_BYTES) {
            throw new StateFileException(handle.offset(), kind + " at byte " + handle.offset() + " claims "
                    + handle.size() + " bytes, beyond the limit of " + MAX_BLOCK_BYTES);
        }
        if (handle.offset() > limit || handle.size() + BLOCK_TRAILER_SIZE > limit - handle.offset()) {
            throw new StateFileException(Math.min(handle.offset(), fileSize), kind + " at byte " + handle.offset()
                    + " (" + handle.size() + " bytes + trailer) extends past the data region, which ends at byte "
                    + limit + " (truncated or damaged file)");
        }
        int size = (int) handle.size();
        byte[] bytes = read(handle.offset(), size + BLOCK_TRAILER_SIZE, kind);
        int type = bytes[size] & 0xff;
        int stored = Bytes.le32(bytes, size + 1);
        boolean ok = true;
        int computed = stored;
        if (Checksums.canVerify(footer.checksumType())) {
            computed = Checksums.compute(footer.checksumType(), bytes, 0, size + 1)
                    + Checksums.contextModifier(footer.baseContextChecksum(), handle.offset());
            ok = computed == stored;
        }
        return new RawBlock(bytes, size, type, ok, stored, computed);
    }

    private boolean checksumMatches(byte[] bytes, int size, BlockHandle handle) {
        int computed = Checksums.compute(footer.checksumType(), bytes, 0, size + 1)
                + Checksums.contextModifier(footer.baseContextChecksum(), handle.offset());
        return computed == Bytes.le32(bytes, size + 1);
    }

    private void reportMismatch(BlockHandle handle, String kind, RawBlock raw) throws StateFileException {
        onMismatch.mismatch(path, new StateFileException(handle.offset(), kind + " at byte " + handle.offset()
                + " (" + handle.size() + " bytes): checksum mismatch (" + Checksums.name(footer.checksumType())
                + ": stored 0x" + Integer.toHexString(raw.stored()) + ", computed 0x" + Integer.toHexString(raw.computed())
                + ")"));
    }

    private Block decode(RawBlock raw, BlockHandle handle, String kind) throws StateFileException {
        String what = kind + " at byte " + handle.offset();
        if (raw.compressionType() == Decompression.NONE) {
            return new Block(raw.bytes(), raw.size(), handle.offset(), kind, Bytes.stored(handle.offset(), what));
        }
        decompressedBlocks++;
        byte[] contents = Decompression.decompress(raw.compressionType(), raw.bytes(), 0, raw.size(),
                footer.formatVersion(), compressionDictionary, Bytes.stored(handle.offset(), what));
        return new Block(contents, contents.length, handle.offset(), kind, Bytes.decompressed(handle.offset(), what));
    }

    private byte[] read(long offset, int length, String what) throws IOException, StateFileException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        long at = offset;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, at);
            if (n < 0) {
                throw new StateFileException(at, "the file ends at byte " + at + " inside " + what
                        + " (it shrank while being read?)");
            }
            at += n;
        }
        return buffer.array();
    }
}
