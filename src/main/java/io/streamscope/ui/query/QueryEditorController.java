package io.streamscope.ui.query;

import io.streamscope.replay.query.QueryException;
import io.streamscope.ui.display.DisplayViewModel;
import io.streamscope.ui.replay.ReplayOutcome;
import io.streamscope.ui.replay.ReplayViewModel;
import io.streamscope.ui.replay.TopicChoice;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

import java.io.File;
import java.nio.file.Path;

/**
 * Binds query.fxml: the editor follows the query in force (sidecar, command line); Apply or Ctrl+Enter hands the
 * edited text to the replay; a query the replay cannot read shows the parser's message and has its position
 * selected, the editor outlined ({@code query-invalid}). The topic source menu picks a snapshot file or a broker.
 */
public final class QueryEditorController {

    private final QueryViewModel query;
    private final ReplayViewModel replay;
    private final DisplayViewModel display;

    @FXML private VBox queryBar;
    @FXML private TextArea queryEditor;
    @FXML private Label queryError;
    @FXML private Label topicSourceLabel;

    public QueryEditorController(QueryViewModel query, ReplayViewModel replay, DisplayViewModel display) {
        this.query = query;
        this.replay = replay;
        this.display = display;
    }

    @FXML
    private void initialize() {
        queryEditor.setText(query.queryProperty().get() == null ? "" : query.queryProperty().get());
        query.queryProperty().addListener((property, old, text) -> {
            if (!queryEditor.getText().equals(text == null ? "" : text)) {
                queryEditor.setText(text == null ? "" : text);
            }
        });
        queryEditor.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ENTER && event.isShortcutDown()) {
                apply();
                event.consume();
            } else if (event.getCode() == KeyCode.TAB && !event.isControlDown()) {
                // Tab moves on, as everywhere in the window (a TextArea would type it; Ctrl+Tab traverses)
                event.consume();
                queryEditor.fireEvent(new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.TAB, event.isShiftDown(),
                        true, false, false));
            }
        });
        // a secondary panel: folded away in presentation mode, like the header
        queryBar.visibleProperty().bind(display.presentationProperty().not());
        queryBar.managedProperty().bind(queryBar.visibleProperty());
        replay.outcomeProperty().addListener((property, old, outcome) -> showError(outcome));
        replay.topicProperty().addListener((property, old, topic) -> showTopic(topic));
        showTopic(replay.topicProperty().get());
        showError(replay.getOutcome());
    }

    @FXML
    void apply() {
        String text = queryEditor.getText();
        if (text.equals(query.queryProperty().get())) {
            replay.run(); // the same text again: run it again (e.g. after fixing the topic)
        } else {
            query.queryProperty().set(text);
        }
    }

    private void showError(ReplayOutcome outcome) {
        QueryException error = outcome == null ? null : outcome.queryError();
        boolean invalid = error != null;
        queryError.setText(invalid ? error.getMessage() : "");
        queryError.setVisible(invalid);
        queryError.setManaged(invalid);
        queryEditor.getStyleClass().remove("query-invalid");
        if (invalid) {
            queryEditor.getStyleClass().add("query-invalid");
            int length = queryEditor.getText().length();
            if (error.offset() >= 0 && error.offset() <= length) {
                queryEditor.selectRange(error.offset(), Math.min(length, error.offset() + tokenLength(error.offset())));
            }
        }
    }

    /** How far the word at {@code offset} goes, at least one character. */
    private int tokenLength(int offset) {
        String text = queryEditor.getText();
        int end = offset;
        while (end < text.length() && Character.isJavaIdentifierPart(text.charAt(end))) {
            end++;
        }
        return Math.max(1, end - offset);
    }

    private void showTopic(TopicChoice topic) {
        topicSourceLabel.setText(topic == null ? "no topic source" : "Topic: " + topic.describe());
    }

    @FXML
    private void chooseSnapshot() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Topic snapshot (topic export format)");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("JSON lines", "*.jsonl", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        TopicChoice current = replay.topicProperty().get();
        Path folder = current == null || current.files().isEmpty() ? null : current.files().get(0).file().getParent();
        if (folder != null && folder.toFile().isDirectory()) {
            chooser.setInitialDirectory(folder.toFile());
        }
        File file = chooser.showOpenDialog(queryEditor.getScene().getWindow());
        if (file != null) {
            replay.topicProperty().set(TopicChoice.snapshot(file.toPath()));
        }
    }

    @FXML
    private void chooseKafka() {
        KafkaDialog.ask(queryEditor.getScene().getWindow(), replay.topicProperty().get())
                .ifPresent(replay.topicProperty()::set);
    }

    static Path path(String text) {
        return text == null || text.isBlank() ? null : Path.of(text.trim());
    }
}
