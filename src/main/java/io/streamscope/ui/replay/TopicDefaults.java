package io.streamscope.ui.replay;

import io.streamscope.ui.LoadedCheckpoint;
import io.streamscope.ui.query.QueryViewModel;
import io.streamscope.replay.Sidecar;
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
        String servers = query.bootstrapServersProperty().get();
        if (servers != null && !servers.isBlank()) {
            String config = query.commandConfigProperty().get();
            return TopicChoice.kafka(servers, config == null || config.isBlank() ? null : Path.of(config));
        }
        if (!query.topicFiles().isEmpty()) {
            return TopicChoice.snapshots(query.topicFiles().stream().map(TopicFiles.Entry::parse).toList());
        }
        return loaded.sidecar().map(Sidecar::topicFile).filter(file -> !file.isBlank())
                .map(file -> TopicChoice.snapshot(loaded.checkpoint().path().resolve(file)))
                .orElse(null);
    }
}
