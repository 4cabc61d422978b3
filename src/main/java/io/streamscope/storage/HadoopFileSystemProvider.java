package io.streamscope.storage;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.spi.FileSystemProvider;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The NIO provider of {@link HadoopPath}s: reads (listings, attributes, streams, positional channels) go to Hadoop's
 * {@code FileSystem}; every write — create, delete, move, copy, mkdirs, links, attributes — is a
 * {@link ReadOnlyFileSystemException} before anything reaches the remote store. Not installed: paths come from
 * {@link Locations#open}.
 */
final class HadoopFileSystemProvider extends FileSystemProvider {

    static final HadoopFileSystemProvider INSTANCE = new HadoopFileSystemProvider();

    private HadoopFileSystemProvider() {
    }

    private static HadoopPath hadoop(Path path) {
        if (!(path instanceof HadoopPath hadoop)) {
            throw new java.nio.file.ProviderMismatchException("not a path of a remote file system: " + path);
        }
        return hadoop;
    }

    private static ReadOnlyFileSystemException readOnly() {
        return new ReadOnlyFileSystemException();
    }

    @Override
    public String getScheme() {
        return "hadoop";
    }

    @Override
    public FileSystem newFileSystem(URI uri, Map<String, ?> env) {
        throw new UnsupportedOperationException("remote file systems are opened with Locations.open");
    }

    @Override
    public FileSystem getFileSystem(URI uri) {
        throw new UnsupportedOperationException("remote file systems are opened with Locations.open");
    }

    @Override
    public Path getPath(URI uri) {
        throw new UnsupportedOperationException("remote paths are opened with Locations.open");
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException {
        return newFileChannel(path, options, attrs);
    }

    @Override
    public FileChannel newFileChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException {
        checkReadOnly(options);
        HadoopPath file = hadoop(path);
        HadoopNioFileSystem fs = file.getFileSystem();
        FileStatus status = fs.status(file);
        if (status.isDirectory()) {
            throw new java.nio.file.FileSystemException(file.toString(), null, "is a folder");
        }
        FSDataInputStream in = fs.call(file, () -> fs.hadoop().open(fs.hadoopPath(file)));
        return new HadoopFileChannel(in, status.getLen());
    }

    @Override
    public InputStream newInputStream(Path path, OpenOption... options) throws IOException {
        checkReadOnly(Set.of(options));
        HadoopPath file = hadoop(path);
        HadoopNioFileSystem fs = file.getFileSystem();
        return fs.call(file, () -> fs.hadoop().open(fs.hadoopPath(file)));
    }

    private static void checkReadOnly(Set<? extends OpenOption> options) {
        for (OpenOption option : options) {
            if (option == StandardOpenOption.WRITE || option == StandardOpenOption.APPEND
                    || option == StandardOpenOption.CREATE || option == StandardOpenOption.CREATE_NEW
                    || option == StandardOpenOption.DELETE_ON_CLOSE || option == StandardOpenOption.TRUNCATE_EXISTING) {
                throw readOnly();
            }
        }
    }

    @Override
    public OutputStream newOutputStream(Path path, OpenOption... options) {
        throw readOnly();
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter)
            throws IOException {
        HadoopPath folder = hadoop(dir);
        List<FileStatus> statuses = folder.getFileSystem().list(folder);
        if (statuses.size() == 1 && statuses.get(0).isFile()
                && statuses.get(0).getPath().toUri().getPath().equals(folder.toAbsolutePath().normalize().pathText())) {
            throw new NotDirectoryException(folder.toString()); // HDFS lists a file as itself
        }
        List<Path> entries = new ArrayList<>(statuses.size());
        for (FileStatus status : statuses) {
            Path entry = folder.resolve(status.getPath().getName());
            if (filter == null || filter.accept(entry)) {
                entries.add(entry);
            }
        }
        return new DirectoryStream<>() {
            private boolean iterated;

            @Override
            public Iterator<Path> iterator() {
                if (iterated) {
                    throw new IllegalStateException("a directory stream is iterated once");
                }
                iterated = true;
                return entries.iterator();
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void createDirectory(Path dir, FileAttribute<?>... attrs) {
        throw readOnly();
    }

    @Override
    public void createSymbolicLink(Path link, Path target, FileAttribute<?>... attrs) {
        throw readOnly();
    }

    @Override
    public void createLink(Path link, Path existing) {
        throw readOnly();
    }

    @Override
    public void delete(Path path) {
        throw readOnly();
    }

    @Override
    public boolean deleteIfExists(Path path) {
        throw readOnly();
    }

    @Override
    public void copy(Path source, Path target, CopyOption... options) {
        throw readOnly();
    }

    @Override
    public void move(Path source, Path target, CopyOption... options) {
        throw readOnly();
    }

    @Override
    public boolean isSameFile(Path path, Path path2) {
        return path.toAbsolutePath().normalize().equals(path2.toAbsolutePath().normalize());
    }

    @Override
    public boolean isHidden(Path path) {
        Path name = path.getFileName();
        return name != null && name.toString().startsWith(".");
    }

    @Override
    public FileStore getFileStore(Path path) {
        throw new UnsupportedOperationException("a remote file system has no file store here");
    }

    @Override
    public void checkAccess(Path path, AccessMode... modes) throws IOException {
        HadoopPath hadoop = hadoop(path);
        for (AccessMode mode : modes) {
            if (mode == AccessMode.WRITE) {
                throw new AccessDeniedException(hadoop.toString(), null, "read-only: Streamscope never writes");
            }
        }
        hadoop.getFileSystem().status(hadoop);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type, LinkOption... options) {
        if (type != BasicFileAttributeView.class && type != FileAttributeView.class) {
            return null;
        }
        HadoopPath hadoop = hadoop(path);
        return (V) new BasicFileAttributeView() {
            @Override
            public String name() {
                return "basic";
            }

            @Override
            public BasicFileAttributes readAttributes() throws IOException {
                return new HadoopAttributes(hadoop.getFileSystem().status(hadoop));
            }

            @Override
            public void setTimes(FileTime lastModifiedTime, FileTime lastAccessTime, FileTime createTime) {
                throw readOnly();
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type, LinkOption... options)
            throws IOException {
        if (!type.isAssignableFrom(HadoopAttributes.class)) {
            throw new UnsupportedOperationException("a remote file has basic attributes only, not " + type.getSimpleName());
        }
        HadoopPath hadoop = hadoop(path);
        return (A) new HadoopAttributes(hadoop.getFileSystem().status(hadoop));
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) throws IOException {
        String names = attributes.startsWith("basic:") ? attributes.substring("basic:".length()) : attributes;
        if (names.contains(":")) {
            throw new UnsupportedOperationException("a remote file has basic attributes only, not " + attributes);
        }
        HadoopAttributes read = readAttributes(path, HadoopAttributes.class, options);
        Map<String, Object> all = read.asMap();
        if (names.equals("*")) {
            return all;
        }
        Map<String, Object> chosen = new LinkedHashMap<>();
        for (String name : names.split(",")) {
            if (!all.containsKey(name)) {
                throw new IllegalArgumentException("no attribute " + name);
            }
            chosen.put(name, all.get(name));
        }
        return chosen;
    }

    @Override
    public void setAttribute(Path path, String attribute, Object value, LinkOption... options) {
        throw readOnly();
    }
}
