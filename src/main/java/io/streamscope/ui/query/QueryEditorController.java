package io.streamscope.ui.query;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.replay.query.QueryException;
import io.streamscope.topic.CheckpointSpan;
import io.streamscope.ui.ActivityMonitor;
import io.streamscope.ui.BackgroundTasks;
import io.streamscope.ui.display.DisplayViewModel;
import io.streamscope.ui.replay.JobFiles;
import io.streamscope.ui.replay.ReplayOutcome;
import io.streamscope.ui.replay.ReplayViewModel;
import io.streamscope.ui.replay.TopicChoice;
import io.streamscope.storage.Locations;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Binds query.fxml: the job editor (a {@link CodeArea}, {@code #queryEditor}) follows the text in force (the user's
 * remembered job, the command line's, the folder's job.py, the sidecar's query); Apply or Ctrl+Enter hands the edited
 * text — a whole job, or a bare query when it has no {@code readStream} — to the replay; "Open job…" reads a .py or
 * .scala file in the background. Where the job is not understood its message shows under the editor with line and
 * column, and the place is underlined ({@code .error-mark}) and selected, the editor outlined ({@code query-invalid}).
 * Below it, each source's topics, topic file and value schema ({@link SourcesPanel}). The topic source menu picks a
 * snapshot file per topic or a broker.
 */
public final class QueryEditorController {

    private static final String INVALID = "query-invalid";
    private static final String ERROR_MARK = "error-mark";

    private final QueryViewModel query;
    private final ReplayViewModel replay;
    private final DisplayViewModel display;
    private final ActivityMonitor activity;

    @FXML private VBox queryBar;
    @FXML private StackPane queryEditorHolder;
    @FXML private Label queryError;
    @FXML private Label topicSourceLabel;
    @FXML private Button openJobButton;
    @FXML private VBox sourcesBox;
    @FXML private VBox queryMain;
    @FXML private VBox queryActions;
    @FXML private javafx.scene.layout.HBox jobFoldBar;
    @FXML private javafx.scene.layout.HBox jobEditorRow;
    @FXML private Label jobSummaryLabel;

    private final CodeArea queryEditor = new CodeArea();
    private SourcesPanel sources;

    public QueryEditorController(QueryViewModel query, ReplayViewModel replay, DisplayViewModel display,
                                 ActivityMonitor activity) {
        this.query = query;
        this.replay = replay;
        this.display = display;
        this.activity = activity;
    }

    @FXML
    private void initialize() {
        queryEditor.setId("queryEditor");
        queryEditor.getStyleClass().add("query-editor");
        queryEditor.setWrapText(false);
        queryEditor.setFocusTraversable(true);
        queryEditor.setParagraphGraphicFactory(LineNumberFactory.get(queryEditor));
        queryEditor.setAccessibleText("The job or query");
        Label placeholder = new Label("Paste the streaming job (PySpark or Scala) or open it (Open job…), or write a "
                + "query such as orders.groupBy(\"customer_id\").count(); Ctrl+Enter replays it");
        placeholder.getStyleClass().addAll("placeholder-text", "query-editor-placeholder");
        placeholder.setWrapText(true);
        // wrapped within the editor: unbounded, the area made room for it on one line (the buttons beside it were cut
        // to "…") and centred it, its start cut off, whenever a checkpoint came without its job
        placeholder.maxWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(() -> Math.max(0,
                queryEditor.getWidth() - queryEditor.getInsets().getLeft() - queryEditor.getInsets().getRight()),
                queryEditor.widthProperty(), queryEditor.insetsProperty()));
        queryEditor.setPlaceholder(placeholder, javafx.geometry.Pos.TOP_LEFT);
        VirtualizedScrollPane<CodeArea> scroll = new VirtualizedScrollPane<>(queryEditor);
        scroll.getStyleClass().add("query-editor-scroll");
        queryEditorHolder.getChildren().setAll(scroll);
        show(query.textProperty().get());
        query.textProperty().addListener((property, old, text) -> show(text));
        queryEditor.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ENTER && event.isShortcutDown()) {
                apply();
                event.consume();
            } else if (event.getCode() == KeyCode.TAB && !event.isControlDown()) {
                // Tab moves on, as everywhere in the window (a code area would type it)
                event.consume();
                FocusOrder.move(queryEditor, !event.isShiftDown());
            }
        });
        queryEditor.textProperty().addListener((property, old, text) -> clearMark());
        // a secondary panel: folded away in presentation mode, like the header
        queryBar.visibleProperty().bind(display.presentationProperty().not());
        queryBar.managedProperty().bind(queryBar.visibleProperty());
        sources = new SourcesPanel(sourcesBox, query, replay, this::chooseSnapshotOf);
        // folded: one line (the work area decides when, see ui.WorkAreaLayout), the editor's state kept as it was
        javafx.beans.binding.BooleanExpression folded = display.jobEditorFoldedProperty();
        jobFoldBar.visibleProperty().bind(folded);
        jobFoldBar.managedProperty().bind(folded);
        jobEditorRow.visibleProperty().bind(folded.not());
        jobEditorRow.managedProperty().bind(folded.not());
        jobSummaryLabel.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> JobSummary.of(query.textProperty().get(), queryError.isVisible() ? queryError.getText() : null),
                query.textProperty(), queryError.textProperty(), queryError.visibleProperty()));
        replay.outcomeProperty().addListener((property, old, outcome) -> showOutcome(outcome));
        replay.runningProperty().addListener((property, old, running) -> sources.refresh());
        replay.checkpointProperty().addListener((property, old, checkpoint) -> sources.refresh());
        replay.topicProperty().addListener((property, old, topic) -> showTopic(topic));
        showTopic(replay.topicProperty().get());
        showOutcome(replay.getOutcome());
    }

    /**
     * The least height of the open editor with nothing of it cut: its actions, or three lines of the job over the
     * parser's message and the sources, whichever is taller (ui.WorkAreaLayout gives it this before the tables more).
     */
    public double leastOpenHeight() {
        double width = queryMain.getWidth() > 0 ? queryMain.getWidth() : -1;
        double main = 0;
        int shown = 0;
        for (Node child : queryMain.getChildren()) {
            if (child.isManaged()) {
                main += child == queryEditorHolder ? child.minHeight(width) : child.prefHeight(width);
                shown++;
            }
        }
        main += queryMain.getSpacing() * Math.max(0, shown - 1);
        double actions = queryActions.prefHeight(queryActions.getWidth() > 0 ? queryActions.getWidth() : -1);
        return queryBar.snappedTopInset() + queryBar.snappedBottomInset() + Math.max(main, actions);
    }

    /** Runs {@code changed} when {@link #leastOpenHeight()} may have: a source more or fewer, the message shown or gone. */
    public void whenLeastOpenHeightChanges(Runnable changed) {
        sourcesBox.getChildren().addListener((ListChangeListener<Node>) change -> changed.run());
        sourcesBox.managedProperty().addListener((property, old, managed) -> changed.run());
        queryError.managedProperty().addListener((property, old, managed) -> changed.run());
    }

    /** The editor node (tests look it up as {@code #queryEditor}). */
    public CodeArea editor() {
        return queryEditor;
    }

    private void show(String text) {
        String value = text == null ? "" : text;
        if (!queryEditor.getText().equals(value)) {
            queryEditor.replaceText(value);
            queryEditor.moveTo(0);
            queryEditor.showParagraphAtTop(0);
            queryEditor.getUndoManager().forgetHistory();
        }
    }

    @FXML
    private void unfoldEditor() {
        display.foldJobEditor(false);
        queryEditor.requestFocus();
    }

    @FXML
    private void foldEditor() {
        display.foldJobEditor(true);
    }

    @FXML
    void apply() {
        String text = queryEditor.getText();
        if (text.equals(query.textProperty().get())) {
            replay.run(); // the same text again: run it again (e.g. after fixing the topic)
        } else {
            query.applyText(text);
        }
    }

    /** Reads a job file off the FX thread (at most {@link JobFiles#MAX_BYTES}) and applies it. */
    @FXML
    private void openJob() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("The streaming job (PySpark or Scala)");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("PySpark or Scala", "*.py", "*.scala"),
                new FileChooser.ExtensionFilter("All files", "*"));
        Checkpoint checkpoint = replay.checkpointProperty().get();
        if (checkpoint != null && !Locations.isRemote(checkpoint.path()) && checkpoint.path().toFile().isDirectory()) {
            chooser.setInitialDirectory(checkpoint.path().toFile());
        }
        File file = chooser.showOpenDialog(window());
        if (file != null) {
            openJob(file.toPath());
        }
    }

    /** Reads {@code file} in the background, then puts it in the editor and replays it. */
    public void openJob(Path file) {
        openJobButton.setDisable(true);
        BackgroundTasks.create(() -> JobFiles.read(file))
                .titled("Reading the job " + file.getFileName())
                .onSuccess(text -> {
                    openJobButton.setDisable(false);
                    show(text);
                    query.applyText(text);
                })
                .onFailure(error -> {
                    openJobButton.setDisable(false);
                    activity.announce("Cannot open the job: " + error.getMessage());
                })
                .runOn(activity);
    }

    private void showOutcome(ReplayOutcome outcome) {
        sources.refresh();
        Optional<QueryException> error = outcome == null ? Optional.empty() : outcome.queryError();
        boolean invalid = error.isPresent();
        queryError.setText(invalid ? error.get().getMessage() : "");
        queryError.setVisible(invalid);
        queryError.setManaged(invalid);
        clearMark();
        queryEditor.getStyleClass().remove(INVALID);
        if (!invalid) {
            return;
        }
        queryEditor.getStyleClass().add(INVALID);
        int offset = error.get().offset();
        int length = queryEditor.getLength();
        // the position is in the text replayed: mark it only while the editor still holds that text
        if (offset >= 0 && offset <= length && queryEditor.getText().equals(outcome.request().text())) {
            int end = Math.min(length, offset + tokenLength(offset));
            if (end > offset) {
                queryEditor.setStyle(offset, end, List.of(ERROR_MARK));
                marked = true;
            }
            queryEditor.selectRange(offset, end);
            queryEditor.requestFollowCaret();
        }
    }

    private boolean marked;

    /** The underline goes once the text changes (its position means nothing then) or the job is understood. */
    private void clearMark() {
        if (marked) {
            marked = false;
            queryEditor.clearStyle(0, queryEditor.getLength());
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
        topicSourceLabel.setText(topic == null || !topic.isKafka() && topic.files().isEmpty() ? "no topic source"
                : "Topic: " + topic.describe());
        sources.refresh();
    }

    /** The snapshot menu item: a file for each topic of the checkpoint, in turn. */
    @FXML
    private void chooseSnapshot() {
        Checkpoint checkpoint = replay.checkpointProperty().get();
        List<String> topics = checkpoint == null ? List.of() : CheckpointSpan.topics(checkpoint);
        if (topics.size() <= 1) {
            File file = snapshotChooser(topics.isEmpty() ? null : topics.get(0)).showOpenDialog(window());
            if (file != null) {
                replay.topicProperty().set(TopicChoice.snapshot(file.toPath()));
            }
            return;
        }
        chooseSnapshotOf(topics);
    }

    /** Asks for a snapshot file of each of {@code topics}; the other topics keep theirs. */
    private void chooseSnapshotOf(List<String> topics) {
        Checkpoint checkpoint = replay.checkpointProperty().get();
        List<String> all = checkpoint == null ? topics : CheckpointSpan.topics(checkpoint);
        TopicChoice choice = replay.topicProperty().get() == null ? TopicChoice.none() : replay.topicProperty().get();
        for (String topic : topics) {
            File file = snapshotChooser(topic).showOpenDialog(window());
            if (file == null) {
                return;
            }
            choice = choice.withFile(topic, file.toPath(), all);
        }
        replay.topicProperty().set(choice);
    }

    private FileChooser snapshotChooser(String topic) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(topic == null ? "Topic snapshot (topic export format)"
                : "Snapshot of the topic " + topic + " (topic export format)");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("JSON lines", "*.jsonl", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        TopicChoice current = replay.topicProperty().get();
        Path folder = current == null || current.files().isEmpty() ? null : current.files().get(0).file().getParent();
        if (folder != null && !Locations.isRemote(folder) && folder.toFile().isDirectory()) {
            chooser.setInitialDirectory(folder.toFile());
        }
        return chooser;
    }

    @FXML
    private void chooseKafka() {
        KafkaDialog.ask(window(), replay.topicProperty().get()).ifPresent(replay.topicProperty()::set);
    }

    private Window window() {
        return queryBar.getScene().getWindow();
    }

    static Path path(String text) {
        return text == null || text.isBlank() ? null : Path.of(text.trim());
    }
}
