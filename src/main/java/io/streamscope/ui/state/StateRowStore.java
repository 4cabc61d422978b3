package io.streamscope.ui.state;

import io.streamscope.checkpoint.state.ChangeMark;
import io.streamscope.checkpoint.state.MarkedRecord;

import java.util.Arrays;

/**
 * The rows of one {@link io.streamscope.checkpoint.state.StateReader#markedRows} pass as compact bytes: each row's
 * key, value and old value side by side in 1 MiB pages, its partition and mark in arrays. A million rows take their
 * bytes plus 29 bytes each, never an object per row; the table decodes the ones on screen. One thread appends while
 * others read the rows already there (hence synchronized; a read is a few array look-ups).
 * <p>
 * Memory is bounded: rows are kept up to a budget of bytes, and the rest only counted (marks, rows per partition,
 * records), so a store of ten million keys opens in a window of any heap with its figures whole. The rows the batch
 * changed have the last quarter of the budget to themselves: they are what a step is looked at for.
 */
public final class StateRowStore {

    private static final int PAGE = 1 << 20;
    /** What a kept row costs besides its bytes: its place in the eight arrays below, which grow by doubling. */
    static final int ROW_OVERHEAD = 2 * (7 * Integer.BYTES + 1);
    /** The most a window's store keeps, whatever the heap. */
    private static final long MOST_KEPT = 256L << 20;
    private static final ChangeMark[] MARKS = ChangeMark.values();

    private byte[][] pages = new byte[16][];
    private int pageCount;
    private int pageUsed = PAGE;
    private int[] page = new int[1024];
    private int[] offset = new int[1024];
    private int[] keyLength = new int[1024];
    private int[] valueLength = new int[1024];
    private int[] oldLength = new int[1024];
    private int[] partition = new int[1024];
    private byte[] mark = new byte[1024];
    /** A list element's index in its list (-1: the row is no list element). */
    private int[] index = new int[1024];
    private int size;
    private final long[] marks = new long[MARKS.length];
    private long[] livePerPartition = new long[0];
    private long puts;
    /** Whether a kept changed row came after a kept unchanged one: then the changed-first order is not the store's. */
    private boolean changedAfterUnchanged;
    private boolean keptUnchanged;
    private long deletes;
    private final long budget;
    private long keptBytes;
    private long total;

    /** A store that keeps every row. */
    public StateRowStore() {
        this(Long.MAX_VALUE);
    }

    /** A store that keeps rows up to {@code budget} bytes (with {@link #ROW_OVERHEAD} each) and counts the rest. */
    public StateRowStore(long budget) {
        this.budget = budget;
    }

    /**
     * The budget of a window's store in a JVM whose heap is at most {@code maxHeap} bytes: an eighth of it, at most 256
     * MiB. A step holds up to three stores at once (the one on show and its filtered rows, kept should the step's read
     * be cancelled, and the step's own).
     */
    public static long budgetFor(long maxHeap) {
        return Math.min(MOST_KEPT, maxHeap / 8);
    }

    public synchronized void add(MarkedRecord record) {
        add(record, -1);
    }

    /**
     * Adds a row, or counts it only when it is past the budget; {@code elementIndex} is a list element's index in its
     * list ({@link io.streamscope.checkpoint.state.ListElements}), else -1.
     */
    public synchronized void add(MarkedRecord record, int elementIndex) {
        count(record);
        long cost = cost(record);
        long room = record.mark().changed() ? budget : budget - budget / 4;
        if (keptBytes + cost <= room) {
            keep(record, elementIndex);
        }
    }

    /** What keeping a row costs: its bytes and {@link #ROW_OVERHEAD}. */
    static long cost(MarkedRecord record) {
        return ROW_OVERHEAD + record.key().length + length(record.value()) + length(record.oldValue());
    }

    private static int length(byte[] bytes) {
        return bytes == null ? 0 : bytes.length;
    }

