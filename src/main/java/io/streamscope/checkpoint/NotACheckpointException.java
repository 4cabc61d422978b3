package io.streamscope.checkpoint;

/** The folder is not a checkpoint at all (as opposed to a checkpoint with damaged files). */
public final class NotACheckpointException extends Exception {

    public NotACheckpointException(String message) {
        super(message);
    }
}
