package io.streamscope.storage;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one way a path argument becomes a {@link Path}: a local path (or {@code file://} URI) is a path of the default
 * file system; any other URI ({@code hdfs://}, {@code s3a://}, {@code abfss://}, {@code gs://}, …) a read-only path
 * over Hadoop's {@code FileSystem}, on which every reader works unchanged.
 */
public final class Locations {

    /** {@code scheme:} as URIs start; one letter is a Windows drive ({@code C:\…}), not a scheme. */
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:.*", Pattern.DOTALL);

    private Locations() {
    }

    /** Whether the text names a location Hadoop reads (a URI with a scheme other than {@code file}). */
    public static boolean isRemote(String pathOrUri) {
        return pathOrUri != null && SCHEME.matcher(pathOrUri).matches()
                && !pathOrUri.toLowerCase(Locale.ROOT).startsWith("file:");
    }

    /**
     * The path named by {@code pathOrUri}, with {@code settings} on top of {@code HADOOP_CONF_DIR} for a remote one.
     * Nothing is read yet, except for connecting to the remote file system.
     *
     * @throws LocationException the text is no path, the scheme has no connector here, or the file system cannot be
     *                           reached; the message says which, and never holds a secret
     */
    public static Path open(String pathOrUri, HadoopSettings settings) throws LocationException {
        if (!isRemote(pathOrUri)) {
            try {
                return pathOrUri.toLowerCase(Locale.ROOT).startsWith("file:") ? Path.of(new URI(pathOrUri)) : Path.of(pathOrUri);
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw new LocationException("not a path: " + e.getMessage());
            }
        }
        URI uri;
        try {
            uri = new URI(pathOrUri);
        } catch (URISyntaxException e) {
            throw new LocationException("not a URI: " + e.getMessage());
        }
        if (uri.getRawUserInfo() != null && uri.getRawUserInfo().contains(":")) {
            // Said without the URI itself: its user part is a key pair (abfss://container@account… has no ':' there).
            throw new LocationException("a " + uri.getScheme() + ":// URI with credentials in it is refused; give them "
                    + "with --conf or the environment (AWS_ACCESS_KEY_ID, …)");
        }
        try {
            return RemoteFileSystems.path(uri, settings);
        } catch (IOException e) {
            throw new LocationException(Connectors.explain(uri, e));
        }
    }

    /** Like {@link #open}, for an argument that must be a path: bad text is an {@link IllegalArgumentException}. */
    public static Path openOrThrow(String pathOrUri, HadoopSettings settings) {
        try {
            return open(pathOrUri, settings);
        } catch (LocationException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** Whether the path lives on a remote file system (read through Hadoop). */
    public static boolean isRemote(Path path) {
        return path.getFileSystem() instanceof HadoopNioFileSystem;
    }
}
