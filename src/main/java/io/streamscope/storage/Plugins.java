package io.streamscope.storage;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Optional connector jars (S3A with the AWS SDK, ABFS, GCS, …) for an app built without them: every {@code .jar} in
 * {@code $STREAMSCOPE_PLUGINS}, or else {@code ~/.streamscope/plugins}, loaded once into a class loader that Hadoop's
 * configuration looks classes up in.
 */
final class Plugins {

    static final String ENV = "STREAMSCOPE_PLUGINS";

    private static ClassLoader loader;

    private Plugins() {
    }

    static Path folder() {
        String given = System.getenv(ENV);
        return given != null && !given.isBlank() ? Path.of(given)
                : Path.of(System.getProperty("user.home"), ".streamscope", "plugins");
    }

    static String describeFolder() {
        return folder() + " ($" + ENV + ")";
    }

    /** The class loader for Hadoop's classes: the app's own, with the plugin folder's jars when there are any. */
    static synchronized ClassLoader classLoader() {
        if (loader == null) {
            ClassLoader parent = Plugins.class.getClassLoader();
            List<URL> jars = jars(folder());
            loader = jars.isEmpty() ? parent : new URLClassLoader(jars.toArray(URL[]::new), parent);
        }
        return loader;
    }

    private static List<URL> jars(Path folder) {
        List<URL> jars = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return jars;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, "*.jar")) {
            for (Path jar : entries) {
                jars.add(jar.toUri().toURL());
            }
        } catch (IOException e) {
            // an unreadable plugin folder is the same as none; the missing scheme's message says where it looked
        }
        jars.sort(java.util.Comparator.comparing(URL::toString));
        return jars;
    }
}
