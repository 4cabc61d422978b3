package io.streamscope.storage;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Calls to a remote file system, retried with exponential backoff while the store says it is throttling (S3's 503
 * SlowDown, 429 Too Many Requests, Azure's "server busy"); every other failure is final at once.
 */
record Retry(int attempts, long firstDelayMs, long maxDelayMs) {

    static final Retry DEFAULT = new Retry(6, 100, 5_000);

    interface Call<T> {
        T run() throws IOException;
    }

    <T> T call(String what, Call<T> call) throws IOException {
        long delay = firstDelayMs;
        for (int attempt = 1; ; attempt++) {
            try {
                return call.run();
            } catch (IOException e) {
                if (attempt >= attempts || !isThrottling(e)) {
                    throw e;
                }
            }
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException(what + ": interrupted while waiting to retry");
            }
            delay = Math.min(maxDelayMs, delay * 2);
        }
    }

    /**
     * A 503 or 429 counts only where it stands as a status code (S3's "Status Code: 503", "503 SlowDown", ABFS's
     * "…", 503, HEAD"): digits inside a path or a port (/chk/run-4503, :35031) are no throttle, and a file that is not
     * there never is, however its name reads.
     */
    private static final Pattern STATUS = Pattern.compile(
            "(?:status code|status|http|error)\\W{0,3}(?:503|429)(?!\\d)|(?<![\\w/.:-])(?:503|429)(?:,| (?:slow|too many|service))");

    static boolean isThrottling(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.io.FileNotFoundException || cause instanceof java.nio.file.NoSuchFileException
                    || cause instanceof java.nio.file.AccessDeniedException) {
                return false;
            }
            String name = cause.getClass().getSimpleName().toLowerCase(Locale.ROOT);
            String message = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT);
            if (name.contains("throttl") || message.contains("slowdown") || message.contains("slow down")
                    || message.contains("too many requests") || message.contains("throttl")
                    || message.contains("server busy") || message.contains("serverbusy") || message.contains("server is busy")
                    || STATUS.matcher(message).find()) {
                return true;
            }
        }
        return false;
    }
}
