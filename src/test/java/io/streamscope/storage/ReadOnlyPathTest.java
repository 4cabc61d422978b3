package io.streamscope.storage;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The NIO view of a Hadoop file system, here Hadoop's own local one over a temp folder: path algebra as the JDK's,
 * reads (listing, attributes, streams, positional channel reads) as the files are, and every write refused before it
 * reaches Hadoop (the folder is unchanged afterwards).
 */
class ReadOnlyPathTest {

    @TempDir
    Path local;
    private HadoopNioFileSystem fs;
    private HadoopPath root;

    @BeforeEach
    void view() throws IOException {
        Files.createDirectories(local.resolve("chk/offsets"));
        Files.writeString(local.resolve("chk/metadata"), "{\"id\":\"q\"}\n");
        Files.write(local.resolve("chk/offsets/0"), bytes(100_000));
        fs = new HadoopNioFileSystem(FileSystem.getLocal(new Configuration()).getRawFileSystem(), Retry.DEFAULT);
        root = fs.getPath(local.resolve("chk").toAbsolutePath().toString());
    }

    private static byte[] bytes(int n) {
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        return bytes;
    }

    @Test
    void pathsBehaveAsTheJdksDo() {
        Path jdk = local.resolve("chk").toAbsolutePath();
        assertEquals("file://" + jdk, root.toString());
        assertEquals(jdk.getFileName().toString(), root.getFileName().toString());
        assertEquals(jdk.getNameCount(), root.getNameCount());
        Path offsets = root.resolve("offsets").resolve("0");
        assertEquals("offsets/0", root.relativize(offsets).toString());
        assertEquals(root, offsets.getParent().getParent());
        assertTrue(offsets.startsWith(root));
        assertTrue(offsets.endsWith("offsets/0"));
        assertFalse(root.startsWith(offsets));
        assertEquals(root.resolve("topics/orders.jsonl"), root.resolve("sub").resolve("../topics/./orders.jsonl").normalize());
        assertEquals("../..", offsets.relativize(root).toString());
        assertEquals(root, fs.getPath(root.toString()), "the full URI names the same path");
        assertEquals(root.toUri().getPath(), jdk.toUri().getPath().replaceAll("/$", ""));
        assertNull(fs.getPath("/").getFileName());
        assertNull(fs.getPath("/").getParent());
        assertTrue(root.compareTo(offsets) < 0);
    }

    @Test
    void readsListingsAttributesStreamsAndPositionalReads() throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(root)) {
            entries.forEach(entry -> names.add(entry.getFileName().toString()));
        }
        names.sort(null);
        assertEquals(List.of("metadata", "offsets"), names);
        assertTrue(Files.isDirectory(root.resolve("offsets")));
        assertTrue(Files.isRegularFile(root.resolve("metadata")));
        assertFalse(Files.exists(root.resolve("commits")));
        assertThrows(NoSuchFileException.class, () -> Files.size(root.resolve("commits/0")));
        assertEquals(100_000, Files.size(root.resolve("offsets/0")));
        assertEquals("{\"id\":\"q\"}\n", Files.readString(root.resolve("metadata")));

        byte[] expected = bytes(100_000);
        try (FileChannel channel = FileChannel.open(root.resolve("offsets/0"), StandardOpenOption.READ)) {
            ByteBuffer at = ByteBuffer.allocate(10);
            assertEquals(10, channel.read(at, 90_000));
            assertArrayEquals(java.util.Arrays.copyOfRange(expected, 90_000, 90_010), at.array());
            assertEquals(0, channel.position(), "a positional read leaves the position alone");
            ByteBuffer direct = ByteBuffer.allocateDirect(100_000);
            while (direct.hasRemaining() && channel.read(direct) > 0) {
                // sequential reads to the end
            }
            direct.flip();
            byte[] all = new byte[direct.remaining()];
            direct.get(all);
            assertArrayEquals(expected, all);
            assertEquals(-1, channel.read(ByteBuffer.allocate(1)));
        }
    }

    @Test
    void everyWriteIsRefusedAndNothingChanges() throws IOException {
        Path metadata = root.resolve("metadata");
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.createDirectory(root.resolve("new")));
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.createDirectories(root.resolve("a/b")));
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.delete(metadata));
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.deleteIfExists(metadata));
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.writeString(metadata, "x"));
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.newOutputStream(root.resolve("other")));
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.newByteChannel(metadata, StandardOpenOption.WRITE));
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.move(metadata, root.resolve("moved")));
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.copy(metadata, root.resolve("copied")));
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.setLastModifiedTime(metadata, FileTime.fromMillis(0)));
        assertThrows(ReadOnlyFileSystemException.class, () -> Files.createSymbolicLink(root.resolve("link"), metadata));
        assertThrows(java.nio.channels.NonWritableChannelException.class, () -> {
            try (FileChannel channel = FileChannel.open(metadata, StandardOpenOption.READ)) {
                channel.write(ByteBuffer.wrap(new byte[1]));
            }
        });
        assertFalse(Files.isWritable(metadata));
        assertTrue(fs.isReadOnly());

        try (var files = Files.walk(local)) {
            assertEquals(List.of("", "chk", "chk/metadata", "chk/offsets", "chk/offsets/0"),
                    files.map(file -> local.relativize(file).toString()).sorted().toList());
        }
        assertEquals("{\"id\":\"q\"}\n", Files.readString(local.resolve("chk/metadata")));
    }
}
