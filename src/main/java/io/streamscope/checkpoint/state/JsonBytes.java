package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * JSON text built as bytes, for rows written millions of times: numbers, ASCII strings and pre-encoded names go
 * straight into one growing array, byte for byte as Jackson's generator writes them (its escapes, Java's digits for
 * floating point, non-finite numbers as strings). What it cannot write that way, a caller writes with Jackson into
 * the same bytes, being an {@link OutputStream}.
 */
public final class JsonBytes extends OutputStream {

    private static final byte[] HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    /** Per ASCII character: 0 as is, a letter for its two-character escape, 'u' for a \\u00XX one (Jackson's choice). */
    private static final byte[] ESCAPES = new byte[128];

    /** 10^1 … 10^18 at their exponents; at 0, 0 rather than 1, so that 0 has a digit. */
    private static final long[] POWERS_OF_TEN = new long[19];
    /** The tens and ones digit of 0 … 99, as the bytes of a little-endian short: stored two at once. */
    private static final short[] DIGIT_PAIRS = new short[100];
    private static final VarHandle TWO_BYTES = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

    static {
        POWERS_OF_TEN[1] = 10;
        for (int i = 2; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[i] = (short) (('0' + i / 10) | ('0' + i % 10) << 8);
        }
        for (int c = 0; c < 0x20; c++) {
            ESCAPES[c] = 'u';
        }
        ESCAPES['\b'] = 'b';
        ESCAPES['\t'] = 't';
        ESCAPES['\n'] = 'n';
        ESCAPES['\f'] = 'f';
        ESCAPES['\r'] = 'r';
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
    }

    /** The room {@code false} takes. */
    static final int BOOLEAN_ROOM = FALSE.length;
    /** The room a number takes at most: {@code -9223372036854775808}. */
    static final int LONG_ROOM = 20;
    /**
     * The room {@link #putDecimal} takes at most: a sign, a long's 19 digits and a point ({@code -922337203685.4775808}),
     * or {@code 0.} and five zeros before them, or a point and {@code E-38} among them.
     */
    static final int DECIMAL_ROOM = 28;
    /** The room Jackson's text of a double or float takes at most, quoted when not finite. */
    static final int NUMBER_TEXT_ROOM = 26;
    private static final byte[] LONG_MIN = Long.toString(Long.MIN_VALUE).getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private byte[] bytes;
    private int size;

