package io.streamscope.storage;

import org.apache.hadoop.fs.FSDataInputStream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileLock;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A read-only {@link java.nio.channels.FileChannel} over a Hadoop input stream: sequential reads stream, positional
 * reads ({@link #read(ByteBuffer, long)}, used by the SST reader) go through Hadoop's {@code PositionedReadable} and
 * leave the position alone. Writing, truncating, mapping and locking are refused.
 */
final class HadoopFileChannel extends java.nio.channels.FileChannel {

    private static final int CHUNK = 64 * 1024;

    private final FSDataInputStream in;
    private final long size;
    private long position;
    /** Where the stream itself stands, so that a sequential read after a {@link #position(long)} seeks once. */
    private long streamPosition;

    HadoopFileChannel(FSDataInputStream in, long size) {
        this.in = in;
        this.size = size;
    }

    @Override
    public synchronized int read(ByteBuffer dst) throws IOException {
        ensureOpen();
        if (position >= size) {
            return -1;
        }
        if (streamPosition != position) {
            in.seek(position);
            streamPosition = position;
        }
        int n = transfer(dst, (bytes, offset, length) -> in.read(bytes, offset, length));
        if (n > 0) {
            position += n;
            streamPosition += n;
        }
        return n;
    }

    @Override
    public int read(ByteBuffer dst, long at) throws IOException {
        ensureOpen();
        if (at < 0) {
            throw new IllegalArgumentException("negative position " + at);
        }
        if (at >= size) {
            return -1;
        }
        long[] where = {at};
        return transfer(dst, (bytes, offset, length) -> in.read(where[0], bytes, offset, length));
    }

    private interface Source {
        int read(byte[] bytes, int offset, int length) throws IOException;
    }

    private static int transfer(ByteBuffer dst, Source source) throws IOException {
        int wanted = dst.remaining();
        if (wanted == 0) {
            return 0;
        }
        if (dst.hasArray()) {
            int n = source.read(dst.array(), dst.arrayOffset() + dst.position(), wanted);
            if (n > 0) {
                dst.position(dst.position() + n);
            }
            return n;
        }
        byte[] chunk = new byte[Math.min(wanted, CHUNK)];
        int n = source.read(chunk, 0, chunk.length);
        if (n > 0) {
            dst.put(chunk, 0, n);
        }
        return n;
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        long total = 0;
        for (int i = offset; i < offset + length; i++) {
            if (!dsts[i].hasRemaining()) {
                continue;
            }
            int n = read(dsts[i]);
            if (n < 0) {
                return total == 0 ? -1 : total;
            }
            total += n;
            if (dsts[i].hasRemaining()) {
                break;
            }
        }
        return total;
    }

    @Override
    public synchronized long position() throws IOException {
        ensureOpen();
        return position;
    }

    @Override
    public synchronized HadoopFileChannel position(long newPosition) throws IOException {
        ensureOpen();
        if (newPosition < 0) {
            throw new IllegalArgumentException("negative position " + newPosition);
        }
        position = newPosition;
        return this;
    }

    @Override
    public long size() throws IOException {
        ensureOpen();
        return size;
    }

    @Override
    public long transferTo(long at, long count, WritableByteChannel target) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(CHUNK, Math.max(1, count)));
        long done = 0;
        while (done < count) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), count - done));
            int n = read(buffer, at + done);
            if (n <= 0) {
                break;
            }
            buffer.flip();
            while (buffer.hasRemaining()) {
                target.write(buffer);
            }
            done += n;
        }
        return done;
    }

    @Override
    public int write(ByteBuffer src) {
        throw new NonWritableChannelException();
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) {
        throw new NonWritableChannelException();
    }

    @Override
    public int write(ByteBuffer src, long at) {
        throw new NonWritableChannelException();
    }

    @Override
    public HadoopFileChannel truncate(long newSize) {
        throw new NonWritableChannelException();
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long at, long count) {
        throw new NonWritableChannelException();
    }

    @Override
    public void force(boolean metaData) {
        // nothing was written
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long at, long length) {
        throw new UnsupportedOperationException("a remote file cannot be mapped");
    }

    @Override
    public FileLock lock(long at, long length, boolean shared) {
        throw new UnsupportedOperationException("a remote file cannot be locked");
    }

    @Override
    public FileLock tryLock(long at, long length, boolean shared) {
        throw new UnsupportedOperationException("a remote file cannot be locked");
    }

    private void ensureOpen() throws IOException {
        if (!isOpen()) {
            throw new java.nio.channels.ClosedChannelException();
        }
    }

    @Override
    protected void implCloseChannel() throws IOException {
        in.close();
    }
}
