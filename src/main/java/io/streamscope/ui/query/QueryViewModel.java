package io.streamscope.ui.query;

import io.streamscope.replay.OutputMode;
import io.streamscope.replay.ReplayRequest;
import io.streamscope.replay.Sidecar;
import io.streamscope.ui.settings.CheckpointSettings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What to replay the checkpoint with: the query editor's text (a whole job or a bare query), the value schemas given
 * per topic, and the output mode — set from the command line, the user's remembered settings, the folder's job.py or
 * sidecar, the mode selector and the editor; {@code ReplayViewModel} replays with them. The mode on show
 * ({@link #outputModeProperty()}) is the one the replay ran with; setting it (the selector) makes it the user's choice
 * over the job's ({@link #modeOverrideProperty()}), while {@link #adoptMode} shows the job's without choosing it.
 * No controls.
 */
public final class QueryViewModel {

    private final ObjectProperty<OutputMode> outputMode = new SimpleObjectProperty<>(this, "outputMode", OutputMode.APPEND);
    private final ReadOnlyObjectWrapper<OutputMode> modeOverride = new ReadOnlyObjectWrapper<>(this, "modeOverride");
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ObjectProperty<Map<String, String>> schemas = new SimpleObjectProperty<>(this, "schemas", Map.of());
    private final StringProperty bootstrapServers = new SimpleStringProperty(this, "bootstrapServers");
    private final StringProperty topic = new SimpleStringProperty(this, "topic");
    private final StringProperty commandConfig = new SimpleStringProperty(this, "commandConfig");
    private final ObservableList<String> topicFiles = FXCollections.observableArrayList();
    /** Values given on the command line win over everything else for the first checkpoint. */
    private Optional<OutputMode> pinnedMode = Optional.empty();
    private Optional<String> pinnedText = Optional.empty();
    private Optional<String> pinnedSchema = Optional.empty();
    private boolean adopting;

    public QueryViewModel() {
        outputMode.addListener((property, old, mode) -> {
            if (mode == null) {
                outputMode.set(old); // a toggle group can deselect; a query always has a mode
            } else if (!adopting) {
                modeOverride.set(mode);
            }
        });
    }

    /** {@code append}, {@code update} or {@code complete} in any case, else empty. */
    public static Optional<OutputMode> parseMode(String text) {
        return OutputMode.find(text);
    }

    /** Command-line settings; they win for the first checkpoint opened. */
    public void pin(Optional<OutputMode> mode, Optional<String> queryText, Optional<String> schemaText,
                    List<String> files, Optional<String> servers, Optional<String> topicName, Optional<String> config) {
        pinnedMode = mode;
        pinnedText = queryText;
        pinnedSchema = schemaText;
        topicFiles.setAll(files);
        servers.ifPresent(bootstrapServers::set);
        topicName.ifPresent(topic::set);
        config.ifPresent(commandConfig::set);
    }

    /** The command line's topic source is the first checkpoint's only: forgets it once that one opened. */
    public void clearTopicPins() {
        topicFiles.clear();
        bootstrapServers.set(null);
        topic.set(null);
        commandConfig.set(null);
    }

    /** The text of the command line's {@code --job FILE}: it wins over {@code --query} for the first checkpoint. */
    public void pinJob(String job) {
        pinnedText = Optional.of(job);
    }

    /**
     * A newly opened checkpoint: the command line's values (first checkpoint only), else what the user gave for it
     * last time, else its own {@code job.py}, else the sidecar's query; its mode is the job's unless one was chosen.
     * Nothing of the checkpoint before stays.
     */
    public void open(Optional<CheckpointSettings> remembered, Optional<String> folderJob, Optional<Sidecar> sidecar) {
        CheckpointSettings mine = remembered.orElse(CheckpointSettings.NONE);
        String shown = pinnedText.orElseGet(() -> !mine.text().isBlank() ? mine.text()
                : folderJob.orElseGet(() -> sidecar.map(Sidecar::query).orElse("")));
        Map<String, String> given = new LinkedHashMap<>(mine.schemas());
        pinnedSchema.ifPresent(ddl -> {
            given.clear();
            given.put(ReplayRequest.ANY_TOPIC, ddl);
        });
        Optional<OutputMode> chosen = pinnedMode.or(mine::mode);
        text.set(shown);
        schemas.set(Map.copyOf(given));
        modeOverride.set(chosen.orElse(null));
        adoptMode(chosen.orElseGet(() -> sidecar.flatMap(Sidecar::mode).orElse(OutputMode.APPEND)));
        pinnedMode = Optional.empty();
        pinnedText = Optional.empty();
        pinnedSchema = Optional.empty();
    }

    /** No checkpoint is open (one is being read, or could not be): nothing of the one before stays; pins are kept. */
    public void clear() {
        text.set("");
        schemas.set(Map.of());
        modeOverride.set(null);
        adoptMode(OutputMode.APPEND);
    }

    /** Drops the mode chosen over the job's: the replay runs in the job's own mode again (a lesson step without one). */
    public void useJobMode() {
        modeOverride.set(null);
    }

    /** Shows the mode the replay ran with, without making it the user's choice. */
    public void adoptMode(OutputMode mode) {
        adopting = true;
        try {
            outputMode.set(mode);
        } finally {
            adopting = false;
        }
    }

    /**
     * Applies a new job or query: a job's mode is again the job's (the user chooses it over the new job anew); a bare
     * query says no mode, so it keeps the one on show.
     */
    public void applyText(String applied) {
        String value = applied == null ? "" : applied;
        if (!value.equals(text.get())) {
            modeOverride.set(value.contains("readStream") || value.isBlank() ? null : outputMode.get());
            text.set(value);
        }
    }

    /** Sets the schema given for each of {@code topics}; a blank DDL gives the topics back to the job (or inference). */
    public void applySchema(List<String> topics, String ddl) {
        Map<String, String> given = new LinkedHashMap<>(schemas.get());
        given.remove(ReplayRequest.ANY_TOPIC);
        for (String name : topics) {
            if (ddl == null || ddl.isBlank()) {
                given.remove(name);
            } else {
                given.put(name, ddl.strip());
            }
        }
        schemas.set(Map.copyOf(given));
    }

    public ObjectProperty<OutputMode> outputModeProperty() {
        return outputMode;
    }

    public OutputMode getOutputMode() {
        return outputMode.get();
    }

    /** The mode the user (or the command line) chose over the job's; null for the job's own. */
    public ReadOnlyObjectProperty<OutputMode> modeOverrideProperty() {
        return modeOverride.getReadOnlyProperty();
    }

    /** The query editor's text as applied: the job, a bare query, or blank. */
    public StringProperty textProperty() {
        return text;
    }

    /** Value schemas given by the user, DDL by topic. */
    public ObjectProperty<Map<String, String>> schemasProperty() {
        return schemas;
    }

    public StringProperty bootstrapServersProperty() {
        return bootstrapServers;
    }

    public StringProperty topicProperty() {
        return topic;
    }

    public StringProperty commandConfigProperty() {
        return commandConfig;
    }

    /** {@code --topic-file [TOPIC=]F} values, as given. */
    public ObservableList<String> topicFiles() {
        return topicFiles;
    }
}
