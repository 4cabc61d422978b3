package io.streamscope.replay;

/** A query and output mode Spark refuses to start, with Spark's own reason. */
public final class OutputModeException extends Exception {

    public OutputModeException(String sparkReason) {
        super(sparkReason);
    }
}
