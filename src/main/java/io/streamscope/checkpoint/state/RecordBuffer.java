package io.streamscope.checkpoint.state;

import io.streamscope.task.Cancellation;

import java.io.DataInputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The records of one store partition's files in a single growing byte array, with their offsets in int arrays,
 * and the live ones (the last record of each key, unless a delete) sorted by key bytes. Reused partition after
 * partition: a million-key store is read without an object, or a fresh page of memory, per record. Not thread-safe.
 */
final class RecordBuffer implements StateFileReader.RecordSink {

    private static final int CHUNK = 1 << 16;
    /** Records between two questions to the cancellation: a few milliseconds of reading at most. */
    static final int RECORDS_PER_CHECK = 4096;
    private static final int DELETED = -1;
    private static final VarHandle BIG_ENDIAN_WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int FIELDS = 4;
    private static final int KEY_AT = 0;
    private static final int KEY_LENGTH = 1;
    private static final int VALUE_AT = 2;
    private static final int VALUE_LENGTH = 3;

    private byte[] data = new byte[CHUNK];
    private int used;
    /**
     * Per record, where its key and value lie: {@code [keyAt, keyLength, valueAt, valueLength]} at {@code FIELDS *
     * record}, side by side, so that a record reached in key order is one cache miss here rather than four.
     */
    private int[] fields = new int[FIELDS * 1024];
    private int count;
    private int pendingKeyAt;
    private int pendingKeyLength;
    /** The live records' {@link #fields}, in key order: handed out in sequence. */
    private int[] liveFields = new int[FIELDS * 1024];
    private int liveCount;
    /** Whether the records came in key order, so that the sort had nothing to do and they lie in order in memory. */
    private boolean inFileOrder;
    private int[] order = new int[1024];
    private int[] scratch = new int[1024];
    private Cancellation cancellation = Cancellation.NEVER;

    /** Asked every {@value #RECORDS_PER_CHECK} records, so that a partition with millions stops mid-file. */
    void askBetweenRecords(Cancellation asked) {
        cancellation = asked;
    }
    /** Per record, the 8 key bytes after the prefix all keys share, big-endian: most comparisons end there. */
    private long[] sortKey = new long[1024];
    /** The sort words in the order {@link #radixSortByWord} has reached, and the array it moves them into. */
    private long[] words = new long[0];
    /** The sort words in key order, once sorted: read in sequence where the records' own would be read all over. */
    private long[] wordsInOrder = new long[0];
    private long[] spareWords = new long[0];
    private int sharedPrefix;

    void clear() {
        used = 0;
        count = 0;
        liveCount = 0;
    }

    @Override
    public void key(DataInputStream in, int size) throws IOException {
        pendingKeyAt = append(in, size);
        pendingKeyLength = size;
    }

    @Override
    public void value(DataInputStream in, int size, StateRecord.Kind kind) throws IOException {
        if (kind == StateRecord.Kind.MERGE) {
            throw new IOException("a merge record in a file that holds puts and deletes only");
        }
        add(pendingKeyAt, pendingKeyLength, kind == StateRecord.Kind.DELETE ? DELETED : append(in, size), size);
    }

    /** A record lying whole in a decompressed block: its key and value, and the 4 bytes of size between them, in one copy. */
    @Override
    public void record(byte[] bytes, int keyAt, int keySize, int valueAt, int valueSize, StateRecord.Kind kind) throws IOException {
        if (kind == StateRecord.Kind.MERGE) {
            throw new IOException("a merge record in a file that holds puts and deletes only");
        }
        if (kind == StateRecord.Kind.DELETE) {
            add(copy(bytes, keyAt, keySize), keySize, DELETED, -1);
        } else {
            int at = copy(bytes, keyAt, valueAt + valueSize - keyAt);
            add(at, keySize, at + (valueAt - keyAt), valueSize);
        }
    }

    /** Adds a put of bytes held elsewhere (RocksDB's merged state). */
    void put(byte[] key, byte[] value) {
        int at = copy(key, 0, key.length);
        add(at, key.length, copy(value, 0, value.length), value.length);
    }

