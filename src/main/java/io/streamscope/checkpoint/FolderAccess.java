package io.streamscope.checkpoint;

import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Read-only access to the files of one opened folder, reporting every failure to {@link Findings} with the path
 * relative to that folder. Nothing here ever creates, changes or deletes a file.
 */
final class FolderAccess {

    /** Metadata-log files are small; anything bigger is not what Spark writes there. */
    static final long MAX_LOG_FILE_BYTES = 64L * 1024 * 1024;
    private static final java.nio.file.FileSystem LOCAL = FileSystems.getDefault();

    private final Path root;
    private final Findings findings;
    /** The root with links resolved, to tell whether a link's target lies inside the folder. */
    private final Path realRoot;
    /** Links already remarked on, so a link met by two readers gets one note. */
    private final java.util.Set<Path> notedLinks;
    /**
     * The sizes of the plain regular files {@link #followableListed} saw, taken (once) by {@link #readText} and
     * {@link #read} in place of a second {@code lstat}: 20,000 fewer for 10,000 batches.
     */
    private final java.util.Map<Path, Long> listedFiles;
    /** Folders listed ahead on other threads ({@link ListingPrefetch}), each taken once by {@link #list}. */
    private final java.util.Map<Path, Listing> prefetched;

    /** A folder's listing made ahead: its entries, the bookkeeping names among them, and the error that ended it. */
    record Listing(List<Path> entries, List<String> bookkeeping, IOException error) {
    }

    FolderAccess(Path root, Findings findings) {
        this.root = root;
        this.findings = findings;
        Path real;
        try {
            real = root.toRealPath();
        } catch (IOException | RuntimeException e) {
            real = root;
        }
        this.realRoot = real;
        this.notedLinks = java.util.concurrent.ConcurrentHashMap.newKeySet();
        this.listedFiles = new java.util.concurrent.ConcurrentHashMap<>();
        this.prefetched = new java.util.concurrent.ConcurrentHashMap<>();
    }

    private FolderAccess(FolderAccess parent, Findings findings) {
        this.root = parent.root;
        this.findings = findings;
        this.realRoot = parent.realRoot;
        this.notedLinks = parent.notedLinks;
        this.listedFiles = parent.listedFiles;
        this.prefetched = parent.prefetched;
    }

    /** The same folder reporting to {@code findings}: for a worker thread, whose findings are merged in order after. */
    FolderAccess reportingTo(Findings findings) {
        return new FolderAccess(this, findings);
    }

    Path root() {
        return root;
    }

    Findings findings() {
        return findings;
    }

    String relative(Path path) {
        String relative = root.relativize(path).toString().replace('\\', '/');
        return relative.isEmpty() ? "." : relative;
    }

    /**
     * An entry's file name, taken through {@code Object}: HotSpot's interpreter resolves a call of {@code toString} made
     * on an interface such as {@code Path} anew every time (a method of {@code Object} reached through an interface
     * is not kept in the call site), three times the cost of the call itself; the loops over tens of thousands of
     * listed entries run interpreted before the JIT compiles them. On the local disk the name is cut from the path's
     * text, which the path keeps and opening the file uses again, rather than made a path of its own first (a third of
     * what listing 40,000 entries allocated).
     */
    static String nameOf(Path entry) {
        if (entry.getFileSystem() == LOCAL) {
            Object path = entry;
            String text = path.toString();
            return text.substring(text.lastIndexOf(java.io.File.separatorChar) + 1);
        }
        Object name = entry.getFileName();
        return name.toString();
    }

    /** Hadoop and Spark bookkeeping: {@code .crc} sidecars, in-flight {@code .tmp} files, 2.x {@code temp-} dirs. */
    static boolean isBookkeeping(String name) {
        return name.startsWith(".") || name.endsWith(".tmp") || name.startsWith("temp-");
    }

    /** The entries of a folder, bookkeeping files left out, sorted by name; empty when it cannot be listed. */
    List<Path> list(Path dir) {
        return list(dir, null);
    }

