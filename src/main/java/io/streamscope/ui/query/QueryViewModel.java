package io.streamscope.ui.query;

import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Sidecar;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.Optional;

/**
 * What to replay the checkpoint with: output mode, query, schema and topic, set from the command line, the sidecar,
 * the mode selector and the query editor; {@code ReplayViewModel} replays with them. No controls.
 */
public final class QueryViewModel {

    private final ObjectProperty<OutputMode> outputMode = new SimpleObjectProperty<>(this, "outputMode", OutputMode.APPEND);
    private final StringProperty query = new SimpleStringProperty(this, "query");
    private final StringProperty schema = new SimpleStringProperty(this, "schema");
    private final StringProperty bootstrapServers = new SimpleStringProperty(this, "bootstrapServers");
    private final StringProperty topic = new SimpleStringProperty(this, "topic");
    private final StringProperty commandConfig = new SimpleStringProperty(this, "commandConfig");
    private final ObservableList<String> topicFiles = FXCollections.observableArrayList();
    /** Values given on the command line win over the sidecar's for the first checkpoint. */
    private boolean modePinned;
    private boolean queryPinned;
    private boolean schemaPinned;

    public QueryViewModel() {
        outputMode.addListener((property, old, mode) -> {
            if (mode == null) {
                outputMode.set(old); // a toggle group can deselect; a query always has a mode
            }
        });
    }

    /** {@code append}, {@code update} or {@code complete} in any case, else empty. */
    public static Optional<OutputMode> parseMode(String text) {
        return OutputMode.find(text);
    }

    /** Command-line settings; they stay until the user changes them. */
    public void pin(Optional<OutputMode> mode, Optional<String> queryText, Optional<String> schemaText,
                    List<String> files, Optional<String> servers, Optional<String> topicName, Optional<String> config) {
        mode.ifPresent(value -> {
            outputMode.set(value);
            modePinned = true;
        });
        queryText.ifPresent(value -> {
            query.set(value);
            queryPinned = true;
        });
        schemaText.ifPresent(value -> {
            schema.set(value);
            schemaPinned = true;
        });
        topicFiles.setAll(files);
        servers.ifPresent(bootstrapServers::set);
        topicName.ifPresent(topic::set);
        config.ifPresent(commandConfig::set);
    }

    /** A newly opened checkpoint: its sidecar's mode, query and schema, unless the command line named them. */
    public void applySidecar(Optional<Sidecar> sidecar) {
        if (!modePinned) {
            outputMode.set(sidecar.flatMap(Sidecar::mode).orElse(OutputMode.APPEND));
        }
        if (!queryPinned) {
            query.set(sidecar.map(Sidecar::query).orElse(null));
        }
        if (!schemaPinned) {
            schema.set(sidecar.map(Sidecar::schema).orElse(null));
        }
        modePinned = false;
        queryPinned = false;
        schemaPinned = false;
    }

    public ObjectProperty<OutputMode> outputModeProperty() {
        return outputMode;
    }

    public OutputMode getOutputMode() {
        return outputMode.get();
    }

    public StringProperty queryProperty() {
        return query;
    }

    public StringProperty schemaProperty() {
        return schema;
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
