package io.streamscope.topic;

/** Asked between chunks of a read; a javafx {@code Task} can pass {@code this::isCancelled}. */
@FunctionalInterface
public interface Cancellation {

    Cancellation NEVER = () -> false;

    boolean isCancelled();
}
