package io.streamscope.checkpoint.state.sst;

import com.github.luben.zstd.Zstd;
import io.streamscope.checkpoint.state.StateFileException;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.xerial.snappy.Snappy;

import java.io.IOException;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Block decompression as RocksDB's built-in compression ({@code util/compression.cc}, "compress_format_version"):
 * from table format_version 2 on, zlib/bzip2/LZ4/ZSTD blocks start with a varint32 of the decompressed size
 * (Snappy carries its own); before that, LZ4 blocks start with an 8-byte little-endian size and zlib blocks have
 * none. zlib is raw deflate. Sizes are capped at {@link SstFile#MAX_BLOCK_BYTES} before anything is allocated.
 */
final class Decompression {

    static final int NONE = 0x0;
    static final int SNAPPY = 0x1;
    static final int ZLIB = 0x2;
    static final int BZIP2 = 0x3;
    static final int LZ4 = 0x4;
    static final int LZ4HC = 0x5;
    static final int XPRESS = 0x6;
    static final int ZSTD = 0x7;
    /** The pre-1.0 ZSTD type code, same format as {@link #ZSTD}. */
    static final int ZSTD_NOT_FINAL = 0x40;

    /** Greatest expansion of each format: a 3-byte Snappy copy gives 64 bytes, LZ4 about 255:1, DEFLATE 1032:1. */
    private static final long SNAPPY_RATIO = 22;
    private static final long LZ4_RATIO = 256;
    private static final long DEFLATE_RATIO = 1040;

    private static final LZ4SafeDecompressor LZ4_DECOMPRESSOR = LZ4Factory.safeInstance().safeDecompressor();

    private Decompression() {
    }

    static String name(int type) {
        return switch (type) {
            case NONE -> "none";
            case SNAPPY -> "Snappy";
            case ZLIB -> "zlib";
            case BZIP2 -> "bzip2";
            case LZ4 -> "LZ4";
            case LZ4HC -> "LZ4HC";
            case XPRESS -> "XPRESS";
            case ZSTD, ZSTD_NOT_FINAL -> "ZSTD";
            default -> "unknown compression type 0x" + Integer.toHexString(type);
        };
    }

    /**
     * Decompresses {@code [off, off+len)} of {@code raw} (a block's stored contents).
     *
     * @param dictionary the file's {@code rocksdb.compression_dict} contents, or null
     */
    static byte[] decompress(int type, byte[] raw, int off, int len, int formatVersion, byte[] dictionary,
                             Bytes.Where where) throws StateFileException {
        Bytes in = new Bytes(raw, off, off + len, where);
        boolean sizePrefixed = formatVersion >= 2;
        try {
            switch (type) {
                case SNAPPY -> {
                    int size = checkedSize(in, in.varint32("Snappy uncompressed length"), len, SNAPPY_RATIO);
                    byte[] out = new byte[size];
                    int n = Snappy.uncompress(raw, off, len, out, 0);
                    return exact(in, out, n);
                }
                case LZ4, LZ4HC -> {
                    int size;
                    if (sizePrefixed) {
                        size = checkedSize(in, in.varint32("LZ4 decompressed size"), len, LZ4_RATIO);
                    } else {
                        long legacy = in.fixed64();
                        size = checkedSize(in, legacy & 0xffffffffL, len, LZ4_RATIO);
                    }
                    if (dictionary != null) {
                        throw in.damage(off, "LZ4 with a compression dictionary is not supported");
                    }
                    byte[] out = new byte[size];
                    int n = LZ4_DECOMPRESSOR.decompress(raw, in.pos, off + len - in.pos, out, 0, size);
                    return exact(in, out, n);
                }
                case ZSTD, ZSTD_NOT_FINAL -> {
                    int size = checkedSize(in, in.varint32("ZSTD decompressed size"), len, Long.MAX_VALUE);
                    byte[] out = new byte[size];
                    long n = dictionary == null
                            ? Zstd.decompressByteArray(out, 0, size, raw, in.pos, off + len - in.pos)
                            : Zstd.decompressUsingDict(out, 0, raw, in.pos, off + len - in.pos, dictionary);
                    if (Zstd.isError(n)) {
                        throw in.damage(off, "ZSTD: " + Zstd.getErrorName(n));
                    }
                    return exact(in, out, (int) n);
                }
                case ZLIB -> {
                    return inflate(in, sizePrefixed, dictionary);
                }
                case BZIP2, XPRESS -> throw in.damage(off, name(type) + " compression is not supported by this reader");
                default -> throw in.damage(off, name(type));
            }
        } catch (IOException | RuntimeException e) {
            // lz4-java, snappy-java and zstd-jni report damaged input with these
            throw in.damage(off, name(type) + " data is damaged: " + e.getMessage());
        } catch (OutOfMemoryError e) {
            throw in.damage(off, name(type) + " block needs more memory than is left: "
                    + io.streamscope.checkpoint.state.HeapLimit.advice());
        } catch (Error e) {
            // snappy-java's SnappyError, a native library that failed to load
            throw in.damage(off, name(type) + " decompression failed: " + e);
        }
    }

    private static byte[] inflate(Bytes in, boolean sizePrefixed, byte[] dictionary) throws StateFileException {
        int expected = sizePrefixed ? checkedSize(in, in.varint32("zlib decompressed size"), in.limit - in.pos, DEFLATE_RATIO) : -1;
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(in.buf, in.pos, in.limit - in.pos);
            if (dictionary != null) {
                inflater.setDictionary(dictionary);
            }
            if (expected >= 0) {
                byte[] out = new byte[expected];
                int n = 0;
                while (n < expected && !inflater.finished()) {
                    int got = inflater.inflate(out, n, expected - n);
                    if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                        break;
                    }
                    n += got;
                }
                return exact(in, out, n);
            }
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            byte[] chunk = new byte[64 * 1024];
            while (!inflater.finished()) {
                int got = inflater.inflate(chunk);
                if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw in.damage("zlib data ends early");
                }
                out.write(chunk, 0, got);
                if (out.size() > SstFile.MAX_BLOCK_BYTES) {
                    throw in.damage("zlib block inflates to more than " + SstFile.MAX_BLOCK_BYTES + " bytes");
                }
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw in.damage("zlib data is damaged: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }

    /**
     * A decompressed size, checked before anything is allocated: at most {@link SstFile#MAX_BLOCK_BYTES}, and at most
     * what {@code stored} bytes can expand to in this format ({@code ratio} times; zstd's RLE blocks have no useful
     * bound).
     */
    private static int checkedSize(Bytes in, long size, long stored, long ratio) throws StateFileException {
        if (size < 0 || size > SstFile.MAX_BLOCK_BYTES) {
            throw in.damage("decompressed size " + size + " is beyond the limit of " + SstFile.MAX_BLOCK_BYTES + " bytes");
        }
        if (ratio != Long.MAX_VALUE && size > stored * ratio + 64) {
            throw in.damage("decompressed size " + size + " is more than " + stored + " stored bytes can hold");
        }
        return (int) size;
    }

    private static byte[] exact(Bytes in, byte[] out, int n) throws StateFileException {
        if (n != out.length) {
            throw in.damage("decompressed to " + n + " bytes instead of the announced " + out.length);
        }
        return out;
    }
}
