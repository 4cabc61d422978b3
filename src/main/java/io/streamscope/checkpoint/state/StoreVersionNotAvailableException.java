package io.streamscope.checkpoint.state;

/** A store's state at a version cannot be rebuilt from the files present (purged by retention, or a file missing). */
public final class StoreVersionNotAvailableException extends Exception {

    public StoreVersionNotAvailableException(String message) {
        super(message);
    }
}
