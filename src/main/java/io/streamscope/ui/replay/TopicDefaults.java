package io.streamscope.ui.replay;

import io.streamscope.ui.LoadedCheckpoint;
import io.streamscope.ui.query.QueryViewModel;
import io.streamscope.replay.Sidecar;

import java.nio.file.Path;

/**
 * The topic source a newly opened checkpoint is replayed with: the command line's {@code --bootstrap-servers} or
 * {@code --topic-file}, else the sidecar's topic file, resolved relative to the checkpoint folder.
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
            String entry = query.topicFiles().get(0);
            int equals = entry.indexOf('=');
            return TopicChoice.snapshot(Path.of(equals > 0 ? entry.substring(equals + 1) : entry));
        }
        return loaded.sidecar().map(Sidecar::topicFile).filter(file -> !file.isBlank())
                .map(file -> TopicChoice.snapshot(loaded.checkpoint().path().resolve(file)))
                .orElse(null);
    }
}
