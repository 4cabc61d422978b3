package io.streamscope.checkpoint.state;

import org.xerial.snappy.Snappy;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads snappy-java's {@code SnappyOutputStream} framing, as Spark's Snappy codec writes it, with every length checked
 * before anything is allocated: a 16-byte header ({@code 82 'SNAPPY' 00}, int32 BE version and minimum compatible
 * version), then chunks of {@code [int32 BE length][raw Snappy block]}; a header may start again inside the stream
 * (concatenated streams). A chunk is never longer than the bytes left in the file; its varint32 decompressed length is
 * read here and never more than 22 times the chunk (Snappy's greatest expansion is 64 bytes from a 3-byte copy) nor
 * {@link #MAX_CHUNK_BYTES}. The block is validated before it is decompressed.
 */
final class SnappyStream extends BlockStream {

    static final byte[] MAGIC = {(byte) 0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0};
    private static final int HEADER_LENGTH = 16;
    private static final int MAGIC_HEAD = 0x82534E41;
    private static final int MAX_RATIO = 22;
    /** snappy-java writes 32 KiB chunks by default; nothing Spark writes comes near this. */
    static final int MAX_CHUNK_BYTES = 64 * 1024 * 1024;

    private final Lz4BlockStream.Budget budget;

    SnappyStream(InputStream in, Lz4BlockStream.Budget budget) throws IOException {
        super(in);
        this.budget = budget;
        byte[] header = new byte[HEADER_LENGTH];
        if (in.readNBytes(header, 0, HEADER_LENGTH) < HEADER_LENGTH) {
            throw new EOFException("the file ends inside the Snappy stream header");
        }
        checkHeader(header);
    }

    private static void checkHeader(byte[] header) throws IOException {
        for (int i = 0; i < MAGIC.length; i++) {
            if (header[i] != MAGIC[i]) {
                throw new IOException("not a Snappy stream header");
            }
        }
        int compatible = intBE(header, 12);
        if (compatible > 1) {
            throw new IOException("a Snappy stream of version " + compatible + " (this reader knows version 1)");
        }
    }

    @Override
    protected void nextBlock() throws IOException {
        byte[] lengthBytes = new byte[4];
        int got = in.readNBytes(lengthBytes, 0, 4);
        if (got == 0) {
            finished();
            return;
        }
        if (got < 4) {
            throw new EOFException("the file ends inside a Snappy chunk length");
        }
        int length = intBE(lengthBytes, 0);
        if (length == MAGIC_HEAD) {
            byte[] header = new byte[HEADER_LENGTH];
            System.arraycopy(lengthBytes, 0, header, 0, 4);
            if (in.readNBytes(header, 4, HEADER_LENGTH - 4) < HEADER_LENGTH - 4) {
                throw new EOFException("the file ends inside a Snappy stream header");
            }
            checkHeader(header);
            decoded(0);
            return;
        }
        long left = budget.remaining();
        if (length <= 0 || length > left || length > MAX_CHUNK_BYTES) {
            throw new IOException("a Snappy chunk claims " + Integer.toUnsignedString(length) + " bytes, but "
                    + left + " are left in the file (truncated or damaged length)");
        }
        byte[] compressed = compressedBuffer(length);
        if (in.readNBytes(compressed, 0, length) < length) {
            throw new EOFException("the file ends inside a Snappy chunk");
        }
        long size = uncompressedLength(compressed, length);
        if (size > (long) length * MAX_RATIO || size > MAX_CHUNK_BYTES) {
            throw new IOException("a Snappy chunk of " + length + " bytes claims to decompress to " + size + " bytes");
        }
        if (!Snappy.isValidCompressedBuffer(compressed, 0, length)) {
            throw new IOException("malformed Snappy chunk");
        }
        int n = Snappy.uncompress(compressed, 0, length, blockBuffer((int) size), 0);
        if (n != size) {
            throw new IOException("a Snappy chunk decompressed to " + n + " bytes instead of " + size);
        }
        decoded(n);
    }

    /** The varint32 at the start of a raw Snappy block: at most five bytes, 32 bits. */
    private static long uncompressedLength(byte[] block, int length) throws IOException {
        long value = 0;
        for (int i = 0; i < 5; i++) {
            if (i >= length) {
                throw new IOException("a Snappy chunk ends inside its length varint");
            }
            int b = block[i] & 0xFF;
            value |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                if (value > 0xFFFFFFFFL) {
                    break;
                }
                return value;
            }
        }
        throw new IOException("a Snappy chunk's length varint is longer than 32 bits");
    }

    private static int intBE(byte[] bytes, int at) {
        return (bytes[at] & 0xFF) << 24 | (bytes[at + 1] & 0xFF) << 16 | (bytes[at + 2] & 0xFF) << 8 | (bytes[at + 3] & 0xFF);
    }
}
