package io.streamscope.replay.plan;

/**
 * An error Spark raises while running a batch (ANSI mode, Spark 4's default): division by zero, arithmetic overflow,
 * a string that does not cast. The message starts with Spark's error class.
 */
public final class ReplayRuntimeException extends RuntimeException {

    public ReplayRuntimeException(String message) {
        super(message);
    }
}
