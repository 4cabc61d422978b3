package io.streamscope.ui.replay;

import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.KafkaSettings;
import io.streamscope.topic.KafkaTopicSource;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Where the replay reads the topic: a snapshot file ({@code topic export} format) or a Kafka broker (bootstrap
 * servers, an optional client properties file). Kafka reads are bounded by {@link #KAFKA_TIMEOUT}.
 */
public record TopicChoice(Path file, String bootstrapServers, Path commandConfig) {

    /** A broker that is down answers within this time, so the window can say so. */
    public static final Duration KAFKA_TIMEOUT = Duration.ofSeconds(10);

    public static TopicChoice snapshot(Path file) {
        return new TopicChoice(file.toAbsolutePath().normalize(), null, null);
    }

    public static TopicChoice kafka(String bootstrapServers, Path commandConfig) {
        return new TopicChoice(null, bootstrapServers.trim(), commandConfig);
    }

    public boolean isKafka() {
        return bootstrapServers != null;
    }

    /** Opens the source; the caller closes it. Off the FX thread. */
    public TopicSource open() throws TopicException {
        if (isKafka()) {
            KafkaSettings settings = KafkaSettings.of(bootstrapServers).withTimeout(KAFKA_TIMEOUT);
            if (commandConfig != null) {
                settings = settings.withPropertiesFile(commandConfig);
            }
            return KafkaTopicSource.open(settings);
        }
        if (!Files.isRegularFile(file)) {
            throw new TopicException("no topic snapshot file " + file);
        }
        return JsonlTopicSource.open(file);
    }

    /** For the window: "orders.jsonl" or "Kafka at 127.0.0.1:9092". */
    public String describe() {
        return isKafka() ? "Kafka at " + bootstrapServers : String.valueOf(file.getFileName());
    }
}
