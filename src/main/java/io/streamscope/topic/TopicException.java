package io.streamscope.topic;

/** A topic cannot be read: the message says what and where, in words a user can act on. */
public class TopicException extends Exception {

    public TopicException(String message) {
        super(message);
    }

    public TopicException(String message, Throwable cause) {
        super(message, cause);
    }
}
