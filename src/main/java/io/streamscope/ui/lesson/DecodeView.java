package io.streamscope.ui.lesson;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.replay.SourceSetup;
import io.streamscope.topic.DecodePipeline;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.TopicRecord;
import io.streamscope.topic.TopicSource;
import io.streamscope.ui.ActivityMonitor;
import io.streamscope.ui.BackgroundTasks;
import io.streamscope.ui.replay.ReplayOutcome;
import io.streamscope.ui.replay.ReplayViewModel;
import io.streamscope.ui.replay.TopicChoice;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

import java.util.List;
import java.util.Optional;

/**
 * How the selected input record became its row, as the chapter's first question asks: the value's bytes in hex, the
 * text {@code CAST(value AS STRING)} makes of them, and the columns {@code from_json} makes with the schema (null
 * where a field does not fit: PERMISSIVE). The record is read again from the topic source in the background.
 */
public final class DecodeView extends VBox {

    private final ReplayViewModel replay;
    private final ActivityMonitor activity;
    private final Label heading = label("decodeHeading", "decode-step-title");
    private final Label hex = label("decodeHexLabel", "decode-bytes");
    private final Label text = label("decodeTextLabel", "decode-bytes");
    private final Label columns = label("decodeColumnsLabel", "decode-columns");
    private int asked;
    private DecodePipeline shown;

    public DecodeView(ReplayViewModel replay, ActivityMonitor activity) {
        this.replay = replay;
        this.activity = activity;
        setId("decodePipeline");
        getStyleClass().add("decode-pipeline");
        heading.setText("Select a row of the input table to see how its Kafka record became that row");
        getChildren().addAll(heading, hex, text, columns);
    }

    private static Label label(String id, String style) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().add(style);
        label.setWrapText(true);
        label.setMaxWidth(Double.MAX_VALUE);
        label.setMinHeight(USE_PREF_SIZE);
        return label;
    }

    /** The pipeline on show, or null. */
    public DecodePipeline shown() {
        return shown;
    }

    /** Shows the record at {@code topic}/{@code partition}/{@code offset} of the replay on show. */
    public void show(String topic, int partition, long offset) {
        ReplayOutcome outcome = replay.getOutcome();
        TopicChoice choice = replay.topicProperty().get();
        Checkpoint checkpoint = replay.checkpointProperty().get();
        if (outcome == null || choice == null || checkpoint == null) {
            return;
        }
        Optional<String> schema = outcome.sources().stream()
                .filter(source -> topic == null || source.topics().contains(topic))
                .map(SourceSetup::schema).flatMap(Optional::stream).findFirst();
        String name = topic != null ? topic : outcome.sources().isEmpty() || outcome.sources().get(0).topics().isEmpty()
                ? null : outcome.sources().get(0).topics().get(0);
        if (schema.isEmpty() || name == null) {
            heading.setText("No schema for this record's topic: nothing to decode it with");
            return;
        }
        int ticket = ++asked;
        heading.setText("Reading " + name + "-" + partition + " offset " + offset + " …");
        BackgroundTasks.create(() -> {
            try (TopicSource source = choice.open(checkpoint)) {
                TopicRecord record = source.record(new KafkaPartition(name, partition), offset).orElseThrow(
                        () -> new IllegalStateException("the topic has no record at offset " + offset));
                return DecodePipeline.of(record, RowDecoder.of(schema.get()));
            }
        }).titled("Decoding " + name + "-" + partition + " offset " + offset).onSuccess(pipeline -> {
            if (ticket == asked) {
                display(name + "-" + partition + " offset " + offset, pipeline);
            }
        }).onFailure(error -> {
            if (ticket == asked) {
                heading.setText("Could not read the record: " + error.getMessage());
            }
        }).runOn(activity);
    }

    private void display(String where, DecodePipeline pipeline) {
        shown = pipeline;
        heading.setText("Record " + where + ": value is bytes → CAST(value AS STRING) → from_json(…, schema)");
        hex.setText("1 · value (binary, hex): " + pipeline.valueHex());
        text.setText("2 · as a string: " + pipeline.valueText());
        StringBuilder cols = new StringBuilder("3 · from_json columns (PERMISSIVE: a field that does not fit is null): ");
        List<DecodePipeline.Column> all = pipeline.columns();
        for (int i = 0; i < all.size(); i++) {
            DecodePipeline.Column column = all.get(i);
            cols.append(i == 0 ? "" : ", ").append(column.name()).append(' ').append(column.type()).append(" = ")
                    .append(column.value() == null ? "null" : column.value());
        }
        columns.setText(cols.toString());
    }
}
