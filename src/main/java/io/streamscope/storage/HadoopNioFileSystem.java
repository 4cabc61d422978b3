package io.streamscope.storage;

import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileStore;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.WatchService;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.spi.FileSystemProvider;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A read-only view of one Hadoop file system ({@code hdfs://nn:8020}, {@code s3a://bucket}, …) as a
 * {@link java.nio.file.FileSystem}. A folder is listed with one {@code listStatus}, and that listing answers the
 * questions a reader asks right after about the entries and whatever lies below them (exists, folder or file,
 * size) for {@link #STATUS_NANOS}, so reading a store of N partitions costs O(N) calls, not one per file. Listing
 * the folder again within {@link #LISTING_NANOS} costs nothing; past that it is listed anew, so that a checkpoint
 * Spark is still writing is seen as it grows by whoever polls it.
 */
final class HadoopNioFileSystem extends java.nio.file.FileSystem {

    /** Past this many remembered statuses the memory is dropped (a status costs a few hundred bytes). */
    private static final int MAX_REMEMBERED = 500_000;

    /** How long a listing stands for the folder's listing: a poll a second later sees the store anew. */
    static final long LISTING_NANOS = 1_000_000_000L;
    /** How long a listing answers for its entries: a reader asks about them as it goes through the folder. */
    static final long STATUS_NANOS = 30_000_000_000L;

    private record Listing(long listedAt, List<FileStatus> statuses, Map<String, FileStatus> byName) {
        boolean younger(long nanos) {
            return System.nanoTime() - listedAt < nanos;
        }
    }

    private final FileSystem hadoop;
    private final Retry retry;
    private final URI root;
    private final String prefix;
    /** The last listing of each folder, by folder. */
    private final Map<String, Listing> listed = new HashMap<>();
    private int remembered;

    HadoopNioFileSystem(FileSystem hadoop, Retry retry) {
        this.hadoop = hadoop;
        this.retry = retry;
        URI uri = hadoop.getUri();
        this.root = URI.create(uri.getScheme() + "://" + (uri.getRawAuthority() == null ? "" : uri.getRawAuthority()) + "/");
        this.prefix = uri.getScheme() + "://" + (uri.getAuthority() == null ? "" : uri.getAuthority());
    }

    FileSystem hadoop() {
        return hadoop;
    }

    Retry retry() {
        return retry;
    }

    /** {@code hdfs://host:port} or {@code s3a://bucket}: what an absolute path's text starts with. */
    String prefix() {
        return prefix;
    }

    URI rootUri() {
        return root;
    }

    org.apache.hadoop.fs.Path hadoopPath(HadoopPath path) {
        HadoopPath absolute = path.toAbsolutePath();
        return new org.apache.hadoop.fs.Path(root.getScheme(), root.getAuthority(), absolute.pathText());
    }

    /**
     * The status of a path: from the nearest listed folder above it while that listing answers (an entry it lacks,
     * or a file where the path needs a folder, means the path does not exist), else one call.
     */
    FileStatus status(HadoopPath path) throws IOException {
        HadoopPath absolute = path.toAbsolutePath().normalize();
        HadoopPath child = absolute;
        for (HadoopPath folder = absolute.getParent(); folder != null; child = folder, folder = folder.getParent()) {
            Listing listing = listing(folder, STATUS_NANOS);
            if (listing == null) {
                continue;
            }
            FileStatus known = listing.byName().get(child.getFileName().toString());
            if (known != null && child == absolute) {
                return known;
            }
            if (known == null || !known.isDirectory()) {
                throw new NoSuchFileException(absolute.toString());
            }
            break; // a folder listed without its entries: ask
        }
        return call(absolute, () -> hadoop.getFileStatus(hadoopPath(absolute)));
    }

    /** A folder's entries with their statuses: one call, or none while the last listing is fresh. */
    List<FileStatus> list(HadoopPath folder) throws IOException {
        HadoopPath absolute = folder.toAbsolutePath().normalize();
        Listing fresh = listing(absolute, LISTING_NANOS);
        if (fresh != null) {
            return fresh.statuses();
        }
        FileStatus[] statuses = call(absolute, () -> hadoop.listStatus(hadoopPath(absolute)));
        Map<String, FileStatus> byName = new HashMap<>();
        for (FileStatus status : statuses) {
            byName.put(status.getPath().getName(), status);
        }
        Listing listing = new Listing(System.nanoTime(), List.of(statuses), byName);
        synchronized (listed) {
            Listing before = listed.put(absolute.pathText(), listing);
            remembered += statuses.length - (before == null ? 0 : before.statuses().size());
            if (remembered > MAX_REMEMBERED) {
                listed.clear();
                remembered = 0;
            }
        }
        return listing.statuses();
    }

    private Listing listing(HadoopPath folder, long youngerThanNanos) {
        synchronized (listed) {
            Listing listing = listed.get(folder.pathText());
            return listing != null && listing.younger(youngerThanNanos) ? listing : null;
        }
    }

    /** A call on a path, retried while throttled, its failures as NIO's exceptions (never with a secret in them). */
    <T> T call(HadoopPath path, Retry.Call<T> call) throws IOException {
        try {
            return retry.call(path.toString(), call);
        } catch (FileNotFoundException e) {
            NoSuchFileException missing = new NoSuchFileException(path.toString());
            missing.initCause(e);
            throw missing;
        } catch (IOException e) {
            if (e.getClass().getSimpleName().equals("AccessControlException")
                    || e.getClass().getSimpleName().equals("AccessDeniedException")) {
                AccessDeniedException denied = new AccessDeniedException(path.toString(), null, Errors.describe(e));
                denied.initCause(e);
                throw denied;
            }
            throw e;
        }
    }

    @Override
    public FileSystemProvider provider() {
        return HadoopFileSystemProvider.INSTANCE;
    }

    /** The Hadoop file system stays open for other views of it; a view holds nothing to close. */
    @Override
    public void close() {
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public boolean isReadOnly() {
        return true;
    }

    @Override
    public String getSeparator() {
        return "/";
    }

    @Override
    public Iterable<Path> getRootDirectories() {
        return List.of(getPath("/"));
    }

    @Override
    public Iterable<FileStore> getFileStores() {
        return List.of();
    }

    @Override
    public Set<String> supportedFileAttributeViews() {
        return Set.of("basic");
    }

    /** A path of this file system: {@code /a/b}, {@code a/b}, or the full URI of one of its paths. */
    @Override
    public HadoopPath getPath(String first, String... more) {
        StringBuilder text = new StringBuilder(first.startsWith(prefix) ? first.substring(prefix.length()) : first);
        for (String part : more) {
            if (!part.isEmpty()) {
                text.append('/').append(part);
            }
        }
        return new HadoopPath(this, text.toString());
    }

    @Override
    public PathMatcher getPathMatcher(String syntaxAndPattern) {
        PathMatcher names = java.nio.file.FileSystems.getDefault().getPathMatcher(syntaxAndPattern);
        return path -> names.matches(java.nio.file.Path.of(path.toString().replace(prefix, "")));
    }

    @Override
    public UserPrincipalLookupService getUserPrincipalLookupService() {
        throw new UnsupportedOperationException("a remote file system has no user lookup here");
    }

    @Override
    public WatchService newWatchService() {
        throw new UnsupportedOperationException("a remote file system cannot be watched; poll it");
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HadoopNioFileSystem that && that.root.equals(root);
    }

    @Override
    public int hashCode() {
        return root.hashCode();
    }

    @Override
    public String toString() {
        return prefix;
    }
}