    /** Sorts the records by key and keeps the live ones: the last record of each key, unless it deletes the key. */
    void settle() {
        int[] order = sortedByKey();
        liveCount = 0;
        liveFields = ensure(liveFields, FIELDS * count);
        for (int i = 0; i < count; i++) {
            int record = order[i];
            boolean lastOfKey = i + 1 == count || !sameKey(record, order[i + 1], wordsInOrder[i], wordsInOrder[i + 1]);
            if (lastOfKey && valueAt(record) != DELETED) {
                // the record's fields are in the cache, just read for its value's offset: copied while there
                int from = FIELDS * record;
                int to = FIELDS * liveCount;
                liveFields[to + KEY_AT] = fields[from + KEY_AT];
                liveFields[to + KEY_LENGTH] = fields[from + KEY_LENGTH];
                liveFields[to + VALUE_AT] = fields[from + VALUE_AT];
                liveFields[to + VALUE_LENGTH] = fields[from + VALUE_LENGTH];
                liveCount++;
            }
        }
    }

    /** Live records a walk in key order reads at once ahead of itself ({@link #touch}): 64 × two lines, in L1. */
    static final int TOUCH_AHEAD = 64;
    /** Where a walk's touched bytes go ({@link #touched}), so that the reads are not optimised away. */
    @SuppressWarnings("unused")
    private static volatile int touchedBytes;

    /** Takes what a walk's {@link #touch} calls returned, summed, once it is done. */
    static void touched(int sum) {
        touchedBytes = sum;
    }

    /**
     * Reads the first and last byte of live records {@code from} … {@code from + n - 1}, so that they are in the cache
     * when they are handed out. In key order, the records of a large partition lie all over the array; in this short
     * loop their cache misses are in flight together, where the JSON writer's long loop would wait for each in turn.
     * (Copying the live records' bytes into key order, as this buffer did before, took a fifth of the workers' CPU on
     * 10M keys; their offsets are copied, in {@link #settle}.) Records that came in key order lie in order already and
     * are not touched.
     */
    int touch(int from, int n) {
        if (inFileOrder) {
            return 0;
        }
        int end = Math.min(liveCount, from + n);
        int sum = 0;
        for (int i = from; i < end; i++) {
            sum += data[liveKeyAt(i)] + data[liveValueAt(i) + Math.max(0, liveValueLength(i) - 1)];
        }
        return sum;
    }

    int liveCount() {
        return liveCount;
    }

    /** Where the key of the {@code i}-th live record in key order lies. */
    int liveKeyAt(int i) {
        return liveFields[FIELDS * i + KEY_AT];
    }

    int liveKeyLength(int i) {
        return liveFields[FIELDS * i + KEY_LENGTH];
    }

    int liveValueAt(int i) {
        return liveFields[FIELDS * i + VALUE_AT];
    }

    int liveValueLength(int i) {
        return liveFields[FIELDS * i + VALUE_LENGTH];
    }

    byte[] data() {
        return data;
    }

    private int keyAt(int record) {
        return fields[FIELDS * record + KEY_AT];
    }

    private int keyLength(int record) {
        return fields[FIELDS * record + KEY_LENGTH];
    }

    private int valueAt(int record) {
        return fields[FIELDS * record + VALUE_AT];
    }

    private void add(int key, int keySize, int value, int valueSize) {
        if (FIELDS * count == fields.length) {
            fields = Arrays.copyOf(fields, grown(fields.length, fields.length + FIELDS));
        }
        if (count % RECORDS_PER_CHECK == 0) {
            cancellation.check();
        }
        int at = FIELDS * count;
        fields[at + KEY_AT] = key;
        fields[at + KEY_LENGTH] = keySize;
        fields[at + VALUE_AT] = value;
        fields[at + VALUE_LENGTH] = valueSize;
        count++;
    }

    /** Appends {@code size} bytes of the stream, a chunk at a time, so that only what is really there is allocated. */
    private int append(DataInputStream in, int size) throws IOException {
        int at = used;
        for (int remaining = size; remaining > 0; ) {
            int chunk = Math.min(remaining, CHUNK);
            reserve(chunk);
            in.readFully(data, used, chunk);
            used += chunk;
            remaining -= chunk;
        }
        return at;
    }

