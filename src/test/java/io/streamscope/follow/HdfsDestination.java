package io.streamscope.follow;

import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Lays the files into a folder of the in-process HDFS through Hadoop's own client, as Spark's
 * FileContextBasedCheckpointFileManager does: create {@code .name.<uuid>.tmp}, write, close, rename. A half-written
 * file is that temp file with half its bytes written and flushed (readers see them) and the stream still open;
 * {@link #finish} writes the rest, closes and renames.
 */
public final class HdfsDestination implements SparkWrites.Destination {

    private final FileSystem fs;
    private final String root;
    private final Map<String, Open> open = new HashMap<>();

    private record Open(Path temp, FSDataOutputStream out, int written) {
    }

    public HdfsDestination(FileSystem fs, String root) {
        this.fs = fs;
        this.root = root;
    }

    private Path path(String relative) {
        return new Path(root + "/" + relative);
    }

    private Path temp(Path file) {
        return new Path(file.getParent(), "." + file.getName() + "." + UUID.randomUUID() + ".tmp");
    }

    @Override
    public void plain(String relative, byte[] bytes) throws IOException {
        try (FSDataOutputStream out = fs.create(path(relative), true)) {
            out.write(bytes);
        }
    }

    @Override
    public void spark(String relative, byte[] bytes, byte[] crc) throws IOException {
        Path file = path(relative);
        Path temp = temp(file);
        try (FSDataOutputStream out = fs.create(temp, false)) {
            out.write(bytes);
        }
        rename(temp, file);
        if (crc != null) {
            try (FSDataOutputStream out = fs.create(new Path(file.getParent(), "." + file.getName() + ".crc"), true)) {
                out.write(crc);
            }
        }
    }

    @Override
    public void half(String relative, byte[] whole) throws IOException {
        Path file = path(relative);
        Path temp = temp(file);
        FSDataOutputStream out = fs.create(temp, false);
        out.write(whole, 0, whole.length / 2);
        out.hflush(); // the half is visible to readers while the file is still open
        open.put(relative, new Open(temp, out, whole.length / 2));
    }

    @Override
    public void finish(String relative, byte[] whole) throws IOException {
        Open begun = open.remove(relative);
        begun.out().write(whole, begun.written(), whole.length - begun.written());
        begun.out().close();
        rename(begun.temp(), path(relative));
    }

    private void rename(Path from, Path to) throws IOException {
        if (!fs.rename(from, to)) {
            throw new IOException("HDFS did not rename " + from + " to " + to);
        }
    }
}
