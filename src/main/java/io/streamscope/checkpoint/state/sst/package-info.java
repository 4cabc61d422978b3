/**
 * A pure-Java, read-only reader of RocksDB block-based table (SST) files, enough to rebuild the state of a Spark
 * RocksDB state store snapshot without RocksDB: a snapshot {@code <version>[_<uniqueId>].zip} lists its SST files in
 * its {@code metadata} entry ({@code sstFiles[].dfsSstFileName}, stored in the store folder's {@code SSTs/}), and the
 * state at that version is the merge of those files by sequence number.
 *
 * <h2>Use</h2>
 * <pre>{@code
 * // the live state of a snapshot: key -> value, keys ascending (unsigned bytewise), as RocksDB would show it
 * Map<ByteKey, byte[]> state = SnapshotMerger.merge(sstPaths);
 *
 * // streaming, with checksum mismatches reported instead of thrown
 * SnapshotMerger.Result r = SnapshotMerger.merge(sstPaths, (file, mismatch) -> problems.add(...), (key, value) -> ...);
 *
 * // one file's raw entries, tombstones and merge operands included
 * try (SstFile sst = SstFile.open(path)) {
 *     SstCursor cursor = sst.cursor();
 *     for (InternalEntry e; (e = cursor.next()) != null; ) { ... }
 *     sst.properties().numEntries(); sst.rangeTombstones(); sst.footer().formatVersion();
 * }
 * }</pre>
 * Errors: a damaged file is a {@link io.streamscope.checkpoint.state.StateFileException} whose offset is the byte of
 * the file ({@link io.streamscope.checkpoint.state.sst.SstMergeException} adds which file, for merges).
 *
 * <h2>What is read</h2>
 * <ul>
 *   <li>Footers: legacy block-based magic (format_version 0) and magic {@code 0x88e241b785f4cff7} with format_version
 *       1–7, including the format_version ≥ 6 footer (extended magic, footer checksum with context, index handle in
 *       the metaindex). Plain and cuckoo tables are recognised and refused.</li>
 *   <li>Checksums of every block read (and the footer from format_version 6): crc32c (masked), xxHash32, xxHash64,
 *       XXH3 (RocksDB's default since 8.x; Spark 4.0's files use it), with the format_version ≥ 6 context modifier.
 *       A mismatch goes to a {@link io.streamscope.checkpoint.state.sst.ChecksumMismatchHandler} (default: throw).</li>
 *   <li>Blocks: restart points, shared-prefix keys, varints; data-block hash index; the separated key/value layout
 *       of newer RocksDB; index values plain or delta-encoded (format_version ≥ 4), with or without the first key.
 *       The index keys themselves (user keys or internal keys) are parsed but not needed.</li>
 *   <li>Index types: binary search, hash search (read as binary), binary search with first key, two-level
 *       (partitioned). Spark uses the default binary search index.</li>
 *   <li>Compression: none, Snappy, zlib (raw deflate), LZ4, LZ4HC, ZSTD (also with a {@code rocksdb.compression_dict}
 *       dictionary); the format_version &lt; 2 size headers too. Not: bzip2, XPRESS, LZ4 with a dictionary, custom
 *       compression managers — each refused with a clear error.</li>
 *   <li>Meta blocks: metaindex, table properties, range deletions, compression dictionary. Filters are ignored.</li>
 *   <li>Entry types: value, merge, deletion, single deletion, deletion with timestamp, value with preferred seqno;
 *       range deletions. Blob indexes and wide-column entities are refused by the merge.</li>
 * </ul>
 * Every size is checked before it is used; no block may exceed {@link io.streamscope.checkpoint.state.sst.SstFile#MAX_BLOCK_BYTES}.
 */
package io.streamscope.checkpoint.state.sst;
