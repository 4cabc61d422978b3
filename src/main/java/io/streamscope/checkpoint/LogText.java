package io.streamscope.checkpoint;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The text of one metadata-log file (offsets, commits, sources, sink logs), split as Spark splits it: UTF-8, lines
 * separated by {@code \n} (a {@code \r} before it is dropped), and no empty last line after a trailing newline.
 * The bytes are read line by line: no line may be longer than {@link #MAX_LINE_BYTES} (Spark writes one JSON object
 * per line, a few kilobytes even for thousands of Kafka partitions), so a damaged file with a line of tens of
 * megabytes is refused as soon as the limit is passed, without its text ever being held whole.
 */
public final class LogText {

    /** The longest line read: far beyond any line Spark writes, far below what would strain the heap. */
    public static final int MAX_LINE_BYTES = 4 * 1024 * 1024;

    private static final byte[] NO_BYTES = new byte[0];

    private final List<String> lines;

    private LogText(List<String> lines) {
        this.lines = lines;
    }

    public static LogText decode(byte[] bytes) throws FormatException {
        try {
            return read(new java.io.ByteArrayInputStream(bytes), Long.MAX_VALUE, bytes.length);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e); // a byte array never fails to read
        }
    }

    /**
     * Reads the text of a file from {@code in}, line by line.
     *
     * @param maxBytes the most bytes the file may have; beyond it the file is refused
     * @throws FormatException on a line longer than {@link #MAX_LINE_BYTES}, a file longer than {@code maxBytes},
     *                         bytes that are not UTF-8, or control characters (binary data)
     */
    public static LogText read(java.io.InputStream in, long maxBytes) throws java.io.IOException, FormatException {
        return read(in, maxBytes, 64 * 1024);
    }

    /** Likewise, reading in pieces of about {@code expectedBytes} (the file's size, when known): small files stay cheap. */
    static LogText read(java.io.InputStream in, long maxBytes, long expectedBytes) throws java.io.IOException, FormatException {
        List<String> lines = new ArrayList<>();
        byte[] chunk = new byte[(int) Math.max(256, Math.min(64 * 1024, expectedBytes + 1))];
        byte[] line = NO_BYTES; // a line that runs over two reads, gathered
        int lineLength = 0;
        long lineStart = 0;
        long total = 0;
        for (int n; (n = in.read(chunk)) > 0; ) {
            total += n;
            if (total > maxBytes) {
                throw new FormatException(null, "the file is larger than " + maxBytes + " bytes: not what Spark writes here");
            }
            int from = 0;
            for (int i = 0; i < n; i++) {
                if (chunk[i] != '\n') {
                    continue;
                }
                int piece = i - from;
                if (lineLength + piece > MAX_LINE_BYTES) {
                    throw tooLong(lines.size() + 1);
                }
                if (lineLength == 0) {
                    lines.add(decodeLine(chunk, from, piece, lineStart)); // the whole line in this chunk: no copy
                } else {
                    line = append(line, lineLength, chunk, from, piece);
                    lines.add(decodeLine(line, 0, lineLength + piece, lineStart));
                }
                lineStart += lineLength + piece + 1;
                lineLength = 0;
                from = i + 1;
            }
            int rest = n - from;
            if (lineLength + rest > MAX_LINE_BYTES) {
                throw tooLong(lines.size() + 1);
            }
            line = append(line, lineLength, chunk, from, rest);
            lineLength += rest;
        }
        if (lineLength > 0) {
            lines.add(decodeLine(line, 0, lineLength, lineStart));
        }
        return new LogText(lines);
    }

    private static FormatException tooLong(int number) {
        return new FormatException(FormatException.line(number), "line " + number + " is longer than " + MAX_LINE_BYTES
                + " bytes: not what Spark writes (a damaged file?); the file is not read");
    }

    private static byte[] append(byte[] buffer, int length, byte[] from, int offset, int count) {
        if (count == 0) {
            return buffer;
        }
        if (length + count > buffer.length) {
            buffer = java.util.Arrays.copyOf(buffer, Math.max(Math.max(256, length + count), Math.min(MAX_LINE_BYTES, buffer.length * 2)));
        }
        System.arraycopy(from, offset, buffer, length, count);
        return buffer;
    }

    /** One line's text: strict UTF-8, no control characters but tab and a final carriage return. */
    private static String decodeLine(byte[] bytes, int offset, int length, long lineStart) throws FormatException {
        int end = length > 0 && bytes[offset + length - 1] == '\r' ? length - 1 : length;
        if (isPlainAscii(bytes, offset, end)) {
            return new String(bytes, offset, end, StandardCharsets.ISO_8859_1); // what Spark writes: no decoder needed
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, end);
        CharBuffer text;
        try {
            text = decoder.decode(in);
        } catch (CharacterCodingException e) {
            throw new FormatException(FormatException.atByte(lineStart + firstBadByte(bytes, offset, end)),
                    "not UTF-8 text (binary data?)");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0 || (c < 0x20 && c != '\r' && c != '\t')) {
                throw new FormatException(FormatException.atByte(lineStart + utf8Length(text, i)),
                        String.format("unexpected control character 0x%02x (binary data?)", (int) c));
            }
        }
        return text.toString();
    }

    /** Printable ASCII and tabs only: the text is the bytes, and nothing in it can be refused. */
    private static boolean isPlainAscii(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            byte b = bytes[i];
            if (b < 0x20 && b != '\t' && b != '\r') {
                return false; // non-ASCII bytes are negative; control characters need the checks below
            }
        }
        return true;
    }

    private static int firstBadByte(byte[] bytes, int offset, int length) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
        CharBuffer out = CharBuffer.allocate(length + 1);
        decoder.decode(in, out, true);
        return in.position() - offset;
    }

    private static int utf8Length(CharSequence text, int end) {
        return text.subSequence(0, end).toString().getBytes(StandardCharsets.UTF_8).length;
    }

    public List<String> lines() {
        return lines;
    }

    public int size() {
        return lines.size();
    }

    /** Line {@code number}, counted from 1 as editors count. */
    public String line(int number) {
        return lines.get(number - 1);
    }

    /**
     * Reads line 1 as Spark's {@code MetadataVersionUtil.validateVersion} does: {@code v<positive int>}, at most
     * {@code maxSupported}.
     */
    public int version(int maxSupported) throws FormatException {
        if (lines.isEmpty()) {
            throw new FormatException(null, "empty file (expected a version line such as v1)");
        }
        return parseVersion(lines.get(0), maxSupported);
    }

    static int parseVersion(String text, int maxSupported) throws FormatException {
        int version;
        try {
            if (!text.startsWith("v")) {
                throw new NumberFormatException();
            }
            version = Integer.parseInt(text.substring(1));
            if (version <= 0) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            throw new FormatException(FormatException.line(1),
                    "malformed version line \"" + abbreviate(text) + "\" (expected v1" + (maxSupported > 1 ? "…v" + maxSupported : "") + ")");
        }
        if (version > maxSupported) {
            throw new FormatException(FormatException.line(1),
                    "unsupported format version v" + version + ": the maximum supported log version is v" + maxSupported
                            + " (written by a newer Spark?)");
        }
        return version;
    }

    static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 37) + "…";
    }
}
