package io.streamscope.checkpoint.state.sst;

import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHash64;
import net.jpountz.xxhash.XXHashFactory;

import java.util.zip.CRC32C;

/**
 * RocksDB's block checksums ({@code table/format.cc ComputeBuiltinChecksum}): crc32c (masked), xxHash32, the low
 * 32 bits of xxHash64, or XXH3-64 with the last byte mixed in separately. The checksum of a block covers its
 * contents plus the compression type byte; the footer of format_version ≥ 6 adds a "context" modifier derived from
 * the block's offset.
 */
final class Checksums {

    static final int NO_CHECKSUM = 0;
    static final int CRC32C_TYPE = 1;
    static final int XXHASH = 2;
    static final int XXHASH64 = 3;
    static final int XXH3 = 4;

    private static final int CRC_MASK_DELTA = 0xa282ead8;
    private static final int LAST_BYTE_PRIME = 0x6b9083d9;

    private static final XXHash32 XXH32 = XXHashFactory.safeInstance().hash32();
    private static final XXHash64 XXH64 = XXHashFactory.safeInstance().hash64();

    private Checksums() {
    }

    static boolean isKnown(int type) {
        return type >= NO_CHECKSUM && type <= XXH3;
    }

    /** Whether this reader can compute the type: all but "none". */
    static boolean canVerify(int type) {
        return type == CRC32C_TYPE || type == XXHASH || type == XXHASH64 || type == XXH3;
    }

    static String name(int type) {
        return switch (type) {
            case NO_CHECKSUM -> "none";
            case CRC32C_TYPE -> "crc32c";
            case XXHASH -> "xxHash32";
            case XXHASH64 -> "xxHash64";
            case XXH3 -> "XXH3";
            default -> "unknown (" + type + ")";
        };
    }

    /** The checksum of {@code len} bytes as RocksDB stores it (crc32c masked, xxHash64 truncated to 32 bits). */
    static int compute(int type, byte[] data, int off, int len) {
        return switch (type) {
            case CRC32C_TYPE -> {
                CRC32C crc = new CRC32C();
                crc.update(data, off, len);
                yield mask((int) crc.getValue());
            }
            case XXHASH -> XXH32.hash(data, off, len, 0);
            case XXHASH64 -> (int) XXH64.hash(data, off, len, 0L);
            case XXH3 -> {
                if (len == 0) {
                    yield 0;
                }
                // XXH3 of all but the last byte, then the last byte folded in (ModifyChecksumForLastByte)
                int v = (int) Xxh3.hash64(data, off, len - 1);
                yield v ^ (data[off + len - 1] & 0xff) * LAST_BYTE_PRIME;
            }
            default -> throw new IllegalArgumentException("cannot compute checksum type " + type);
        };
    }

    /** {@code crc32c::Mask}: rotate right by 15 bits and add a constant. */
    static int mask(int crc) {
        return ((crc >>> 15) | (crc << 17)) + CRC_MASK_DELTA;
    }

    /** {@code ChecksumModifierForContext}: 0 when the file has no base context checksum (format_version < 6). */
    static int contextModifier(int baseContextChecksum, long offset) {
        if (baseContextChecksum == 0) {
            return 0;
        }
        return baseContextChecksum ^ ((int) offset + (int) (offset >>> 32));
    }
}
