package io.streamscope.checkpoint.state.sst;

import io.streamscope.checkpoint.state.ByteKey;
import io.streamscope.checkpoint.state.StateFileException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * The live key→value state of a set of SST files, as RocksDB would present it when the files form one database
 * (a Spark RocksDB snapshot: the {@code SSTs/<dfsSstFileName>} of a {@code <version>.zip}'s metadata). The files'
 * entries are merged in internal-key order (a k-way merge streaming one data block per file), and each user key
 * is resolved by sequence number, newest first:
 * <ul>
 *   <li>a value ({@code kTypeValue}, or {@code kTypeValuePreferredSeqno} without its 8-byte write time) is the base;</li>
 *   <li>a deletion, single deletion or deletion-with-timestamp ends the history: no base;</li>
 *   <li>a range deletion with a higher sequence number covering the key hides everything older, like a deletion;</li>
 *   <li>merge operands above the base are applied oldest first with Spark's merge operator, RocksDB's
 *       {@code StringAppendOperator} with delimiter {@code ','}: {@code base + "," + op1 + "," + op2 ...}, or, without
 *       a base, the operands alone joined by {@code ','} (this is how Spark's ListState is stored);</li>
 *   <li>a key left with neither base nor operands is absent.</li>
 * </ul>
 * Blob-index and wide-column entries are refused (Spark uses neither). Only the bytewise comparator is accepted, all
 * files must belong to one RocksDB column family (Spark's are all "default"), and an ingested file whose sequence
 * number lives only in the MANIFEST cannot be merged with others.
 *
 * <p>Live keys come out in ascending unsigned-bytewise order. Memory: one data block and one index block per open
 * file, plus the range tombstones, plus whatever the sink keeps.
 */
public final class SnapshotMerger {

    /** The delimiter of Spark's {@code new StringAppendOperator()} (rocksdbjni's default). */
    public static final byte MERGE_DELIMITER = ',';

    /** Merge operator names (table property {@code rocksdb.merge.operator}) whose semantics are implemented here. */
    private static final Set<String> KNOWN_MERGE_OPERATORS = Set.of("StringAppendOperator", "StringAppendTESTOperator");

    private SnapshotMerger() {
    }

    /** Receives each live key with its final value, in ascending key order. */
    @FunctionalInterface
    public interface LiveEntrySink {
        void accept(byte[] key, byte[] value);
    }

    /**
     * What a merge read and resolved, for diagnostics.
     *
     * @param files           SST files merged
     * @param entriesRead     internal entries read (all types)
     * @param liveKeys        keys with a value in the result
     * @param deletedKeys     keys whose newest state is a deletion (point or range)
     * @param mergedKeys      live keys whose value came from merge operands
     * @param shadowedEntries entries hidden by a newer entry of the same key
     * @param rangeTombstones range deletions in the files
     */
    public record Result(int files, long entriesRead, long liveKeys, long deletedKeys, long mergedKeys,
                         long shadowedEntries, int rangeTombstones) {
    }

    /** The live state of the files, in ascending key order; checksum mismatches are errors. */
    public static Map<ByteKey, byte[]> merge(List<Path> sstFiles) throws IOException, SstMergeException {
        Map<ByteKey, byte[]> state = new LinkedHashMap<>();
        merge(sstFiles, ChecksumMismatchHandler.STRICT, (key, value) -> state.put(new ByteKey(key), value));
        return state;
    }

    /** Streams the live state of the files to {@code sink}; checksum mismatches are errors. */
    public static Result merge(List<Path> sstFiles, LiveEntrySink sink) throws IOException, SstMergeException {
        return merge(sstFiles, ChecksumMismatchHandler.STRICT, sink);
    }

    /**
     * Streams the live state of the files to {@code sink}, in ascending key order.
     *
     * @param sstFiles   the snapshot's SST files, in any order (sequence numbers decide, not list order)
     * @param onMismatch what to do with a block checksum mismatch: throw (then it becomes an {@link SstMergeException})
     *                   or record and go on
     */
    public static Result merge(List<Path> sstFiles, ChecksumMismatchHandler onMismatch, LiveEntrySink sink)
            throws IOException, SstMergeException {
        List<SstFile> open = new ArrayList<>();
        try {
            List<RangeTombstone> tombstones = new ArrayList<>();
            PriorityQueue<Head> heads = new PriorityQueue<>();
            long[] entries = new long[1];
            for (int i = 0; i < sstFiles.size(); i++) {
                Path path = sstFiles.get(i);
                SstFile file = open(path, onMismatch);
                open.add(file);
                check(file, sstFiles.size());
                checkSameColumnFamily(open.get(0), file);
                try {
                    tombstones.addAll(file.rangeTombstones());
                    Head head = new Head(file, file.cursor(), i);
                    if (head.advance()) {
                        heads.add(head);
                    }
                } catch (StateFileException e) {
                    throw new SstMergeException(path, e);
                }
            }
            Resolver resolver = new Resolver(tombstones, sink);
            while (!heads.isEmpty()) {
                Head head = heads.poll();
                byte[] key = head.current.userKey();
                resolver.start(key);
                while (true) {
                    resolver.add(head);
                    entries[0]++;
                    if (head.advance()) {
                        heads.add(head);
                    }
                    Head nextHead = heads.peek();
                    if (nextHead == null || !Arrays.equals(nextHead.current.userKey(), key)) {
                        break;
                    }
                    head = heads.poll();
                }
                resolver.finish();
            }
            return new Result(sstFiles.size(), entries[0], resolver.live, resolver.deleted, resolver.merged,
                    resolver.shadowed, tombstones.size());
        } finally {
            for (SstFile file : open) {
                file.close();
            }
        }
    }

    private static SstFile open(Path path, ChecksumMismatchHandler onMismatch) throws IOException, SstMergeException {
        try {
            return SstFile.open(path, onMismatch);
        } catch (StateFileException e) {
            throw new SstMergeException(path, e);
        }
    }

    private static void check(SstFile file, int fileCount) throws SstMergeException {
        if (!file.isBytewiseOrdered()) {
            throw new SstMergeException(file.path(), file.footer().footerOffset(), "comparator "
                    + file.properties().comparator() + " is not supported (only " + SstProperties.BYTEWISE_COMPARATOR + ")");
        }
        if (fileCount > 1 && file.hasUnknownGlobalSequence()) {
            throw new SstMergeException(file.path(), file.footer().footerOffset(), "an ingested SST file whose sequence"
                    + " number is kept only in the database MANIFEST: it cannot be ordered against the other files");
        }
    }

    /**
     * Spark keeps all its state in RocksDB's default column family (its "column families" are key prefixes); files
     * of different real column families hold different key spaces and must not be merged into one map.
     */
    private static void checkSameColumnFamily(SstFile first, SstFile file) throws SstMergeException {
        String expected = first.properties().columnFamilyName();
        String actual = file.properties().columnFamilyName();
        if (expected != null && actual != null && !expected.equals(actual)) {
            throw new SstMergeException(file.path(), file.footer().footerOffset(), "belongs to RocksDB column family '"
                    + actual + "' while " + first.path().getFileName() + " belongs to '" + expected
                    + "': files of different column families cannot be merged into one state");
        }
    }

    /** One file's cursor and its current entry, ordered by internal key (user key asc, sequence desc, type desc). */
    private static final class Head implements Comparable<Head> {
        final SstFile file;
        final SstCursor cursor;
        final int index;
        InternalEntry current;

        Head(SstFile file, SstCursor cursor, int index) {
            this.file = file;
            this.cursor = cursor;
            this.index = index;
        }

        boolean advance() throws IOException, SstMergeException {
            try {
                current = cursor.next();
            } catch (StateFileException e) {
                throw new SstMergeException(file.path(), e);
            }
            return current != null;
        }

        @Override
        public int compareTo(Head other) {
            int c = Arrays.compareUnsigned(current.userKey(), other.current.userKey());
            if (c != 0) {
                return c;
            }
            c = Long.compare(other.current.sequence(), current.sequence());
            if (c != 0) {
                return c;
            }
            c = Integer.compare(other.current.type(), current.type());
            return c != 0 ? c : Integer.compare(index, other.index);
        }
    }

    /** Resolves one user key from its entries, newest first. */
    private static final class Resolver {
        private final List<RangeTombstone> tombstones;
        private final LiveEntrySink sink;
        private final List<byte[]> operands = new ArrayList<>();
        private byte[] key;
        private long coveredBelow;
        private boolean decided;
        private byte[] base;
        long live;
        long deleted;
        long merged;
        long shadowed;

        Resolver(List<RangeTombstone> tombstones, LiveEntrySink sink) {
            this.tombstones = tombstones;
            this.sink = sink;
        }

        void start(byte[] userKey) {
            key = userKey;
            operands.clear();
            decided = false;
            base = null;
            coveredBelow = -1;
            for (RangeTombstone t : tombstones) {
                if (t.sequence() > coveredBelow && Arrays.compareUnsigned(t.startKey(), userKey) <= 0
                        && Arrays.compareUnsigned(userKey, t.endKey()) < 0) {
                    coveredBelow = t.sequence();
                }
            }
        }

        void add(Head head) throws SstMergeException {
            InternalEntry e = head.current;
            if (decided) {
                shadowed++;
                return;
            }
            if (e.sequence() < coveredBelow) {
                decided = true;
                shadowed++;
                return;
            }
            switch (e.type()) {
                case InternalEntry.TYPE_VALUE -> {
                    base = e.value();
                    decided = true;
                }
                case InternalEntry.TYPE_VALUE_PREFERRED_SEQNO -> {
                    if (e.value().length < 8) {
                        throw new SstMergeException(head.file.path(), 0, "value with preferred seqno of "
                                + e.value().length + " bytes lacks its 8-byte suffix (key " + new ByteKey(key) + ")");
                    }
                    base = Arrays.copyOf(e.value(), e.value().length - 8);
                    decided = true;
                }
                case InternalEntry.TYPE_DELETION, InternalEntry.TYPE_SINGLE_DELETION,
                     InternalEntry.TYPE_DELETION_WITH_TIMESTAMP -> decided = true;
                case InternalEntry.TYPE_MERGE -> {
                    String operator = head.file.properties().mergeOperator();
                    if (operator != null && !operator.equals("nullptr") && !KNOWN_MERGE_OPERATORS.contains(operator)) {
                        throw new SstMergeException(head.file.path(), 0, "merge operand for key " + new ByteKey(key)
                                + " written with merge operator " + operator + ", which is not supported (Spark uses"
                                + " StringAppendOperator)");
                    }
                    operands.add(e.value());
                }
                default -> throw new SstMergeException(head.file.path(), 0, "key " + new ByteKey(key) + " is a "
                        + InternalEntry.typeName(e.type()) + " entry, which this reader does not support");
            }
        }

        void finish() {
            if (base == null && operands.isEmpty()) {
                deleted++;
                return;
            }
            live++;
            if (operands.isEmpty()) {
                sink.accept(key, base);
                return;
            }
            merged++;
            // operands were collected newest first; StringAppendOperator appends them oldest first
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            boolean first = true;
            if (base != null) {
                out.writeBytes(base);
                first = false;
            }
            for (int i = operands.size() - 1; i >= 0; i--) {
                if (!first) {
                    out.write(MERGE_DELIMITER);
                }
                out.writeBytes(operands.get(i));
                first = false;
            }
            sink.accept(key, out.toByteArray());
        }
    }
}
