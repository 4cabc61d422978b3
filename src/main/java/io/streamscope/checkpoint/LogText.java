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
 */
public final class LogText {

    private final List<String> lines;

    private LogText(List<String> lines) {
        this.lines = lines;
    }

    public static LogText decode(byte[] bytes) throws FormatException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer text;
        try {
            text = decoder.decode(in);
        } catch (CharacterCodingException e) {
            throw new FormatException(FormatException.atByte(firstBadByte(bytes)), "not UTF-8 text (binary data?)");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t')) {
                throw new FormatException(FormatException.atByte(utf8Length(text, i)),
                        String.format("unexpected control character 0x%02x (binary data?)", (int) c));
            }
        }
        return new LogText(splitLines(text));
    }

    private static List<String> splitLines(CharSequence text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines.add(stripCarriageReturn(text.subSequence(start, i).toString()));
                start = i + 1;
            }
        }
        if (start < text.length()) {
            lines.add(stripCarriageReturn(text.subSequence(start, text.length()).toString()));
        }
        return lines;
    }

    private static String stripCarriageReturn(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    private static int firstBadByte(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        decoder.decode(in, out, true);
        return in.position();
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
