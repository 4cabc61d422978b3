package io.streamscope.checkpoint.state;

import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads lz4-java's {@code LZ4BlockOutputStream} framing, as Spark's LZ4 codec writes it, with every length checked
 * before anything is allocated: a block is {@code "LZ4Block"}, a token (method | level), int32 LE compressed and
 * decompressed lengths, the XXH32 checksum (seed {@code 0x9747b28c}, 28 bits), then the data; an empty block is the
 * end mark, after which another stream may follow (concatenation) or the file ends. A compressed length is never
 * more than the bytes left in the file, a decompressed one never more than the token's block size (lz4-java's own
 * check) nor 255 times its compressed length (LZ4's greatest ratio). Malformed LZ4 data is an {@link IOException}.
 */
final class Lz4BlockStream extends BlockStream {

    private static final byte[] MAGIC = {'L', 'Z', '4', 'B', 'l', 'o', 'c', 'k'};
    private static final int HEADER_LENGTH = MAGIC.length + 1 + 4 + 4 + 4;
    private static final int METHOD_RAW = 0x10;
    private static final int METHOD_LZ4 = 0x20;
    private static final int LEVEL_BASE = 10;
    private static final int SEED = 0x9747b28c;
    /** An LZ4 sequence of n bytes expands to at most about 255 n bytes. */
    private static final int MAX_RATIO = 256;

    /** The native library where it loads (its safe decompressor never reads or writes out of bounds), else Java's. */
    private static final LZ4SafeDecompressor DECOMPRESSOR = LZ4Factory.fastestInstance().safeDecompressor();
    private static final XXHash32 HASH = XXHashFactory.fastestInstance().hash32();

    private final Budget budget;
    private final byte[] header = new byte[HEADER_LENGTH];
    /** The last block was an end mark: the file may end here. */
    private boolean sawEndMark;

    /** How many bytes of the file are left to read: lengths are checked against it. */
    interface Budget {
        long remaining();
    }

    Lz4BlockStream(InputStream in, Budget budget) {
        super(in);
        this.budget = budget;
    }

    /** Nothing but this class's loading: its decompressor and checksum, native where they can be. */
    static void load() {
    }

    @Override
    protected void nextBlock() throws IOException {
        int got = in.readNBytes(header, 0, HEADER_LENGTH);
        if (got == 0 && sawEndMark) {
            finished(); // the stream ended after an end mark, as Spark's files do
            return;
        }
        if (got < HEADER_LENGTH) {
            throw new EOFException("the file ends inside an LZ4 block header (truncated, no end mark)");
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (header[i] != MAGIC[i]) {
                throw new IOException("an LZ4 block does not start with \"LZ4Block\"");
            }
        }
        int token = header[MAGIC.length] & 0xFF;
        int method = token & 0xF0;
        int level = LEVEL_BASE + (token & 0x0F);
        int compressedLength = intLE(header, MAGIC.length + 1);
        int length = intLE(header, MAGIC.length + 5);
        int checksum = intLE(header, MAGIC.length + 9);
        if (method != METHOD_RAW && method != METHOD_LZ4) {
            throw new IOException("unknown LZ4 block method 0x" + Integer.toHexString(method));
        }
        if (length < 0 || compressedLength < 0 || length > 1 << level
                || (length == 0) != (compressedLength == 0)
                || (method == METHOD_RAW && length != compressedLength)) {
            throw new IOException("implausible LZ4 block lengths: " + Integer.toUnsignedString(compressedLength)
                    + " compressed, " + Integer.toUnsignedString(length) + " decompressed (block size " + (1 << level) + ")");
        }
        if (length == 0) {
            if (checksum != 0) {
                throw new IOException("an LZ4 end mark with a non-zero checksum");
            }
            sawEndMark = true;
            decoded(0);
            return;
        }
        sawEndMark = false;
        long left = budget.remaining();
        if (compressedLength > left) {
            throw new EOFException("an LZ4 block claims " + compressedLength + " bytes but only " + left
                    + " are left in the file (truncated or damaged length)");
        }
        if ((long) length > (long) compressedLength * MAX_RATIO) {
            throw new IOException("an LZ4 block of " + compressedLength + " bytes cannot decompress to " + length);
        }
        byte[] compressed = compressedBuffer(compressedLength);
        if (in.readNBytes(compressed, 0, compressedLength) < compressedLength) {
            throw new EOFException("the file ends inside an LZ4 block");
        }
        byte[] block = blockBuffer(length);
        if (method == METHOD_RAW) {
            System.arraycopy(compressed, 0, block, 0, length);
        } else {
            int n;
            try {
                n = DECOMPRESSOR.decompress(compressed, 0, compressedLength, block, 0, length);
            } catch (LZ4Exception e) {
                throw new IOException("malformed LZ4 block: " + e.getMessage());
            }
            if (n != length) {
                throw new IOException("an LZ4 block decompressed to " + n + " bytes instead of " + length);
            }
        }
        if ((HASH.hash(block, 0, length, SEED) & 0x0FFFFFFF) != checksum) {
            throw new IOException("LZ4 block checksum mismatch");
        }
        decoded(length);
    }

    private static int intLE(byte[] bytes, int at) {
        return (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8 | (bytes[at + 2] & 0xFF) << 16 | (bytes[at + 3] & 0xFF) << 24;
    }
}