    private int copy(byte[] bytes, int from, int length) {
        reserve(length);
        System.arraycopy(bytes, from, data, used, length);
        used += length;
        return used - length;
    }

    private void reserve(int bytes) {
        if ((long) used + bytes > data.length) {
            data = Arrays.copyOf(data, grown(data.length, (long) used + bytes));
        }
    }

    /**
     * Record indexes by key bytes, file order kept within a key: a stable radix sort on each key's sort word, then a
     * merge sort of any run of equal words whose keys go on past them (ties broken by index).
     */
    private int[] sortedByKey() {
        order = ensure(order, count);
        scratch = ensure(scratch, count);
        prepareSortKeys();
        inFileOrder = true; // RocksDB's files, and deltas of a key or two, come sorted: one pass tells
        for (int i = 1; i < count && inFileOrder; i++) {
            inFileOrder = compare(i - 1, i) < 0;
        }
        if (inFileOrder) {
            for (int i = 0; i < count; i++) {
                order[i] = i;
            }
            wordsInOrder = sortKey;
            return order;
        }
        radixSortByWord();
        wordsInOrder = words;
        for (int from = 0; from < count; ) {
            int to = from + 1;
            boolean sameKeys = true;
            while (to < count && words[to] == words[from]) {
                sameKeys &= wholeInWord(order[from], order[to]);
                to++;
            }
            if (!sameKeys) {
                mergeSort(order, scratch, from, to);
            }
            from = to;
        }
        return order;
    }

    /**
     * {@code order}: the records by their sort word as unsigned, file order kept among equal words. Least significant
     * byte first, a counting pass per byte; a byte all words share is skipped (one pass over the words tells), as it
     * orders nothing.
     */
    private void radixSortByWord() {
        if (words.length < count) {
            words = new long[Math.max(count, words.length * 2)];
            spareWords = new long[words.length];
        }
        long varying = 0; // the bits in which some word differs from the first
        for (int i = 0; i < count; i++) {
            order[i] = i;
            words[i] = sortKey[i];
            varying |= sortKey[i] ^ sortKey[0];
        }
        int[] counts = new int[256];
        for (int shift = 0; shift < Long.SIZE; shift += Byte.SIZE) {
            if ((varying >>> shift & 0xFF) == 0) {
                continue;
            }
            cancellation.check(); // a million-record partition sorts for a while: asked before each pass
            Arrays.fill(counts, 0);
            for (int i = 0; i < count; i++) {
                counts[(int) (words[i] >>> shift) & 0xFF]++;
            }
            for (int b = 0, start = 0; b < 256; b++) {
                int bucket = counts[b];
                counts[b] = start;
                start += bucket;
            }
            for (int i = 0; i < count; i++) {
                int to = counts[(int) (words[i] >>> shift) & 0xFF]++;
                scratch[to] = order[i];
                spareWords[to] = words[i];
            }
            int[] swapOrder = order;
            order = scratch;
            scratch = swapOrder;
            long[] swapWords = words;
            words = spareWords;
            spareWords = swapWords;
        }
    }

