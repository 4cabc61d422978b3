package io.streamscope.checkpoint.state;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * A state file's bytes, buffered, counting those consumed so that errors can say where they happened: it counts what
 * its reader took, not what was read ahead.
 * <p>
 * For a file read whole, the buffer is the file's size, up to 1 MB: a state file is read in one or a few reads. With
 * 16 KB, a 10M-key store (140 MB) took some 9,000 reads through Java's channel stream, often enough that C2 compiled
 * the stream's methods while the store was read (25 of its 152 compilations). The buffer is the thread's
 * ({@link ReadBuffers}), given back on {@link #close}.
 */
final class CountingInputStream extends InputStream {

    private static final int SMALL_BUFFER = 16 * 1024;
    private static final int LARGEST_BUFFER = 1 << 20;

    private final InputStream in;
    private final long fileSize;
    /** The most read from the file at once: its size up to 1 MB, or 16 KB (the buffer lent may be longer). */
    private final int fillSize;
    private byte[] buffer;
    private int position;
    private int limit;
    private long count;

    /**
     * @param fileSize the file's length in bytes, as its folder gives it
     * @param whole    whether the file will be read to its end (else only its first bytes: a small buffer)
     */
    CountingInputStream(InputStream in, long fileSize, boolean whole) {
        this.in = in;
        this.fileSize = fileSize;
        this.fillSize = whole ? (int) Math.max(SMALL_BUFFER, Math.min(fileSize, LARGEST_BUFFER)) : SMALL_BUFFER;
        this.buffer = ReadBuffers.take(ReadBuffers.Use.FILE, fillSize);
    }

    long fileSize() {
        return fileSize;
    }

    long count() {
        return count;
    }

    /** The next {@code n} bytes (fewer where the file ends first), left unread. {@code n} is at most 16 KB. */
    byte[] peek(int n) throws IOException {
        if (n > SMALL_BUFFER) {
            throw new IllegalArgumentException("a peek of " + n + " bytes");
        }
        if (limit - position < n) {
            System.arraycopy(buffer(), position, buffer, 0, limit - position);
            limit -= position;
            position = 0;
            while (limit < n) {
                int got = in.read(buffer, limit, fillSize - limit);
                if (got < 0) {
                    break;
                }
                limit += got;
            }
        }
        return Arrays.copyOfRange(buffer, position, position + Math.min(n, limit - position));
    }

    @Override
    public int read() throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        count++;
        return buffer[position++] & 0xFF;
    }

    @Override
    public int read(byte[] to, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, to.length);
        if (length == 0) {
            return 0;
        }
        if (position == limit) {
            if (length >= fillSize) { // as much as a fill: straight into the reader's array
                int got = in.read(to, offset, length);
                if (got > 0) {
                    count += got;
                }
                return got;
            }
            if (!fill()) {
                return -1;
            }
        }
        int n = Math.min(length, limit - position);
        System.arraycopy(buffer, position, to, offset, n);
        position += n;
        count += n;
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        if (n <= 0) {
            return 0;
        }
        long skipped;
        if (position < limit) {
            skipped = Math.min(n, limit - position);
            position += (int) skipped;
        } else {
            skipped = in.skip(n);
        }
        count += skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        return (limit - position) + in.available();
    }

    /** Closes the file and gives the buffer back; reads after it fail. */
    @Override
    public void close() throws IOException {
        if (buffer != null) {
            ReadBuffers.giveBack(ReadBuffers.Use.FILE, buffer);
            buffer = null;
            position = 0;
            limit = 0;
        }
        in.close();
    }

    private boolean fill() throws IOException {
        int got = in.read(buffer(), 0, fillSize);
        position = 0;
        limit = Math.max(got, 0);
        return got > 0;
    }

    private byte[] buffer() throws IOException {
        if (buffer == null) {
            throw new IOException("the file is closed");
        }
        return buffer;
    }
}
