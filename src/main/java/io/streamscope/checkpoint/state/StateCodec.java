package io.streamscope.checkpoint.state;

import com.ning.compress.lzf.LZFInputStream;
import com.ning.compress.lzf.util.ChunkDecoderFactory;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The compression around state files ({@code .delta}, {@code .snapshot}, {@code .changelog}): Spark's
 * {@code CompressionCodec} chosen by {@code spark.sql.streaming.stateStore.compression.codec} (LZ4 by default). The
 * codec is recognised by its magic bytes, which is what the conf recorded anyway, and works for checkpoints older
 * than the conf key.
 */
public enum StateCodec {
    /** lz4-java's {@code LZ4BlockOutputStream}: "LZ4Block" blocks with XXH32 checksums. */
    LZ4(new byte[]{'L', 'Z', '4', 'B', 'l', 'o', 'c', 'k'}),
    /** snappy-java's {@code SnappyOutputStream}. */
    SNAPPY(new byte[]{(byte) 0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0}),
    /** zstd-jni: a standard zstd frame. */
    ZSTD(new byte[]{0x28, (byte) 0xB5, 0x2F, (byte) 0xFD}),
    /** compress-lzf's {@code LZFOutputStream}: "ZV" chunks. */
    LZF(new byte[]{'Z', 'V'});

    private static final int MAGIC_BYTES = 8;
    private final byte[] magic;

    StateCodec(byte[] magic) {
        this.magic = magic;
    }

    /**
     * Loads the LZ4 decoder (Spark's default codec: lz4-java's native library, which tests itself as it loads) on a
     * thread of its own, for a command about to read state files: it loads while the command reads the checkpoint's
     * logs, where the first file opened had waited for it, and every other reading thread with it.
     */
    public static void loadLz4InBackground() {
        Thread loader = new Thread(Lz4BlockStream::load, "streamscope-lz4-load");
        loader.setDaemon(true);
        loader.start();
    }

    /** The codec whose magic starts {@code head}, or null. */
    public static StateCodec sniff(byte[] head) {
        for (StateCodec codec : values()) {
            if (head.length >= codec.magic.length && Arrays.equals(head, 0, codec.magic.length, codec.magic, 0, codec.magic.length)) {
                return codec;
            }
        }
        return null;
    }

    /**
     * Opens the decompressed stream of a state file. LZ4 and Snappy framing are read here, every length checked
     * against the bytes left in the file (its size minus what was read) before anything is allocated; zstd
     * and LZF chunks carry bounded sizes of their own (LZF's 16-bit lengths; zstd's window, which its library caps).
     *
     * @throws StateFileException when the file is empty or starts with no known codec's magic
     */
    static InputStream open(CountingInputStream in) throws IOException, StateFileException {
        long fileSize = in.fileSize();
        byte[] head = in.peek(MAGIC_BYTES);
        if (head.length == 0) {
            throw new StateFileException(0, "empty file (an empty state file still holds a compressed end marker)");
        }
        StateCodec codec = sniff(head);
        if (codec == null) {
            throw new StateFileException(0, "not a compressed state file: starts with " + hex(head)
                    + " (expected the magic of lz4, snappy, zstd or lzf)");
        }
        return switch (codec) {
            // Pure-Java "safe" decoders where there is a choice: damaged input raises an exception, never reads past a buffer.
            case LZ4 -> new Lz4BlockStream(in, () -> fileSize - in.count());
            case SNAPPY -> new SnappyStream(in, () -> fileSize - in.count());
            case ZSTD -> new ZstdStream(in);
            case LZF -> new LZFInputStream(ChunkDecoderFactory.safeInstance(), in);
        };
    }

    private static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (byte b : bytes) {
            text.append(String.format("%02x ", b));
        }
        return text.toString().trim();
    }
}