    /**
     * Keys of one store mostly share their first bytes (an encoding version, an UnsafeRow's null bits): the shared
     * prefix is skipped, and the next 8 bytes of each key become a long that orders the keys as their bytes do.
     */
    private void prepareSortKeys() {
        sharedPrefix = count == 0 ? 0 : keyLength(0);
        for (int i = 1; i < count && sharedPrefix > 0; i++) {
            int length = Math.min(sharedPrefix, keyLength(i));
            // most keys share the whole prefix found so far: one comparison of a word tells, where it fits in one
            if (length == Long.BYTES && (long) BIG_ENDIAN_WORD.get(data, keyAt(0)) == (long) BIG_ENDIAN_WORD.get(data, keyAt(i))) {
                continue;
            }
            int mismatch = Arrays.mismatch(data, keyAt(0), keyAt(0) + sharedPrefix, data, keyAt(i), keyAt(i) + length);
            sharedPrefix = mismatch < 0 ? length : mismatch;
        }
        if (sortKey.length < count) {
            sortKey = new long[Math.max(count, sortKey.length * 2)];
        }
        for (int i = 0; i < count; i++) {
            int at = keyAt(i) + sharedPrefix;
            int available = keyLength(i) - sharedPrefix;
            if (available >= Long.BYTES) {
                sortKey[i] = (long) BIG_ENDIAN_WORD.get(data, at);
                continue;
            }
            long word = 0;
            for (int b = 0; b < Long.BYTES; b++) {
                word = (word << 8) | (b < available ? data[at + b] & 0xFF : 0);
            }
            sortKey[i] = word;
        }
    }

    private void mergeSort(int[] order, int[] temp, int from, int to) {
        if (to - from < 2) {
            return;
        }
        int middle = (from + to) >>> 1;
        mergeSort(order, temp, from, middle);
        mergeSort(order, temp, middle, to);
        if (to - from >= RECORDS_PER_CHECK) {
            cancellation.check(); // a million-record partition sorts for a second: asked before each large merge
        }
        if (compare(order[middle - 1], order[middle]) <= 0) {
            return;
        }
        System.arraycopy(order, from, temp, from, to - from);
        int left = from;
        int right = middle;
        for (int i = from; i < to; i++) {
            if (right >= to || left < middle && compare(temp[left], temp[right]) <= 0) {
                order[i] = temp[left++];
            } else {
                order[i] = temp[right++];
            }
        }
    }

    private int compare(int a, int b) {
        int byWord = Long.compareUnsigned(sortKey[a], sortKey[b]);
        if (byWord != 0) {
            return byWord; // the keys differ within their first 8 bytes after the shared prefix
        }
        int byKey = wholeInWord(a, b) ? 0 : compareKeys(a, b);
        return byKey != 0 ? byKey : Integer.compare(a, b);
    }

    /** Whether records {@code a} and {@code b}, with sort words {@code wordA} and {@code wordB}, have one key. */
    private boolean sameKey(int a, int b, long wordA, long wordB) {
        return wordA == wordB && (wholeInWord(a, b) || compareKeys(a, b) == 0);
    }

    /** Whether two keys with the same sort word are the same key: equally long, with no byte past the word. */
    private boolean wholeInWord(int a, int b) {
        return keyLength(a) == keyLength(b) && keyLength(a) - sharedPrefix <= Long.BYTES;
    }

    private int compareKeys(int a, int b) {
        return Arrays.compareUnsigned(data, keyAt(a), keyAt(a) + keyLength(a), data, keyAt(b), keyAt(b) + keyLength(b));
    }

    /** Past this many elements, an array grows by half rather than double: its copy needs less beside it. */
    private static final int GROW_BY_HALF = 1 << 24;

    /**
     * The new length of an array of {@code length} that must hold {@code needed}: double, and past {@value
     * #GROW_BY_HALF} elements half as much again, so that one partition of millions of keys (whose copy needs the old
     * array and the new at once) fits in a smaller heap; never past the largest array Java makes.
     */
    static int grown(int length, long needed) {
        long next = Math.max(needed, length < GROW_BY_HALF ? 2L * length : length + (long) length / 2);
        if (needed > MAX_ARRAY) {
            throw new TooLarge(needed);
        }
        return (int) Math.min(next, MAX_ARRAY);
    }

    /** The longest array the JVM is sure to make (a few words less than Integer.MAX_VALUE, for its header). */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    /** A partition whose records one Java array cannot hold, whatever the heap: more memory would not help. */
    static final class TooLarge extends OutOfMemoryError {
        TooLarge(long needed) {
            super("the partition's records need an array of " + needed + " elements, more than one Java array holds:"
                    + " a partition this large cannot be read here");
        }
    }

    private static int[] ensure(int[] array, int size) {
        return array.length >= size ? array : new int[Math.max(size, array.length * 2)];
    }
}
