package io.streamscope.storage;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Locale;

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

    static boolean isThrottling(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            String name = cause.getClass().getSimpleName().toLowerCase(Locale.ROOT);
            String message = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT);
            if (name.contains("throttl") || message.contains("slowdown") || message.contains("slow down")
                    || message.contains("503") || message.contains("429") || message.contains("too many requests")
                    || message.contains("throttl") || message.contains("server busy") || message.contains("serverbusy")) {
                return true;
            }
        }
        return false;
    }
}
