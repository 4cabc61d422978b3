package io.streamscope.checkpoint.state;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes consumed from a file, so that errors can say where they happened. It buffers the file itself
 * and counts what its reader took, not what was read ahead.
 */
final class CountingInputStream extends FilterInputStream {

    private static final int BUFFER = 16 * 1024;

    private long count;
    private long markedCount;

    CountingInputStream(InputStream in) {
        super(new java.io.BufferedInputStream(in, BUFFER));
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
