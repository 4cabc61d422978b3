package io.streamscope.ui.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.task.Work;
import io.streamscope.topic.CheckpointSpan;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.KafkaSettings;
import io.streamscope.topic.KafkaTopicSource;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicFiles;
import io.streamscope.topic.TopicSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Where the replay reads the topics: snapshot files ({@code topic export} format), one per topic as
 * {@code --topic-file [TOPIC=]F} gives them, or a Kafka broker (bootstrap servers, an optional client properties
 * file). Kafka reads are bounded by {@link #KAFKA_TIMEOUT}.
 */
public record TopicChoice(List<TopicFiles.Entry> files, String bootstrapServers, Path commandConfig) {

    /** A broker that is down answers within this time, so the window can say so. */
    public static final Duration KAFKA_TIMEOUT = Duration.ofSeconds(10);

    public TopicChoice {
        files = files == null ? List.of() : List.copyOf(files);
    }

    /** One snapshot file, of the checkpoint's only topic. */
    public static TopicChoice snapshot(Path file) {
        return snapshots(List.of(new TopicFiles.Entry(null, file)));
    }

    /** A snapshot file per topic; a relative file is relative to the working directory, as on the command line. */
    public static TopicChoice snapshots(List<TopicFiles.Entry> files) {
        return new TopicChoice(files.stream()
                .map(entry -> new TopicFiles.Entry(entry.topic(), entry.file().toAbsolutePath().normalize()))
                .toList(), null, null);
    }

    /** With {@code withFile} a choice may start empty: no snapshot file yet. */
    public static TopicChoice none() {
        return new TopicChoice(List.of(), null, null);
    }

    public static TopicChoice kafka(String bootstrapServers, Path commandConfig) {
        return new TopicChoice(List.of(), bootstrapServers.trim(), commandConfig);
    }

    public boolean isKafka() {
        return bootstrapServers != null;
    }

    /**
     * Opens the source; the caller closes it. Off the FX thread.
     *
     * @param checkpoint the checkpoint replayed: its only topic is the topic of a bare snapshot file
     */
    public TopicSource open(Checkpoint checkpoint) throws TopicException {
        return open(checkpoint, Work.NONE);
    }

    /** Likewise, a snapshot file's indexing told to {@code work}, which may cancel it. */
    public TopicSource open(Checkpoint checkpoint, Work work) throws TopicException {
        if (isKafka()) {
            KafkaSettings settings = KafkaSettings.of(bootstrapServers).withTimeout(KAFKA_TIMEOUT);
            if (commandConfig != null) {
                settings = settings.withPropertiesFile(commandConfig);
            }
            return KafkaTopicSource.open(settings);
        }
        Map<String, Path> byTopic;
        try {
            byTopic = TopicFiles.byTopic(files, CheckpointSpan.topics(checkpoint));
        } catch (IllegalArgumentException e) {
            throw new TopicException(e.getMessage(), e);
        }
        for (Path file : byTopic.values()) {
            if (!Files.isRegularFile(file)) {
                throw new TopicException("no topic snapshot file " + file);
            }
        }
        return JsonlTopicSource.open(byTopic, work);
    }

    /**
     * The snapshot file of {@code topic} (a bare file is the file of the checkpoint's only topic), if this choice
     * names one.
     */
    public Optional<Path> fileOf(String topic, List<String> checkpointTopics) {
        if (isKafka()) {
            return Optional.empty();
        }
        for (TopicFiles.Entry entry : files) {
            if (topic.equals(entry.topic()) || entry.topic() == null && checkpointTopics.size() == 1
                    && checkpointTopics.get(0).equals(topic)) {
                return Optional.of(entry.file());
            }
        }
        return Optional.empty();
    }

    /**
     * This choice with {@code file} as the snapshot of {@code topic}, the other topics' files kept (a Kafka choice
     * becomes snapshots). A bare file of the only topic is named after it, so each entry says its topic.
     */
    public TopicChoice withFile(String topic, Path file, List<String> checkpointTopics) {
        List<TopicFiles.Entry> kept = new ArrayList<>();
        if (!isKafka()) {
            for (TopicFiles.Entry entry : files) {
                String named = entry.topic() != null ? entry.topic()
                        : checkpointTopics.size() == 1 ? checkpointTopics.get(0) : null;
                if (named != null && !named.equals(topic)) {
                    kept.add(new TopicFiles.Entry(named, entry.file()));
                }
            }
        }
        kept.add(new TopicFiles.Entry(topic, file));
        return snapshots(kept);
    }

    /** For the window: "orders.jsonl", "orders.jsonl, refunds.jsonl" or "Kafka at 127.0.0.1:9092". */
    public String describe() {
        return isKafka() ? "Kafka at " + bootstrapServers
                : files.stream().map(entry -> String.valueOf(entry.file().getFileName())).collect(Collectors.joining(", "));
    }
}
