package io.streamscope.ui.replay;

import io.streamscope.ui.LoadedCheckpoint;
import io.streamscope.ui.query.QueryViewModel;
import io.streamscope.topic.TopicFiles;

import java.nio.file.Path;

/**
 * The topic source a newly opened checkpoint is replayed with: the command line's {@code --bootstrap-servers} or
 * every {@code --topic-file [TOPIC=]F}, else the sidecar's topic file, resolved relative to the checkpoint folder.
 */
public final class TopicDefaults {

    private TopicDefaults() {
    }

    public static TopicChoice choose(QueryViewModel query, LoadedCheckpoint loaded) {
        TopicChoice given = fromCommandLine(query);
        return given != null ? given : fromSidecar(loaded);
    }

    /** {@code --bootstrap-servers} or every {@code --topic-file [TOPIC=]F}; null when the command line gave neither. */
    public static TopicChoice fromCommandLine(QueryViewModel query) {
        String servers = query.bootstrapServersProperty().get();
        if (servers != null && !servers.isBlank()) {
            String config = query.commandConfigProperty().get();
            return TopicChoice.kafka(servers, config == null || config.isBlank() ? null : Path.of(config));
        }
        if (!query.topicFiles().isEmpty()) {
            return TopicChoice.snapshots(query.topicFiles().stream().map(TopicFiles.Entry::parse).toList());
        }
        return null;
    }

    /** The sidecar's topic files ({@code "topics":{…}} or {@code "topic":{"file":…}}), or null without any. */
    public static TopicChoice fromSidecar(LoadedCheckpoint loaded) {
        return loaded.sidecar().map(sidecar -> sidecar.topicEntries(loaded.checkpoint().path()).stream()
                        .sorted(java.util.Comparator.comparing(entry -> entry.topic() == null ? "" : entry.topic()))
                        .toList())
                .filter(entries -> !entries.isEmpty()).map(TopicChoice::snapshots).orElse(null);
    }
}
