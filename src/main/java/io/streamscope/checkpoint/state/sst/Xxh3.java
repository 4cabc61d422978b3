package io.streamscope.checkpoint.state.sst;

/**
 * XXH3-64 with seed 0 and the default secret (xxHash 0.8, the function RocksDB's default {@code kXXH3} block
 * checksum uses; rocksdbjni ≥ 8 writes it, so Spark's SST files carry it). A straight scalar implementation of the
 * reference algorithm: short inputs (≤ 16, ≤ 128, ≤ 240 bytes) and the long-input stripe/accumulate/scramble loop.
 */
final class Xxh3 {

    private static final long PRIME32_1 = 0x9E3779B1L;
    private static final long PRIME32_2 = 0x85EBCA77L;
    private static final long PRIME32_3 = 0xC2B2AE3DL;
    private static final long PRIME64_1 = 0x9E3779B185EBCA87L;
    private static final long PRIME64_2 = 0xC2B2AE3D27D4EB4FL;
    private static final long PRIME64_3 = 0x165667B19E3779F9L;
    private static final long PRIME64_4 = 0x85EBCA77C2B2AE63L;
    private static final long PRIME64_5 = 0x27D4EB2F165667C5L;
    private static final long PRIME_MX1 = 0x165667919E3779F9L;
    private static final long PRIME_MX2 = 0x9FB21C651E98DF25L;

    private static final int STRIPE_LEN = 64;
    private static final int SECRET_CONSUME_RATE = 8;
    private static final int SECRET_SIZE_MIN = 136;
    private static final int MIDSIZE_START_OFFSET = 3;
    private static final int MIDSIZE_LAST_OFFSET = 17;
    private static final int SECRET_LASTACC_START = 7;
    private static final int SECRET_MERGEACCS_START = 11;

    private static final byte[] SECRET = bytes(
            0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
            0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
            0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
            0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
            0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
            0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
            0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
            0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
            0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
            0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
            0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
            0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e);

    private Xxh3() {
    }

    /** XXH3_64bits(data[off, off+len)), seed 0. */
    static long hash64(byte[] data, int off, int len) {
        if (len <= 16) {
            return len0to16(data, off, len);
        }
        if (len <= 128) {
            return len17to128(data, off, len);
        }
        if (len <= 240) {
            return len129to240(data, off, len);
        }
        return hashLong(data, off, len);
    }

    private static long len0to16(byte[] in, int off, int len) {
        if (len > 8) {
            long bitflip1 = le64(SECRET, 24) ^ le64(SECRET, 32);
            long bitflip2 = le64(SECRET, 40) ^ le64(SECRET, 48);
            long inputLo = le64(in, off) ^ bitflip1;
            long inputHi = le64(in, off + len - 8) ^ bitflip2;
            long acc = len + Long.reverseBytes(inputLo) + inputHi + mul128fold64(inputLo, inputHi);
            return avalanche(acc);
        }
        if (len >= 4) {
            long input1 = le32(in, off) & 0xffffffffL;
            long input2 = le32(in, off + len - 4) & 0xffffffffL;
            long bitflip = le64(SECRET, 8) ^ le64(SECRET, 16);
            long input64 = input2 + (input1 << 32);
            return rrmxmx(input64 ^ bitflip, len);
        }
        if (len > 0) {
            int c1 = in[off] & 0xff;
            int c2 = in[off + (len >> 1)] & 0xff;
            int c3 = in[off + len - 1] & 0xff;
            long combined = ((long) c1 << 16 | (long) c2 << 24 | c3 | (long) len << 8) & 0xffffffffL;
            long bitflip = (le32(SECRET, 0) ^ le32(SECRET, 4)) & 0xffffffffL;
            return xxh64Avalanche(combined ^ bitflip);
        }
        return xxh64Avalanche(le64(SECRET, 56) ^ le64(SECRET, 64));
    }

    private static long len17to128(byte[] in, int off, int len) {
        long acc = len * PRIME64_1;
        long accEnd;
        acc += mix16B(in, off, 0);
        accEnd = mix16B(in, off + len - 16, 16);
        if (len > 32) {
            acc += mix16B(in, off + 16, 32);
            accEnd += mix16B(in, off + len - 32, 48);
            if (len > 64) {
                acc += mix16B(in, off + 32, 64);
                accEnd += mix16B(in, off + len - 48, 80);
                if (len > 96) {
                    acc += mix16B(in, off + 48, 96);
                    accEnd += mix16B(in, off + len - 64, 112);
                }
            }
        }
        return avalanche(acc + accEnd);
    }