    /**
     * Likewise, putting the bookkeeping entries' names left out into {@code bookkeeping} (when not null). A folder
     * listed ahead is taken from there, its error reported here, so the findings come in the reader's order.
     */
    List<Path> list(Path dir, List<String> bookkeeping) {
        return list(dir, bookkeeping, true);
    }

    /**
     * {@link #list(Path)} in the order the file system gives, for a caller that orders the entries itself (a log of
     * 10,000 batch files by batch id): sorting them by name first took longer than listing them.
     */
    List<Path> listInAnyOrder(Path dir) {
        return list(dir, null, false);
    }

    /** Likewise, putting the bookkeeping entries' names left out into {@code bookkeeping}. */
    List<Path> listInAnyOrder(Path dir, List<String> bookkeeping) {
        return list(dir, bookkeeping, false);
    }

    private List<Path> list(Path dir, List<String> bookkeeping, boolean sorted) {
        Listing listing = prefetched.remove(dir);
        if (listing == null) {
            listing = listNow(dir, sorted);
        }
        if (bookkeeping != null) {
            bookkeeping.addAll(listing.bookkeeping());
        }
        if (listing.error() != null) {
            findings.problem(relative(dir), null, "cannot list folder: " + describe(listing.error()));
        }
        return listing.entries();
    }

    /** Keeps {@code listing} of {@code dir} for the next {@link #list} of it. */
    void listedAhead(Path dir, Listing listing) {
        prefetched.put(dir, listing);
    }

    /** A folder's entries, sorted by name, with what ended the listing early (if anything); no finding is made. */
    static Listing listNow(Path dir) {
        return listNow(dir, true);
    }

