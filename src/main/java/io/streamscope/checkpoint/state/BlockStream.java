package io.streamscope.checkpoint.state;

import java.io.IOException;
import java.io.InputStream;

/**
 * A decompressing stream read a block at a time (LZ4's blocks, Snappy's chunks) that also lends the block it has
 * decompressed, so that the records lying wholly inside it are read in place: through {@code DataInputStream} a
 * record took four calls (two sizes, two copies) down to here; in place it is two ints and one copy. Reads through
 * the stream and in place may alternate. Its arrays are the thread's ({@link ReadBuffers}), given back on {@link #close}.
 */
abstract class BlockStream extends InputStream {

    private static final byte[] NONE = new byte[0];

    protected final InputStream in;
    private byte[] block = NONE;
    private byte[] compressed = NONE;
    private int limit;
    private int position;
    private boolean finished;

    BlockStream(InputStream in) {
        this.in = in;
    }

    /**
     * Reads the next block from {@link #in}: hands its bytes over with {@link #decoded} (none for an end mark or a
     * header) or says the stream {@link #finished}. Damage is an {@link IOException}.
     */
    protected abstract void nextBlock() throws IOException;

    /** Where the next block is decompressed: the last block's array when it is large enough. */
    protected final byte[] blockBuffer(int length) {
        if (block.length < length) {
            ReadBuffers.giveBack(ReadBuffers.Use.BLOCK, block);
            block = ReadBuffers.take(ReadBuffers.Use.BLOCK, length);
        }
        return block;
    }

    /** Where the next block is read as stored, {@code length} bytes checked against the file before: likewise. */
    protected final byte[] compressedBuffer(int length) {
        if (compressed.length < length) {
            ReadBuffers.giveBack(ReadBuffers.Use.COMPRESSED, compressed);
            compressed = ReadBuffers.take(ReadBuffers.Use.COMPRESSED, length);
        }
        return compressed;
    }

    /** The first {@code length} bytes of {@link #blockBuffer} are the next block's. */
    protected final void decoded(int length) {
        limit = length;
        position = 0;
    }

    protected final void finished() {
        finished = true;
    }

    @Override
    public final int read() throws IOException {
        if (!fill()) {
            return -1;
        }
        return block[position++] & 0xFF;
    }

    @Override
    public final int read(byte[] buffer, int offset, int length) throws IOException {
        java.util.Objects.checkFromIndexSize(offset, length, buffer.length);
        if (length == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(length, limit - position);
        System.arraycopy(block, position, buffer, offset, n);
        position += n;
        return n;
    }

    @Override
    public final int available() {
        return finished ? 0 : limit - position;
    }

    /** Closes the file and gives the arrays back; reads after it end the stream. */
    @Override
    public final void close() throws IOException {
        ReadBuffers.giveBack(ReadBuffers.Use.BLOCK, block);
        ReadBuffers.giveBack(ReadBuffers.Use.COMPRESSED, compressed);
        block = NONE;
        compressed = NONE;
        limit = 0;
        position = 0;
        finished = true;
        in.close();
    }

    /** Makes bytes ready, reading the next non-empty block when this one is used up; false at the end of the stream. */
    final boolean fill() throws IOException {
        while (!finished && position == limit) {
            nextBlock();
        }
        return !finished;
    }

    /** The current block's bytes: those from {@link #position()} to {@link #limit()} are unread, until the next fill. */
    final byte[] block() {
        return block;
    }

    final int position() {
        return position;
    }

    final int limit() {
        return limit;
    }

    /** Marks the block's bytes before {@code position} as read. */
    final void position(int position) {
        if (position < this.position || position > limit) {
            throw new IndexOutOfBoundsException("position " + position + " outside " + this.position + "–" + limit);
        }
        this.position = position;
    }
}
