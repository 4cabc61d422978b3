package io.streamscope.ui.query;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.KafkaOffsets;
import io.streamscope.replay.SourceSetup;
import io.streamscope.topic.CheckpointSpan;
import io.streamscope.ui.replay.ReplayOutcome;
import io.streamscope.ui.replay.ReplayViewModel;
import io.streamscope.ui.replay.TopicChoice;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * One row per source of the open checkpoint, under the job editor: its topics ({@code #sourceLabelN}), the snapshot
 * file each is read from ({@code #topicFileButtonN}: choose another), the value schema the replay decodes it with, as
 * editable DDL ({@code #schemaFieldN}; Enter or {@code #applySchemaButtonN} replays with it), and where that schema
 * comes from ({@code #schemaOriginN}: from the job, given, the sidecar's, or inferred from the records — marked, to be
 * checked). A field the user is editing keeps its text when a replay finishes. A new checkpoint builds new rows.
 */
final class SourcesPanel {

    private final VBox box;
    private final QueryViewModel query;
    private final ReplayViewModel replay;
    private final Consumer<List<String>> chooseFiles;
    private final List<SourceRow> rows = new ArrayList<>();
    private Checkpoint shownFor;
    private List<List<String>> shownTopics = List.of();

    SourcesPanel(VBox box, QueryViewModel query, ReplayViewModel replay, Consumer<List<String>> chooseFiles) {
        this.box = box;
        this.query = query;
        this.replay = replay;
        this.chooseFiles = chooseFiles;
    }

    /** Shows the sources of the checkpoint and of the last outcome. */
    void refresh() {
        Checkpoint checkpoint = replay.checkpointProperty().get();
        ReplayOutcome outcome = replay.getOutcome();
        if (outcome != null && outcome.request().checkpoint() != checkpoint) {
            outcome = null; // an outcome of the checkpoint before
        }
        Map<Integer, List<String>> topics = checkpoint == null ? new TreeMap<>() : topicsBySource(checkpoint);
        Map<Integer, SourceSetup> setups = new TreeMap<>();
        if (outcome != null) {
            outcome.sources().forEach(setup -> setups.put(setup.index(), setup));
            setups.values().forEach(setup -> topics.putIfAbsent(setup.index(), setup.topics()));
        }
        List<List<String>> layout = new ArrayList<>(topics.values());
        if (checkpoint != shownFor || !layout.equals(shownTopics)) {
            build(topics);
            shownFor = checkpoint;
            shownTopics = layout;
        }
        List<String> all = checkpoint == null ? List.of() : CheckpointSpan.topics(checkpoint);
        for (SourceRow row : rows) {
            row.show(Optional.ofNullable(setups.get(row.index)), replay.topicProperty().get(), all,
                    query.schemasProperty().get(), outcome != null && !replay.isRunning());
        }
    }

    private void build(Map<Integer, List<String>> topics) {
        rows.clear();
        List<HBox> nodes = new ArrayList<>();
        int position = 0;
        for (Map.Entry<Integer, List<String>> source : topics.entrySet()) {
            SourceRow row = new SourceRow(position++, source.getKey(), source.getValue());
            rows.add(row);
            nodes.add(row.node);
        }
        box.getChildren().setAll(nodes);
        box.setVisible(!nodes.isEmpty());
        box.setManaged(!nodes.isEmpty());
    }

    /** Each Kafka source's topics, from the offsets its batches wrote. */
    static Map<Integer, List<String>> topicsBySource(Checkpoint checkpoint) {
        Map<Integer, TreeSet<String>> topics = new TreeMap<>();
        for (Batch batch : checkpoint.batches().values()) {
            for (BatchSource source : batch.sources()) {
                KafkaOffsets.parse(source.endOffset()).ifPresent(end -> end.keySet()
                        .forEach(partition -> topics.computeIfAbsent(source.index(), i -> new TreeSet<>())
                                .add(partition.topic())));
            }
        }
        Map<Integer, List<String>> result = new TreeMap<>();
        topics.forEach((index, names) -> result.put(index, List.copyOf(names)));
        return result;
    }

    static String origin(SourceSetup setup) {
        return switch (setup.origin()) {
            case JOB -> "from the job";
            case GIVEN -> "given";
            case SIDECAR -> "from streamscope.json";
            case INFERRED -> setup.inferred().map(inferred -> "inferred from " + inferred.records() + " records"
                    + (inferred.malformed() > 0 ? " (" + inferred.malformed() + " malformed)" : "")).orElse("inferred")
                    + " — check it";
            case NONE -> "no JSON decoded";
        };
    }

    private final class SourceRow {
        final int index;
        final List<String> topics;
        final HBox node;
        final Label label;
        final Button file;
        final TextField schema;
        final Label origin;
        final Button apply;
        /** The text the field last showed from a replay: the user's edit differs from it. */
        private String shown = "";

        SourceRow(int position, int index, List<String> topics) {
            this.index = index;
            this.topics = topics;
            label = new Label(String.join(", ", topics));
            label.setId("sourceLabel" + position);
            label.getStyleClass().add("source-topics");
            label.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            file = new Button();
            file.setId("topicFileButton" + position);
            file.getStyleClass().add("topic-file-button");
            file.setMnemonicParsing(false);
            file.setOnAction(event -> chooseFiles.accept(topics));
            schema = new TextField();
            schema.setId("schemaField" + position);
            schema.getStyleClass().add("schema-field");
            schema.setPromptText("the value schema as DDL, e.g. order_id INT, amount DECIMAL(10,2); Enter applies it");
            schema.setOnKeyPressed(event -> {
                if (event.getCode() == KeyCode.ENTER) {
                    applySchema();
                    event.consume();
                }
            });
            HBox.setHgrow(schema, Priority.ALWAYS);
            origin = new Label();
            origin.setId("schemaOrigin" + position);
            origin.getStyleClass().add("schema-origin");
            origin.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            apply = new Button("Apply");
            apply.setId("applySchemaButton" + position);
            apply.setMnemonicParsing(false);
            apply.setOnAction(event -> applySchema());
            node = new HBox(8, label, file, schema, origin, apply);
            node.setId("sourceRow" + position);
            node.getStyleClass().add("source-row");
            node.setAlignment(Pos.CENTER_LEFT);
        }

        void applySchema() {
            shown = schema.getText();
            query.applySchema(topics, schema.getText()); // a new map: the replay runs again, even with the same DDL
        }

        void show(Optional<SourceSetup> setup, TopicChoice topic, List<String> all, Map<String, String> given,
                  boolean settled) {
            List<String> files = new ArrayList<>();
            for (String name : topics) {
                Optional<Path> path = topic == null ? Optional.empty() : topic.fileOf(name, all);
                path.map(p -> String.valueOf(p.getFileName())).ifPresent(files::add);
            }
            file.setText(topic != null && topic.isKafka() ? "Kafka at " + topic.bootstrapServers()
                    : files.isEmpty() ? "Choose a snapshot…" : String.join(", ", files));
            file.setAccessibleHelp("Where the records of " + String.join(", ", topics) + " are read: choose another "
                    + "snapshot file (topic export format)");
            String ddl = setup.flatMap(SourceSetup::schema).orElseGet(() -> topics.stream().map(given::get)
                    .filter(java.util.Objects::nonNull).findFirst().orElse(""));
            boolean editing = !schema.getText().equals(shown);
            if (!editing) {
                schema.setText(ddl);
                shown = ddl;
            }
            boolean inferred = setup.map(s -> s.origin() == SourceSetup.Origin.INFERRED).orElse(false);
            schema.pseudoClassStateChanged(INFERRED, inferred);
            origin.pseudoClassStateChanged(INFERRED, inferred);
            origin.setText(setup.map(SourcesPanel::origin).orElse(settled ? "not decoded" : ""));
        }
    }

    private static final javafx.css.PseudoClass INFERRED = javafx.css.PseudoClass.getPseudoClass("inferred");
}
