package io.streamscope.topic;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * An immutable run of bytes: a record key or value, a header value, or a {@code BINARY} cell. It may hold only the
 * first bytes of a larger value (a preview); {@link #size()} always tells the full length.
 */
public final class Bytes {

    private final byte[] data;
    private final int size;

    private Bytes(byte[] data, int size) {
        this.data = data;
        this.size = size;
    }

    /** The whole of {@code data}, copied. */
    public static Bytes of(byte[] data) {
        return new Bytes(data.clone(), data.length);
    }

    public static Bytes utf8(String text) {
        byte[] data = text.getBytes(StandardCharsets.UTF_8);
        return new Bytes(data, data.length);
    }

    /** The first {@code limit} bytes of {@code data} (all of them when it is shorter), remembering the full size. */
    public static Bytes preview(byte[] data, int limit) {
        return data.length <= limit ? of(data) : new Bytes(Arrays.copyOf(data, limit), data.length);
    }

    /** Takes ownership of {@code data} without copying: only for arrays nobody else holds. */
    static Bytes wrap(byte[] data) {
        return new Bytes(data, data.length);
    }

    /** Ownership-taking preview: {@code data} is kept as is when it fits, so it must be an array nobody else holds. */
    static Bytes wrapPreview(byte[] data, int limit) {
        return data.length <= limit ? wrap(data) : new Bytes(Arrays.copyOf(data, limit), data.length);
    }

    /** The full length of the value, also when only a preview is held. */
    public int size() {
        return size;
    }

    /** The number of bytes held: {@link #size()}, or less for a preview. */
    public int length() {
        return data.length;
    }

    public boolean truncated() {
        return data.length < size;
    }

    public byte[] toByteArray() {
        return data.clone();
    }

    /** Read-only access without a copy, for decoders in this package. */
    byte[] array() {
        return data;
    }

    /** The bytes as text when they are valid UTF-8 (for a preview, the cut may fall inside a character). */
    public Optional<String> utf8Text() {
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(data)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    /** The bytes as text, invalid UTF-8 sequences replaced by U+FFFD, as a lenient viewer shows them. */
    public String lenientText() {
        return new String(data, StandardCharsets.UTF_8);
    }

    public String base64() {
        return Base64.getEncoder().encodeToString(data);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Bytes that && size == that.size && Arrays.equals(data, that.data);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(data) + size;
    }

    @Override
    public String toString() {
        String text = utf8Text().map(t -> t.length() > 80 ? t.substring(0, 80) + "…" : t).orElseGet(() -> "base64:" + base64());
        return truncated() ? text + " (" + length() + " of " + size + " bytes)" : text;
    }
}
