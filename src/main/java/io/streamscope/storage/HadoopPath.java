package io.streamscope.storage;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * A path of a {@link HadoopNioFileSystem}: {@code /a/b} (absolute) or {@code a/b}, '/'-separated. An absolute path's
 * text is its full URI ({@code hdfs://nn:8020/chk/offsets/0}), so that messages and settings name it unambiguously.
 */
final class HadoopPath implements Path {

    private final HadoopNioFileSystem fs;
    /** Normalized separators: no empty names, no trailing '/', "/" for the root, "" for the empty path. */
    private final String path;
    private volatile String[] names;

    HadoopPath(HadoopNioFileSystem fs, String text) {
        this.fs = fs;
        this.path = clean(text);
    }

    private static String clean(String text) {
        boolean absolute = text.startsWith("/");
        StringBuilder out = new StringBuilder(absolute ? "/" : "");
        for (String name : text.split("/")) {
            if (!name.isEmpty()) {
                if (out.length() > (absolute ? 1 : 0)) {
                    out.append('/');
                }
                out.append(name);
            }
        }
        return out.toString();
    }

    /** The path part alone: {@code /chk/offsets/0}. */
    String pathText() {
        return path;
    }

    private String[] names() {
        String[] cached = names;
        if (cached == null) {
            String body = path.startsWith("/") ? path.substring(1) : path;
            cached = body.isEmpty() ? (path.isEmpty() ? new String[]{""} : new String[0]) : body.split("/");
            names = cached;
        }
        return cached;
    }

    private HadoopPath of(String text) {
        return new HadoopPath(fs, text);
    }

    private static HadoopPath check(Path other) {
        if (!(other instanceof HadoopPath hadoop)) {
            throw new ProviderMismatchException("not a path of a remote file system: " + other);
        }
        return hadoop;
    }

    @Override
    public HadoopNioFileSystem getFileSystem() {
        return fs;
    }

    @Override
    public boolean isAbsolute() {
        return path.startsWith("/");
    }

    @Override
    public HadoopPath getRoot() {
        return isAbsolute() ? of("/") : null;
    }

    @Override
    public HadoopPath getFileName() {
        String[] all = names();
        if (all.length == 0 || path.isEmpty()) {
            return path.isEmpty() ? this : null;
        }
        return all.length == 1 && !isAbsolute() ? this : of(all[all.length - 1]);
    }

    @Override
    public HadoopPath getParent() {
        String[] all = names();
        if (all.length == 0 || path.isEmpty()) {
            return null;
        }
        if (all.length == 1) {
            return isAbsolute() ? of("/") : null;
        }
        return of((isAbsolute() ? "/" : "") + String.join("/", Arrays.copyOf(all, all.length - 1)));
    }

    @Override
    public int getNameCount() {
        return names().length;
    }

    @Override
    public HadoopPath getName(int index) {
        String[] all = names();
        if (index < 0 || index >= all.length) {
            throw new IllegalArgumentException("no name " + index + " in " + this);
        }
        return of(all[index]);
    }

    @Override
    public HadoopPath subpath(int beginIndex, int endIndex) {
        String[] all = names();
        if (beginIndex < 0 || endIndex > all.length || beginIndex >= endIndex) {
            throw new IllegalArgumentException("no names " + beginIndex + ".." + endIndex + " in " + this);
        }
        return of(String.join("/", Arrays.copyOfRange(all, beginIndex, endIndex)));
    }

    @Override
    public boolean startsWith(Path other) {
        if (!(other instanceof HadoopPath that) || !that.fs.equals(fs) || that.isAbsolute() != isAbsolute()) {
            return false;
        }
        String[] mine = names();
        String[] theirs = that.names();
        if (that.path.isEmpty()) {
            return path.isEmpty();
        }
        return theirs.length <= mine.length && namesMatch(mine, theirs, 0);
    }

    /** Whether {@code theirs} stands in {@code mine} from name {@code from} on. */
    private static boolean namesMatch(String[] mine, String[] theirs, int from) {
        for (int i = 0; i < theirs.length; i++) {
            if (!mine[from + i].equals(theirs[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean startsWith(String other) {
        return startsWith(fs.getPath(other));
    }

    @Override
    public boolean endsWith(Path other) {
        if (!(other instanceof HadoopPath that) || !that.fs.equals(fs)) {
            return false;
        }
        if (that.isAbsolute()) {
            return equals(that);
        }
        String[] mine = names();
        String[] theirs = that.names();
        return theirs.length <= mine.length && namesMatch(mine, theirs, mine.length - theirs.length);
    }

    @Override
    public boolean endsWith(String other) {
        return endsWith(fs.getPath(other));
    }

    @Override
    public HadoopPath normalize() {
        List<String> kept = new ArrayList<>();
        for (String name : names()) {
            if (name.equals(".") || name.isEmpty()) {
                continue;
            }
            if (name.equals("..")) {
                if (!kept.isEmpty() && !kept.get(kept.size() - 1).equals("..")) {
                    kept.remove(kept.size() - 1);
                    continue;
                }
                if (isAbsolute()) {
                    continue; // above the root is the root
                }
            }
            kept.add(name);
        }
        HadoopPath normal = of((isAbsolute() ? "/" : "") + String.join("/", kept));
        return normal.path.equals(path) ? this : normal;
    }

    @Override
    public HadoopPath resolve(Path other) {
        HadoopPath that = check(other);
        if (that.isAbsolute()) {
            return that;
        }
        if (that.path.isEmpty()) {
            return this;
        }
        return of(path.isEmpty() ? that.path : path + "/" + that.path);
    }

    @Override
    public HadoopPath resolve(String other) {
        return resolve(fs.getPath(other));
    }

    @Override
    public HadoopPath resolveSibling(Path other) {
        HadoopPath parent = getParent();
        return parent == null ? check(other) : parent.resolve(other);
    }

    @Override
    public HadoopPath resolveSibling(String other) {
        return resolveSibling(fs.getPath(other));
    }

    @Override
    public HadoopPath relativize(Path other) {
        HadoopPath that = check(other);
        if (that.isAbsolute() != isAbsolute()) {
            throw new IllegalArgumentException("cannot relativize " + other + " against " + this);
        }
        if (path.equals(that.path)) {
            return of("");
        }
        String[] mine = path.isEmpty() ? new String[0] : names();
        String[] theirs = that.path.isEmpty() ? new String[0] : that.names();
        int common = 0;
        while (common < mine.length && common < theirs.length && mine[common].equals(theirs[common])) {
            common++;
        }
        List<String> parts = new ArrayList<>();
        for (int i = common; i < mine.length; i++) {
            parts.add("..");
        }
        parts.addAll(Arrays.asList(theirs).subList(common, theirs.length));
        return of(String.join("/", parts));
    }

    @Override
    public URI toUri() {
        try {
            URI root = fs.rootUri();
            return new URI(root.getScheme(), root.getAuthority(), toAbsolutePath().path, null, null);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("not a URI: " + this, e);
        }
    }

    @Override
    public HadoopPath toAbsolutePath() {
        return isAbsolute() ? this : of("/" + path);
    }

    /** A remote path has no links: the real path is the absolute, normalized one (its existence checked). */
    @Override
    public HadoopPath toRealPath(LinkOption... options) throws java.io.IOException {
        HadoopPath real = toAbsolutePath().normalize();
        fs.status(real);
        return real;
    }

    @Override
    public WatchKey register(WatchService watcher, WatchEvent.Kind<?>[] events, WatchEvent.Modifier... modifiers) {
        throw new UnsupportedOperationException("a remote folder cannot be watched; poll it");
    }

    @Override
    public Iterator<Path> iterator() {
        List<Path> parts = new ArrayList<>();
        for (int i = 0; i < getNameCount(); i++) {
            parts.add(getName(i));
        }
        return parts.iterator();
    }

    @Override
    public int compareTo(Path other) {
        HadoopPath that = check(other);
        int byFs = fs.prefix().compareTo(that.fs.prefix());
        return byFs != 0 ? byFs : path.compareTo(that.path);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HadoopPath that && that.fs.equals(fs) && that.path.equals(path);
    }

    @Override
    public int hashCode() {
        return fs.hashCode() * 31 + path.hashCode();
    }

    @Override
    public String toString() {
        return isAbsolute() ? fs.prefix() + path : path;
    }
}