    private static long len129to240(byte[] in, int off, int len) {
        long acc = len * PRIME64_1;
        int rounds = len / 16;
        for (int i = 0; i < 8; i++) {
            acc += mix16B(in, off + 16 * i, 16 * i);
        }
        long accEnd = mix16B(in, off + len - 16, SECRET_SIZE_MIN - MIDSIZE_LAST_OFFSET);
        acc = avalanche(acc);
        for (int i = 8; i < rounds; i++) {
            accEnd += mix16B(in, off + 16 * i, 16 * (i - 8) + MIDSIZE_START_OFFSET);
        }
        return avalanche(acc + accEnd);
    }

    private static long hashLong(byte[] in, int off, int len) {
        long[] acc = {PRIME32_3, PRIME64_1, PRIME64_2, PRIME64_3, PRIME64_4, PRIME32_2, PRIME64_5, PRIME32_1};
        int secretSize = SECRET.length;
        int stripesPerBlock = (secretSize - STRIPE_LEN) / SECRET_CONSUME_RATE;
        int blockLen = STRIPE_LEN * stripesPerBlock;
        int blocks = (len - 1) / blockLen;
        for (int n = 0; n < blocks; n++) {
            accumulate(acc, in, off + n * blockLen, stripesPerBlock);
            scramble(acc, secretSize - STRIPE_LEN);
        }
        int stripes = ((len - 1) - blockLen * blocks) / STRIPE_LEN;
        accumulate(acc, in, off + blocks * blockLen, stripes);
        accumulate512(acc, in, off + len - STRIPE_LEN, secretSize - STRIPE_LEN - SECRET_LASTACC_START);
        long result = len * PRIME64_1;
        for (int i = 0; i < 4; i++) {
            int s = SECRET_MERGEACCS_START + 16 * i;
            result += mul128fold64(acc[2 * i] ^ le64(SECRET, s), acc[2 * i + 1] ^ le64(SECRET, s + 8));
        }
        return avalanche(result);
    }

    private static void accumulate(long[] acc, byte[] in, int off, int stripes) {
        for (int n = 0; n < stripes; n++) {
            accumulate512(acc, in, off + n * STRIPE_LEN, n * SECRET_CONSUME_RATE);
        }
    }

    private static void accumulate512(long[] acc, byte[] in, int off, int secretOff) {
        for (int lane = 0; lane < 8; lane++) {
            long dataVal = le64(in, off + 8 * lane);
            long dataKey = dataVal ^ le64(SECRET, secretOff + 8 * lane);
            acc[lane ^ 1] += dataVal;
            acc[lane] += (dataKey & 0xffffffffL) * (dataKey >>> 32);
        }
    }

    private static void scramble(long[] acc, int secretOff) {
        for (int lane = 0; lane < 8; lane++) {
            long a = acc[lane];
            a ^= a >>> 47;
            a ^= le64(SECRET, secretOff + 8 * lane);
            a *= PRIME32_1;
            acc[lane] = a;
        }
    }

    private static long mix16B(byte[] in, int off, int secretOff) {
        return mul128fold64(le64(in, off) ^ le64(SECRET, secretOff), le64(in, off + 8) ^ le64(SECRET, secretOff + 8));
    }

    private static long mul128fold64(long a, long b) {
        long high = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
        return (a * b) ^ high;
    }

    private static long avalanche(long h) {
        h ^= h >>> 37;
        h *= PRIME_MX1;
        return h ^ (h >>> 32);
    }

    private static long rrmxmx(long h, long len) {
        h ^= Long.rotateLeft(h, 49) ^ Long.rotateLeft(h, 24);
        h *= PRIME_MX2;
        h ^= (h >>> 35) + len;
        h *= PRIME_MX2;
        return h ^ (h >>> 28);
    }

    private static long xxh64Avalanche(long h) {
        h ^= h >>> 33;
        h *= PRIME64_2;
        h ^= h >>> 29;
        h *= PRIME64_3;
        return h ^ (h >>> 32);
    }

    private static int le32(byte[] b, int at) {
        return Bytes.le32(b, at);
    }

    private static long le64(byte[] b, int at) {
        return Bytes.le64(b, at);
    }

    private static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }
}
