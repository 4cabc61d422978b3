package io.streamscope.cli;

/** A bad flag or a missing argument. */
final class UsageException extends Exception {

    UsageException(String message) {
        super(message);
    }
}
