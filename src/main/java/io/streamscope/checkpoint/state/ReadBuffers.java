package io.streamscope.checkpoint.state;

/**
 * The byte arrays a thread reads state files with — the file's bytes as read, a block as stored, a block decompressed
 * — kept from one file to the next on that thread. A store is hundreds of small files: made anew for each file, these
 * arrays were four fifths of what a read of a 1M-key store allocated (40 of 51 MB), and with them came three
 * collections stopping both reading threads and the zeroing and first touch of 40 MB.
 * <p>
 * An array is lent to one open file at a time (a file opened while another is open on the same thread gets its own)
 * and given back when the file is closed. Arrays over {@value #LARGEST_KEPT} bytes are not kept, so a thread holds at
 * most a few megabytes, and only a thread that reads state files.
 */
final class ReadBuffers {

    /** What an array is for: each use keeps one array per thread. */
    enum Use { FILE, COMPRESSED, BLOCK }

    static final int LARGEST_KEPT = 1 << 20;

    private static final ThreadLocal<byte[][]> KEPT = ThreadLocal.withInitial(() -> new byte[Use.values().length][]);

    private ReadBuffers() {
    }

    /** An array of at least {@code length} bytes for {@code use}: the thread's kept one where it is long enough. */
    static byte[] take(Use use, int length) {
        byte[][] kept = KEPT.get();
        byte[] array = kept[use.ordinal()];
        if (array != null && array.length >= length) {
            kept[use.ordinal()] = null;
            return array;
        }
        return new byte[length];
    }

    /** Gives an array taken for {@code use} back to this thread, which keeps the longest it was given (up to its cap). */
    static void giveBack(Use use, byte[] array) {
        if (array.length == 0 || array.length > LARGEST_KEPT) {
            return;
        }
        byte[][] kept = KEPT.get();
        byte[] held = kept[use.ordinal()];
        if (held == null || held.length < array.length) {
            kept[use.ordinal()] = array;
        }
    }
}
