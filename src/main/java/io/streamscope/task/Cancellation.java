package io.streamscope.task;

import java.util.concurrent.CancellationException;

/**
 * Asked between chunks of a long read (files, blocks, records); a cancelled read stops by throwing
 * {@link CancellationException}. A view model passes its running task's flag; the CLI passes {@link #NEVER}.
 */
@FunctionalInterface
public interface Cancellation {

    Cancellation NEVER = () -> false;

    boolean isCancelled();

    /** Throws when cancelled: what a reader calls between two chunks. */
    default void check() {
        if (isCancelled()) {
            throw new CancellationException("cancelled");
        }
    }
}
