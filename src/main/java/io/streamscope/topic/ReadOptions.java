package io.streamscope.topic;

import io.streamscope.task.Cancellation;
import io.streamscope.task.ProgressListener;
import io.streamscope.task.Work;

import java.util.Objects;

/**
 * How to read records.
 *
 * @param maxPayloadBytes keys and values longer than this are kept as previews ({@link Bytes#truncated()});
 *                        {@link TopicSource#record} gives a full one on demand
 * @param cancellation    asked between chunks; a cancelled read throws
 *                        {@link java.util.concurrent.CancellationException}
 * @param progress        told after every chunk: offsets covered of the offsets asked for
 */
public record ReadOptions(int maxPayloadBytes, Cancellation cancellation, ProgressListener progress) {

    /** Enough for any JSON order and still light for a table of thousands of records. */
    public static final int DEFAULT_PREVIEW_BYTES = 64 * 1024;

    public ReadOptions {
        if (maxPayloadBytes < 0) {
            throw new IllegalArgumentException("maxPayloadBytes must not be negative");
        }
        Objects.requireNonNull(cancellation, "cancellation");
        Objects.requireNonNull(progress, "progress");
    }

    /** Previews of {@value #DEFAULT_PREVIEW_BYTES} bytes, never cancelled, no progress. */
    public static ReadOptions previews() {
        return new ReadOptions(DEFAULT_PREVIEW_BYTES, Cancellation.NEVER, ProgressListener.NONE);
    }

    /** Whole keys and values, as decoding needs them. */
    public static ReadOptions fullValues() {
        return new ReadOptions(Integer.MAX_VALUE, Cancellation.NEVER, ProgressListener.NONE);
    }

    public ReadOptions withCancellation(Cancellation newCancellation) {
        return new ReadOptions(maxPayloadBytes, newCancellation, progress);
    }

    public ReadOptions withProgress(ProgressListener newProgress) {
        return new ReadOptions(maxPayloadBytes, cancellation, newProgress);
    }

    /** Asks {@code work}'s cancellation and tells its listener. */
    public ReadOptions with(Work work) {
        return new ReadOptions(maxPayloadBytes, work.cancellation(), work.progress());
    }

    void checkCancelled() {
        if (cancellation.isCancelled()) {
            throw new java.util.concurrent.CancellationException("read cancelled");
        }
    }
}
