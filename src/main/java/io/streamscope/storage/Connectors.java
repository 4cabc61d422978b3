package io.streamscope.storage;

import java.io.IOException;
import java.util.Locale;

/** What to say when a remote file system cannot be opened, above all when its connector is not in this build. */
final class Connectors {

    /** Where the README says how to add a connector. */
    static final String HOW = "README, \"Remote checkpoints\"";

    private Connectors() {
    }

    /** Why {@code uri} (which holds no credentials: {@link Locations#open} refuses those) cannot be opened. */
    static String explain(java.net.URI uri, IOException e) {
        String lower = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (isMissingConnector(e)) {
            return missing(lower) + " [" + Errors.describe(rootCause(e)) + "]";
        }
        return "cannot read " + uri + ": " + Errors.describe(e);
    }

    private static Throwable rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static String missing(String lower) {
        {
            return switch (lower) {
                case "s3a", "abfs", "abfss" -> lower + ":// needs Hadoop's " + (lower.equals("s3a") ? "S3A" : "ABFS")
                        + " connector, which this build lacks or cannot load: build with mvn -B -Pcloud package (or -Pcloud,dist), "
                        + "or put the connector's jars into " + Plugins.describeFolder() + " (" + HOW + ")";
                case "gs" -> "gs:// needs Google's GCS connector (gcs-connector-hadoop3-…-shaded.jar): put it into "
                        + Plugins.describeFolder() + " (" + HOW + ")";
                case "s3", "s3n" -> lower + ":// is not a Hadoop scheme here: use s3a:// (the same bucket and key)";
                default -> "no Hadoop file system for " + lower + ":// (put its connector's jars into "
                        + Plugins.describeFolder() + ", or set fs." + lower + ".impl with --conf)";
            };
        }
    }

    static boolean isMissingConnector(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            String message = String.valueOf(cause.getMessage());
            if (cause.getClass().getSimpleName().equals("UnsupportedFileSystemException")
                    || message.contains("No FileSystem for scheme") || cause instanceof ClassNotFoundException
                    || cause instanceof NoClassDefFoundError) {
                return true;
            }
        }
        return false;
    }
}
