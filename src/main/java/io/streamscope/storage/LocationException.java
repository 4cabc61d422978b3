package io.streamscope.storage;

/** A location that cannot be opened: bad text, a scheme without its connector, a file system that cannot be reached. */
public final class LocationException extends Exception {

    public LocationException(String message) {
        super(message);
    }
}