    public JsonBytes(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    /** {@code "name":}, quoted and escaped as Jackson writes a field name. */
    public static byte[] fieldName(String name) {
        byte[] quoted = JsonStringEncoder.getInstance().quoteAsUTF8(name);
        byte[] field = new byte[quoted.length + 3];
        field[0] = '"';
        System.arraycopy(quoted, 0, field, 1, quoted.length);
        field[field.length - 2] = '"';
        field[field.length - 1] = ':';
        return field;
    }

    /** {@code "name":} after one punctuation byte ({@code '{'} or {@code ','}): a field's name as it follows. */
    public static byte[] fieldName(char punctuation, String name) {
        byte[] field = fieldName(name);
        byte[] after = new byte[field.length + 1];
        after[0] = (byte) punctuation;
        System.arraycopy(field, 0, after, 1, field.length);
        return after;
    }

    public int size() {
        return size;
    }

    /** Drops what was written after the first {@code length} bytes. */
    public void truncate(int length) {
        size = Math.min(size, Math.max(0, length));
    }

    /**
     * The array to write {@code more} bytes into, from {@link #size()} on, with the put methods; valid until the next
     * write. {@link #advanceTo} then takes what was written.
     */
    byte[] room(int more) {
        reserve(more);
        return bytes;
    }

    /** Takes the bytes written into {@link #room(int)} up to {@code end}. */
    void advanceTo(int end) {
        if (end < size || end > bytes.length) {
            throw new IndexOutOfBoundsException("end " + end + " outside " + size + "–" + bytes.length);
        }
        size = end;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    public void writeTo(OutputStream out) throws java.io.IOException {
        out.write(bytes, 0, size);
    }

    /** Writes what follows the first {@code from} bytes. */
    public void writeTo(OutputStream out, int from) throws java.io.IOException {
        out.write(bytes, from, size - from);
    }

    @Override
    public void write(int b) {
        reserve(1);
        bytes[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        reserve(len);
        System.arraycopy(b, off, bytes, size, len);
        size += len;
    }

    public void write(byte[] b) {
        write(b, 0, b.length);
    }

    /** Writes again what is between {@code from} and {@code to} of what was written. */
    public void repeat(int from, int to) {
        if (from < 0 || from > to || to > size) {
            throw new IndexOutOfBoundsException("bytes " + from + " to " + to + " of " + size);
        }
        reserve(to - from);
        System.arraycopy(bytes, from, bytes, size, to - from);
        size += to - from;
    }

    public void writeBoolean(boolean value) {
        write(value ? TRUE : FALSE);
    }

    public void writeLong(long value) {
        reserve(LONG_ROOM);
        size = putLong(bytes, size, value);
    }

    /**
     * Writes a number's digits at {@code at}, which has {@link #LONG_ROOM} bytes of room; returns where they end.
     * Two digits a division, as Long.toString does; in int arithmetic once the number fits.
     */
    static int putLong(byte[] to, int at, long value) {
        if (value == Long.MIN_VALUE) {
            System.arraycopy(LONG_MIN, 0, to, at, LONG_MIN.length);
            return at + LONG_MIN.length;
        }
        if (value < 0) {
            to[at++] = '-';
            value = -value;
        }
        int end = at + digits(value);
        at = end;
        while (value > Integer.MAX_VALUE) {
            long quotient = value / 100;
            at -= 2;
            TWO_BYTES.set(to, at, DIGIT_PAIRS[(int) (value - quotient * 100)]);
            value = quotient;
        }
        int rest = (int) value;
        while (rest >= 100) {
            int quotient = rest / 100;
            at -= 2;
            TWO_BYTES.set(to, at, DIGIT_PAIRS[rest - quotient * 100]);
            rest = quotient;
        }
        if (rest >= 10) {
            TWO_BYTES.set(to, at - 2, DIGIT_PAIRS[rest]);
        } else {
            to[at - 1] = (byte) ('0' + rest);
        }
        return end;
    }

    /**
     * The decimal digits of a number from 0 to {@link Long#MAX_VALUE}: its binary length times log10(2) (1233/4096,
     * exact enough below 2^64) rounded up or down, then one comparison with the power of ten at that length.
     */
    static int digits(long value) {
        int bits = Long.SIZE - Long.numberOfLeadingZeros(value | 1);
        int digits = (bits * 1233 >>> 12) + 1;
        return value < POWERS_OF_TEN[digits - 1] ? digits - 1 : digits;
    }

    /**
     * Writes {@code unscaled} × 10^-{@code scale} (0 ≤ scale ≤ 38, as a Spark decimal's) at {@code at}, which has
     * {@link #DECIMAL_ROOM} bytes of room, as {@link java.math.BigDecimal#toString()} writes it, which is what Jackson
     * writes for a decimal: plain where its adjusted exponent (digits − 1 − scale) is −6 or more ({@code 37.50},
     * {@code -0.0012}), else scientific ({@code 1.5E-7}, {@code 0E-8}). No BigDecimal is made: loading that class
     * alone took a state read of a small store 18 ms (Java 25 computes tables of powers as it loads it).
     */
    static int putDecimal(byte[] to, int at, long unscaled, int scale) {
        if (scale < 0 || scale > 38) {
            throw new IllegalArgumentException("scale " + scale + " outside 0–38");
        }
        int end = putLong(to, at, unscaled);
        if (scale == 0) {
            return end;
        }
        int start = unscaled < 0 ? at + 1 : at; // the first digit
        int digits = end - start;
        int adjusted = digits - 1 - scale;
        if (adjusted >= -6) {
            if (digits > scale) { // 3750 → 37.50
                int point = end - scale;
                System.arraycopy(to, point, to, point + 1, scale);
                to[point] = '.';
                return end + 1;
            }
            int zeros = scale - digits; // 12 → 0.0012
            System.arraycopy(to, start, to, start + 2 + zeros, digits);
            to[start] = '0';
            to[start + 1] = '.';
            java.util.Arrays.fill(to, start + 2, start + 2 + zeros, (byte) '0');
            return start + 2 + scale;
        }
        if (digits > 1) { // 15 → 1.5E-7
            System.arraycopy(to, start + 1, to, start + 2, digits - 1);
            to[start + 1] = '.';
            end++;
        }
        to[end++] = 'E';
        return putLong(to, end, adjusted);
    }

    /** Writes a double as Jackson does at {@code at}, which has {@link #NUMBER_TEXT_ROOM} bytes of room. */
    static int putDouble(byte[] to, int at, double value) {
        return putNumberText(to, at, Double.toString(value), Double.isFinite(value));
    }

    static int putFloat(byte[] to, int at, float value) {
        return putNumberText(to, at, Float.toString(value), Float.isFinite(value));
    }

    /** As Jackson writes a number: its text, or quoted when it is no number JSON knows (NaN, ±Infinity). */
    private static int putNumberText(byte[] to, int at, String text, boolean finite) {
        if (!finite) {
            to[at++] = '"';
        }
        for (int i = 0; i < text.length(); i++) {
            to[at++] = (byte) text.charAt(i);
        }
        if (!finite) {
            to[at++] = '"';
        }
        return at;
    }

    static int putBoolean(byte[] to, int at, boolean value) {
        byte[] text = value ? TRUE : FALSE;
        System.arraycopy(text, 0, to, at, text.length);
        return at + text.length;
    }

    /**
     * Writes {@code source[start, start + length)} as a quoted JSON string at {@code at}, which has
     * {@link #stringRoom(int)} bytes of room, when it is all ASCII: where the string ends, or -1 at the first byte that
     * is not.
     */
    static int putAsciiString(byte[] to, int at, byte[] source, int start, int length) {
        int end = start + length;
        to[at++] = '"';
        for (int i = start; i < end; i++) {
            byte b = source[i];
            if (b < 0) {
                return -1;
            }
            at = putStringChar(to, at, b);
        }
        to[at++] = '"';
        return at;
    }

    /** The most room a string of {@code length} ASCII characters takes, quoted, every character escaped as \\u00XX. */
    static long stringRoom(int length) {
        return 6L * length + 2;
    }

    /**
     * Writes a string as a quoted JSON string when it is all ASCII; false (and what was written of it left for the
     * caller to {@link #truncate}) at the first character that is not.
     */
    public boolean writeAsciiString(String text) {
        int length = text.length();
        reserve(length + 2);
        bytes[size++] = '"';
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                return false;
            }
            writeStringChar(c, length - i);
        }
        bytes[size++] = '"';
        return true;
    }

    /**
     * An ASCII character of a string, escaped as Jackson escapes it. The room reserved before holds a byte for each
     * character left ({@code left}, this one included) and the closing quote; an escape reserves its own.
     */
    private void writeStringChar(int c, int left) {
        byte escape = ESCAPES[c];
        if (escape == 0) {
            bytes[size++] = (byte) c;
        } else {
            reserve((escape == 'u' ? 6 : 2) + left);
            size = putStringChar(bytes, size, c);
        }
    }

    private static int putStringChar(byte[] to, int at, int c) {
        byte escape = ESCAPES[c];
        if (escape == 0) {
            to[at++] = (byte) c;
        } else if (escape == 'u') {
            to[at++] = '\\';
            to[at++] = 'u';
            to[at++] = '0';
            to[at++] = '0';
            to[at++] = HEX[c >> 4];
            to[at++] = HEX[c & 0xF];
        } else {
            to[at++] = '\\';
            to[at++] = escape;
        }
        return at;
    }

    private void reserve(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(size + more, bytes.length * 2));
        }
    }
}
