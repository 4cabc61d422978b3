package io.streamscope.ui.inspector;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The raw text of a batch's {@code offsets/N} and {@code commits/N}, read only, for the inspector. Pure I/O, no
 * JavaFX; files beyond a limit are cut, bytes that are not UTF-8 show as replacement characters.
 *
 * @param offsetsText the file's text, or null when it does not exist
 * @param commitsText the file's text, or null when it does not exist
 */
public record BatchFiles(long batchId, String offsetsText, String commitsText) {

    /** Enough for any real offsets file (conf included); a damaged giant is cut here. */
    public static final int MAX_BYTES = 256 * 1024;

    public static BatchFiles read(Path checkpoint, long batchId) throws IOException {
        String name = Long.toString(batchId);
        return new BatchFiles(batchId, text(checkpoint.resolve("offsets").resolve(name)),
                text(checkpoint.resolve("commits").resolve(name)));
    }

    static String text(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        byte[] bytes;
        boolean cut;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (NoSuchFileException gone) {
            return null;
        }
        cut = bytes.length > MAX_BYTES;
        int length = Math.min(bytes.length, MAX_BYTES);
        String text = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)
                .decode(java.nio.ByteBuffer.wrap(bytes, 0, length))
                .toString();
        return cut ? text + "\n… (cut after " + MAX_BYTES / 1024 + " KB)" : text;
    }
}
