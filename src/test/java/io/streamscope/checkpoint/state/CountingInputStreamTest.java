package io.streamscope.checkpoint.state;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A state file's buffered, counting stream, whose buffer is the thread's ({@link ReadBuffers}): it counts what its
 * reader took, a peek takes nothing, and a file opened for its first bytes reads no more of the file than it asked,
 * even where the thread lends it a buffer a whole file's read left 1 MB long (a remote store's header reads).
 */
class CountingInputStreamTest {

    /** The bytes of a file, and how many of them the stream asked the file for. */
    private static final class File extends InputStream {
        final ByteArrayInputStream bytes;
        long delivered;

        File(byte[] content) {
            bytes = new ByteArrayInputStream(content);
        }

        @Override
        public int read() {
            int b = bytes.read();
            delivered += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] to, int offset, int length) {
            int n = bytes.read(to, offset, length);
            delivered += Math.max(n, 0);
            return n;
        }
    }

    private static byte[] content(int size) {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        return bytes;
    }

    @Test
    void aPeekTakesNothingAndTheCountIsWhatTheReaderTook() throws IOException {
        byte[] content = content(100_000);
        try (CountingInputStream in = new CountingInputStream(new File(content), content.length, true)) {
            assertArrayEquals(Arrays.copyOf(content, 8), in.peek(8));
            assertEquals(0, in.count());
            byte[] first = in.readNBytes(1_000);
            assertArrayEquals(Arrays.copyOf(content, 1_000), first);
            assertEquals(1_000, in.count());
            assertEquals(500, in.skip(500));
            assertEquals(content[1_500] & 0xFF, in.read());
            assertArrayEquals(Arrays.copyOfRange(content, 1_501, content.length), in.readAllBytes());
            assertEquals(content.length, in.count());
            assertEquals(-1, in.read());
        }
    }

    @Test
    void aFileOpenedForItsFirstBytesReadsNoMoreThanItAsked() throws IOException {
        byte[] large = content(1 << 20);
        try (CountingInputStream whole = new CountingInputStream(new File(large), large.length, true)) {
            whole.readAllBytes(); // leaves this thread a buffer of 1 MB, lent to the next file
        }
        File file = new File(large);
        try (CountingInputStream head = new CountingInputStream(file, large.length, false)) {
            assertArrayEquals(Arrays.copyOf(large, 8), head.peek(8));
            assertArrayEquals(Arrays.copyOf(large, 100), head.readNBytes(100));
        }
        assertTrue(file.delivered <= 16 * 1024, "a header read took " + file.delivered + " bytes of the file");
    }
}
