package io.streamscope.cli;

/** The command cannot answer at all, e.g. the path is not a checkpoint. */
final class CommandFailedException extends Exception {

    CommandFailedException(String message) {
        super(message);
    }
}
