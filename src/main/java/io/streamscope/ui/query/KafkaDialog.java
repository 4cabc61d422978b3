package io.streamscope.ui.query;

import io.streamscope.ui.replay.TopicChoice;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

import java.util.Optional;

/**
 * Asks for a Kafka broker: bootstrap servers and an optional client properties file (the topics are the ones the
 * checkpoint's offsets name). Reads are bounded by {@link TopicChoice#KAFKA_TIMEOUT}.
 */
final class KafkaDialog {

    private KafkaDialog() {
    }

    static Optional<TopicChoice> ask(Window owner, TopicChoice current) {
        Dialog<TopicChoice> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Read the topic from Kafka");
        TextField servers = new TextField(current != null && current.isKafka() ? current.bootstrapServers() : "127.0.0.1:9092");
        servers.setId("bootstrapServersField");
        TextField config = new TextField(current != null && current.commandConfig() != null
                ? current.commandConfig().toString() : "");
        config.setId("commandConfigField");
        config.setPromptText("optional: a client properties file (SASL, SSL)");
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label("Bootstrap servers"), servers);
        grid.addRow(1, new Label("Properties file"), config);
        grid.add(new Label("Topics: the ones the checkpoint read. Nothing joins a group or commits; every read gives up after "
                + TopicChoice.KAFKA_TIMEOUT.toSeconds() + " s."), 0, 2, 2, 1);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(ButtonType.OK).disableProperty().bind(servers.textProperty().isEmpty());
        dialog.setResultConverter(button -> button == ButtonType.OK
                ? TopicChoice.kafka(servers.getText(), QueryEditorController.path(config.getText())) : null);
        return dialog.showAndWait();
    }
}
