package io.streamscope.storage;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hadoop file systems, one per scheme, authority and settings, configured as Spark configures them: Hadoop's defaults,
 * {@code core-site.xml}/{@code hdfs-site.xml} from {@code HADOOP_CONF_DIR}, then the settings given. Credentials come
 * from each connector's own chain (for S3A: the settings, then {@code AWS_ACCESS_KEY_ID}/{@code AWS_SECRET_ACCESS_KEY},
 * profiles, instance roles). They are kept open for the life of the program; nothing is ever written through them.
 */
final class RemoteFileSystems {

    private record Key(String scheme, String authority, Map<String, String> settings) {
    }

    /** Connectors named here so that a missing one says so instead of "no file system for the scheme". */
    private static final Map<String, String> IMPLEMENTATIONS = Map.of(
            "s3a", "org.apache.hadoop.fs.s3a.S3AFileSystem",
            "abfs", "org.apache.hadoop.fs.azurebfs.AzureBlobFileSystem",
            "abfss", "org.apache.hadoop.fs.azurebfs.SecureAzureBlobFileSystem",
            "gs", "com.google.cloud.hadoop.fs.gcs.GoogleHadoopFileSystem");

    private static final Map<Key, FileSystem> OPEN = new ConcurrentHashMap<>();

    private RemoteFileSystems() {
    }

    /** A path of a fresh read-only view of the file system {@code uri} names (its listings cached for that view). */
    static Path path(URI uri, HadoopSettings settings) throws IOException {
        org.apache.hadoop.fs.Path hadoopPath = new org.apache.hadoop.fs.Path(uri);
        FileSystem fs = fileSystem(uri, settings);
        URI qualified = fs.makeQualified(hadoopPath).toUri();
        HadoopNioFileSystem view = new HadoopNioFileSystem(fs, Retry.DEFAULT);
        String path = qualified.getPath() == null || qualified.getPath().isEmpty() ? "/" : qualified.getPath();
        HadoopPath opened = view.getPath(path);
        try {
            view.status(opened); // one call, so that a store that cannot be reached says so, not "does not exist"
        } catch (java.nio.file.NoSuchFileException missing) {
            // the reader says what is missing, as for a local folder
        }
        return opened;
    }

    static FileSystem fileSystem(URI uri, HadoopSettings settings) throws IOException {
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        Key key = new Key(scheme, uri.getAuthority(), settings.values());
        FileSystem open = OPEN.get(key);
        if (open != null) {
            return open;
        }
        Configuration conf = configuration(settings);
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(conf.getClassLoader()); // Hadoop finds file systems with the ServiceLoader
        try {
            FileSystem fs = Retry.DEFAULT.call("connect", () -> FileSystem.newInstance(uri, conf));
            FileSystem raced = OPEN.putIfAbsent(key, fs);
            if (raced != null) {
                fs.close();
                return raced;
            }
            return fs;
        } catch (RuntimeException | LinkageError e) {
            // A connector class that is missing or does not link arrives unchecked.
            throw new IOException(Errors.describe(e), e);
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    static Configuration configuration(HadoopSettings settings) {
        Configuration conf = new Configuration();
        conf.setClassLoader(Plugins.classLoader());
        String confDir = System.getenv("HADOOP_CONF_DIR");
        if (confDir != null && !confDir.isBlank()) {
            for (String name : List.of("core-site.xml", "hdfs-site.xml")) {
                Path file = Path.of(confDir, name);
                if (Files.isRegularFile(file)) {
                    conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
                }
            }
        }
        IMPLEMENTATIONS.forEach((scheme, implementation) -> {
            String property = "fs." + scheme + ".impl";
            if (conf.get(property) == null) {
                conf.set(property, implementation);
            }
        });
        settings.values().forEach(conf::set);
        return conf;
    }
}
