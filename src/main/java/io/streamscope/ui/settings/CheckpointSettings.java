package io.streamscope.ui.settings;

import io.streamscope.replay.OutputMode;
import io.streamscope.ui.replay.TopicChoice;

import java.util.Map;
import java.util.Optional;

/**
 * What the user gave for one checkpoint, remembered in their settings by its path (never in the folder) and restored
 * when it opens again.
 *
 * @param text    the query editor's text: the job or the query (blank: the folder's job.py or sidecar query)
 * @param schemas value schemas given, DDL by topic
 * @param mode    the output mode chosen over the job's, if one was
 * @param topic   where the records were read from, if the user chose it
 */
public record CheckpointSettings(String text, Map<String, String> schemas, Optional<OutputMode> mode,
                                 Optional<TopicChoice> topic) {

    public CheckpointSettings {
        text = text == null ? "" : text;
        schemas = Map.copyOf(schemas);
    }

    public static final CheckpointSettings NONE = new CheckpointSettings("", Map.of(), Optional.empty(), Optional.empty());
}
