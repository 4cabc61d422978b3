package io.streamscope.checkpoint.state;

import com.github.luben.zstd.ZstdInputStream;
import com.ning.compress.lzf.LZFInputStream;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.xerial.snappy.SnappyInputStream;

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
    /** lz4-java's default, which Spark keeps. */
    private static final int LZ4_CHECKSUM_SEED = 0x9747b28c;
    private final byte[] magic;

    StateCodec(byte[] magic) {
        this.magic = magic;
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
     * Opens the decompressed stream of a state file.
     *
     * @throws StateFileException when the file is empty or starts with no known codec's magic
     */
    static InputStream open(CountingInputStream in) throws IOException, StateFileException {
        in.mark(MAGIC_BYTES);
        byte[] head = in.readNBytes(MAGIC_BYTES);
        in.reset();
        if (head.length == 0) {
            throw new StateFileException(0, "empty file (an empty state file still holds a compressed end marker)");
        }
        StateCodec codec = sniff(head);
        if (codec == null) {
            throw new StateFileException(0, "not a compressed state file: starts with " + hex(head)
                    + " (expected the magic of lz4, snappy, zstd or lzf)");
        }
        return switch (codec) {
            // The pure-Java "safe" decompressor: damaged or hostile input raises an exception, it cannot read past a buffer.
            case LZ4 -> new LZ4BlockInputStream(in, LZ4Factory.safeInstance().fastDecompressor(),
                    XXHashFactory.fastestInstance().newStreamingHash32(LZ4_CHECKSUM_SEED).asChecksum(), false);
            case SNAPPY -> new SnappyInputStream(in);
            case ZSTD -> new ZstdInputStream(in);
            case LZF -> new LZFInputStream(in);
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