    /** Keeps a row without counting it, whatever the budget (rows chosen and counted elsewhere: {@link TopRows}). */
    synchronized void keep(MarkedRecord record, int elementIndex) {
        int keyBytes = record.key().length;
        int valueBytes = length(record.value());
        int oldBytes = length(record.oldValue());
        int bytes = keyBytes + valueBytes + oldBytes;
        keptBytes += cost(record);
        if (size == page.length) {
            grow();
        }
        if (pageUsed + bytes > PAGE || pageCount == 0) {
            if (pageCount == pages.length) {
                pages = Arrays.copyOf(pages, pageCount * 2);
            }
            pages[pageCount++] = new byte[Math.max(PAGE, bytes)];
            pageUsed = 0;
        }
        byte[] target = pages[pageCount - 1];
        System.arraycopy(record.key(), 0, target, pageUsed, keyBytes);
        if (record.value() != null) {
            System.arraycopy(record.value(), 0, target, pageUsed + keyBytes, valueBytes);
        }
        if (record.oldValue() != null) {
            System.arraycopy(record.oldValue(), 0, target, pageUsed + keyBytes + valueBytes, oldBytes);
        }
        page[size] = pageCount - 1;
        offset[size] = pageUsed;
        keyLength[size] = keyBytes;
        valueLength[size] = record.value() == null ? -1 : valueBytes;
        oldLength[size] = record.oldValue() == null ? -1 : oldBytes;
        partition[size] = record.partition();
        mark[size] = (byte) record.mark().ordinal();
        index[size] = elementIndex;
        pageUsed += bytes;
        size++;
        if (!record.mark().changed()) {
            keptUnchanged = true;
        } else if (keptUnchanged) {
            changedAfterUnchanged = true;
        }
    }

    /** Counts a row without keeping it (its marks, partition and records). */
    synchronized void count(MarkedRecord record) {
        total++;
        marks[record.mark().ordinal()]++;
        if (record.mark() != ChangeMark.DELETED) {
            if (record.partition() >= livePerPartition.length) {
                livePerPartition = Arrays.copyOf(livePerPartition, record.partition() + 1);
            }
            livePerPartition[record.partition()]++;
        }
        for (var written : record.records()) {
            if (written.kind() == io.streamscope.checkpoint.state.StateRecord.Kind.DELETE) {
                deletes++;
            } else {
                puts++;
            }
        }
    }

    private void grow() {
        int capacity = page.length * 2;
        page = Arrays.copyOf(page, capacity);
        offset = Arrays.copyOf(offset, capacity);
        keyLength = Arrays.copyOf(keyLength, capacity);
        valueLength = Arrays.copyOf(valueLength, capacity);
        oldLength = Arrays.copyOf(oldLength, capacity);
        partition = Arrays.copyOf(partition, capacity);
        mark = Arrays.copyOf(mark, capacity);
        index = Arrays.copyOf(index, capacity);
    }

    /** The rows kept. */
    public synchronized int size() {
        return size;
    }

    /** Every row added, kept or only counted. */
    public synchronized long total() {
        return total;
    }

    /** Whether every row added was kept (none went past the budget). */
    public synchronized boolean complete() {
        return size == total;
    }

    public synchronized int partition(int row) {
        return partition[row];
    }

    public synchronized ChangeMark mark(int row) {
        return MARKS[mark[row]];
    }

    /** The row's index in its list when it is a list element, else -1. */
    public synchronized int elementIndex(int row) {
        return index[row];
    }

    public synchronized byte[] key(int row) {
        return Arrays.copyOfRange(pages[page[row]], offset[row], offset[row] + keyLength[row]);
    }

    /** The value after the batch, or a deleted row's last value; null for none. */
    public synchronized byte[] value(int row) {
        int at = offset[row] + keyLength[row];
        return valueLength[row] < 0 ? null : Arrays.copyOfRange(pages[page[row]], at, at + valueLength[row]);
    }

    /** The value before, for updated, appended and deleted rows; else null. */
    public synchronized byte[] oldValue(int row) {
        int at = offset[row] + keyLength[row] + Math.max(0, valueLength[row]);
        return oldLength[row] < 0 ? null : Arrays.copyOfRange(pages[page[row]], at, at + oldLength[row]);
    }

    /** Whether the rows the batch changed are not all before the others (the table shows them first). */
    public synchronized boolean changedAfterUnchanged() {
        return changedAfterUnchanged;
    }

    /** How many rows carry {@code which}, kept or not. */
    public synchronized long count(ChangeMark which) {
        return marks[which.ordinal()];
    }

    /** The rows after the batch (the deleted ones not counted). */
    public synchronized long liveRows() {
        return total - marks[ChangeMark.DELETED.ordinal()];
    }

    /** The rows after the batch in each partition seen so far. */
    public synchronized long[] livePerPartition() {
        return livePerPartition.clone();
    }

    /** The batch's put and merge records (Spark's own, where its files say), and its delete records. */
    public synchronized long puts() {
        return puts;
    }

    public synchronized long deletes() {
        return deletes;
    }
}