    private static Listing listNow(Path dir, boolean sorted) {
        List<Path> entries = new ArrayList<>();
        List<String> bookkeeping = new ArrayList<>();
        IOException error = null;
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path entry : stream) {
                String name = nameOf(entry);
                if (!isBookkeeping(name)) {
                    entries.add(entry);
                } else {
                    bookkeeping.add(name);
                }
            }
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            error = e instanceof java.nio.file.DirectoryIteratorException iterator ? iterator.getCause() : (IOException) e;
        }
        if (sorted) {
            entries.sort(null);
        }
        return new Listing(entries, bookkeeping, error);
    }

    /**
     * Whether an entry may be read or listed: anything that is not a symbolic link, and a link whose target exists
     * inside the opened folder. A dangling link, a loop, or a link out of the folder is left out with a note naming it
     * (Spark never writes links; nothing outside the folder is read).
     */
    boolean followable(Path entry) {
        if (!Files.isSymbolicLink(entry)) {
            return true;
        }
        String reason;
        try {
            Path target = entry.toRealPath();
            if (target.startsWith(realRoot)) {
                return true;
            }
            reason = "a symbolic link out of the folder (to " + target + "); not followed";
        } catch (java.nio.file.FileSystemLoopException e) {
            reason = "a symbolic link loop; not followed";
        } catch (IOException | RuntimeException e) {
            reason = Files.exists(entry, LinkOption.NOFOLLOW_LINKS) && isLoop(entry)
                    ? "a symbolic link loop; not followed" : "a dangling symbolic link (its target does not exist); not read";
        }
        noteLink(entry, reason);
        return false;
    }

    /**
     * {@link #followable} for an entry just listed, with one {@code lstat}: a plain regular file is remembered, so
     * that reading it next does not look at it again.
     */
    boolean followableListed(Path entry) {
        BasicFileAttributes attributes = ownAttributes(entry);
        if (attributes == null || !attributes.isSymbolicLink()) {
            if (attributes != null && attributes.isRegularFile()) {
                listedFiles.put(entry, attributes.size());
            }
            return true; // as followable: anything that is not a link (one that vanished included)
        }
        return followable(entry);
    }

    /** Remarks once on a link that is left out, with the reason. */
    void noteLink(Path entry, String reason) {
        if (notedLinks.add(entry)) {
            findings.note(relative(entry), reason);
        }
    }

    private static boolean isLoop(Path link) {
        try {
            link.toRealPath();
            return false;
        } catch (java.nio.file.FileSystemException e) {
            String message = String.valueOf(e.getReason()) + e.getMessage();
            return message.contains("levels of symbolic links") || message.contains("loop");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Whether {@code path} is a folder that may be listed: a real folder, or a link to one inside the opened folder. */
    boolean isFolder(Path path) {
        return Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) || (Files.isSymbolicLink(path) && followable(path)
                && Files.isDirectory(path));
    }

    /** Offsets, commits and metadata files: small JSON lines, one per source at most. */
    static final long MAX_TEXT_LOG_BYTES = 16L * 1024 * 1024;

    /**
     * The text of a metadata-log file read line by line ({@link LogText#read}), or empty with a problem naming the
     * file (and the line or byte) when it is a folder, a link out of the folder, too big, has a line longer than
     * {@link LogText#MAX_LINE_BYTES}, is not UTF-8 text, or cannot be read. The file is never held whole.
     */
    Optional<LogText> readText(Path file, long maxBytes) {
        Long size = plainFileSize(file);
        if (size == null && !readable(file)) {
            return Optional.empty();
        }
        try (InputStream in = open(file)) {
            return Optional.of(LogText.read(in, maxBytes, size != null ? size : Files.size(file)));
        } catch (FormatException e) {
            findings.problem(relative(file), e);
        } catch (IOException e) {
            findings.problem(relative(file), null, "cannot read: " + describe(e));
        }
        return Optional.empty();
    }

    /**
     * The size of {@code file} when it is a plain regular file (no link): as listed, or read with one call. The
     * common case, so that 10,000 batch files cost one {@code lstat} each. Null for anything else, which
     * {@link #readable} judges.
     */
    private Long plainFileSize(Path file) {
        Long listed = listedFiles.remove(file);
        if (listed != null) {
            return listed;
        }
        BasicFileAttributes attributes = ownAttributes(file);
        return attributes != null && attributes.isRegularFile() ? attributes.size() : null;
    }

    /** An entry's own attributes (a link is not followed), or null when it vanished or cannot be read. */
    static BasicFileAttributes ownAttributes(Path entry) {
        try {
            return Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Whether a file may be opened: not a folder, not a link out of the folder, a regular file (with a problem if not). */
    private boolean readable(Path file) {
        String relative = relative(file);
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            findings.problem(relative, null, "is a folder where Spark writes a file");
            return false;
        }
        if (!followable(file)) {
            return false;
        }
        if (!Files.isRegularFile(file)) {
            // A pipe or a device would block or never end; Spark writes plain files only.
            findings.problem(relative, null, Files.exists(file) ? "is not a regular file (a pipe or a device?); not read"
                    : "cannot read: it does not exist (removed while reading?)");
            return false;
        }
        return true;
    }

    /** The whole file, or empty (with a problem) when it is a folder, too big or unreadable. */
    Optional<byte[]> read(Path file) {
        return read(file, MAX_LOG_FILE_BYTES);
    }

    Optional<byte[]> read(Path file, long maxBytes) {
        if (plainFileSize(file) == null && !readable(file)) {
            return Optional.empty();
        }
        try (InputStream in = open(file)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) {
                findings.problem(relative(file), null, "file is larger than " + maxBytes + " bytes; not a Spark metadata file");
                return Optional.empty();
            }
            return Optional.of(bytes);
        } catch (IOException e) {
            findings.problem(relative(file), null, "cannot read: " + describe(e));
            return Optional.empty();
        }
    }

    /**
     * A file of the folder opened for reading: on the local disk as a plain {@link FileInputStream}, which reads
     * straight into the caller's array (a file channel's stream goes through a direct buffer and keeps a thread set:
     * a third more time over 20,000 small files); on any other file system through its own provider.
     */
    private static InputStream open(Path file) throws IOException {
        if (file.getFileSystem() == LOCAL) {
            try {
                return new FileInputStream(file.toFile());
            } catch (FileNotFoundException e) {
                // gone or not readable since it was looked at: the file system's own call says which, as elsewhere
            }
        }
        return Files.newInputStream(file, StandardOpenOption.READ);
    }

    static String describe(IOException e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : " " + message);
    }
}
