package io.streamscope.checkpoint.state;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes consumed from a file, so that errors can say where they happened. It buffers the file itself
 * and counts what its reader took, not what was read ahead.
 * <p>
 * For a file read whole, the buffer is the file's size, up to 1 MB: a state file is read in one or a few reads. With
 * 16 KB, a 10M-key store (140 MB) took some 9,000 reads through Java's channel stream, often enough that C2 compiled
 * the stream's methods while the store was read (25 of its 152 compilations).
 */
final class CountingInputStream extends FilterInputStream {

    private static final int SMALL_BUFFER = 16 * 1024;
    private static final int LARGEST_BUFFER = 1 << 20;

    private final long fileSize;
    private long count;
    private long markedCount;

    /**
     * @param fileSize the file's length in bytes, as its folder gives it
     * @param whole    whether the file will be read to its end (else only its first bytes: a small buffer)
     */
    CountingInputStream(InputStream in, long fileSize, boolean whole) {
        super(new java.io.BufferedInputStream(in, whole ? (int) Math.max(SMALL_BUFFER, Math.min(fileSize, LARGEST_BUFFER)) : SMALL_BUFFER));
        this.fileSize = fileSize;
    }

    long fileSize() {
        return fileSize;
    }

    long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        count += skipped;
        return skipped;
    }

    @Override
    public synchronized void mark(int readLimit) {
        super.mark(readLimit);
        markedCount = count;
    }

    @Override
    public synchronized void reset() throws IOException {
        super.reset();
        count = markedCount;
    }
}
