package io.streamscope.topic;

import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.errors.WakeupException;

import java.util.concurrent.CancellationException;

/**
 * Turns kafka-clients exceptions into {@link TopicException}s whose message says what failed, where, and what to
 * check. Messages pass through {@link KafkaSettings#redact}; the Kafka exception is not attached as the cause, since
 * its text is not redacted.
 */
final class KafkaErrors {

    private KafkaErrors() {
    }

    /**
     * @param doing what was being done, e.g. "listing the partitions of orders"
     */
    static TopicException translate(KafkaSettings settings, String doing, RuntimeException e) {
        String where = "Kafka at " + settings.bootstrapServers();
        String file = settings.propertiesFile().map(f -> " and the settings in " + f).orElse("");
        if (e instanceof WakeupException || e instanceof InterruptException) {
            throw new CancellationException("cancelled while " + doing);
        }
        Throwable root = rootOf(e);
        String message;
        if (e instanceof TimeoutException) {
            message = where + " did not answer within " + seconds(settings) + " while " + doing
                    + ": is the broker running and reachable from here? Check --bootstrap-servers" + file;
        } else if (root instanceof ConfigException config && config.getMessage().contains("bootstrap")) {
            message = "cannot use --bootstrap-servers " + settings.bootstrapServers() + ": " + config.getMessage();
        } else if (root instanceof ConfigException config) {
            message = "the Kafka client settings are not valid" + settings.propertiesFile().map(f -> " (" + f + ")").orElse("")
                    + ": " + config.getMessage();
        } else if (e instanceof AuthenticationException) {
            message = where + " refused to authenticate Streamscope while " + doing + ": " + e.getMessage()
                    + ". Check the security settings" + settings.propertiesFile().map(f -> " in " + f).orElse(" (--command-config)");
        } else if (e instanceof TopicAuthorizationException auth) {
            message = where + " does not allow reading " + String.join(", ", auth.unauthorizedTopics())
                    + " (ACLs) while " + doing;
        } else if (e instanceof AuthorizationException) {
            message = where + " refused the request while " + doing + ": " + e.getMessage();
        } else if (e instanceof UnknownTopicOrPartitionException || e instanceof InvalidTopicException) {
            message = where + " while " + doing + ": " + e.getMessage();
        } else if (e instanceof KafkaException && root != e && root.getMessage() != null) {
            message = where + " failed while " + doing + ": " + e.getMessage() + " (" + root.getClass().getSimpleName()
                    + ": " + root.getMessage() + ")";
        } else {
            message = where + " failed while " + doing + ": " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        return new TopicException(settings.redact(message));
    }

    /** The client could not even be built: nothing was sent, so the settings are at fault. */
    static TopicException construction(KafkaSettings settings, RuntimeException e) {
        Throwable root = rootOf(e);
        if (root instanceof ConfigException config && config.getMessage().contains("bootstrap")) {
            return new TopicException(settings.redact("cannot use --bootstrap-servers " + settings.bootstrapServers()
                    + ": " + config.getMessage()));
        }
        String reason = root == e ? e.getMessage() : root.getClass().getSimpleName() + ": " + root.getMessage();
        return new TopicException(settings.redact("the Kafka client settings"
                + settings.propertiesFile().map(f -> " in " + f).orElse("") + " are not usable: " + reason));
    }

    static String seconds(KafkaSettings settings) {
        long millis = settings.timeout().toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    private static Throwable rootOf(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }
}
