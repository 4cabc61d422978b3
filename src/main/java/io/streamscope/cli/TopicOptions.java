package io.streamscope.cli;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.replay.Sidecar;
import io.streamscope.storage.HadoopSettings;
import io.streamscope.storage.Locations;
import io.streamscope.topic.CheckpointSpan;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.KafkaSettings;
import io.streamscope.topic.KafkaTopicSource;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicFiles;
import io.streamscope.topic.TopicSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The topic source a command reads the checkpoint's records from: {@code --bootstrap-servers H [--command-config F]},
 * every {@code --topic-file [TOPIC=]F}, or the sample's sidecar.
 */
final class TopicOptions {

    static final List<String> FLAGS = List.of("--topic-file", "--bootstrap-servers", "--command-config", "--topic");

    private TopicOptions() {
    }

    /** Whether the command line names a topic source. */
    static boolean given(Arguments flags) {
        return flags.has("--bootstrap-servers") || !flags.all("--topic-file").isEmpty();
    }

    static TopicSource open(Checkpoint checkpoint, Arguments flags, Sidecar sidecar)
            throws UsageException, CommandFailedException {
        List<String> topics = CheckpointSpan.topics(checkpoint);
        Optional<String> topic = flags.option("--topic");
        if (topic.isPresent() && !topics.contains(topic.get())) {
            throw new UsageException("--topic " + topic.get() + " is not a topic of the checkpoint " + topics);
        }
        HadoopSettings hadoop = flags.hadoop();
        try {
            if (flags.has("--bootstrap-servers")) {
                KafkaSettings settings = KafkaSettings.of(flags.option("--bootstrap-servers").orElseThrow());
                Optional<String> config = flags.option("--command-config");
                if (config.isPresent()) {
                    settings = settings.withPropertiesFile(flags.path(config.get()));
                }
                return KafkaTopicSource.open(settings);
            }
            List<TopicFiles.Entry> given = new java.util.ArrayList<>();
            for (String value : flags.all("--topic-file")) {
                try {
                    given.add(TopicFiles.Entry.parse(value, text -> Locations.openOrThrow(text, hadoop)));
                } catch (IllegalArgumentException e) {
                    throw new CommandFailedException("--topic-file " + e.getMessage());
                }
            }
            if (given.isEmpty()) {
                if (sidecar == null || sidecar.topicFiles().isEmpty()) {
                    throw new UsageException("give --topic-file or --bootstrap-servers: the checkpoint has no "
                            + "streamscope.json naming its topic");
                }
                given = sidecar.topicEntries(checkpoint.path());
            }
            Map<String, Path> files;
            try {
                files = TopicFiles.byTopic(given, topics);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            for (Path file : files.values()) {
                if (!Files.isRegularFile(file)) {
                    throw new CommandFailedException("no topic file " + file);
                }
            }
            return JsonlTopicSource.open(files);
        } catch (TopicException e) {
            throw new CommandFailedException(e.getMessage());
        }
    }
}
