package io.streamscope.ui.lesson;

import io.streamscope.lesson.Chapter;
import io.streamscope.lesson.Evidence;
import io.streamscope.lesson.FiveQuestions;
import io.streamscope.lesson.LessonStep;
import io.streamscope.replay.OutputMode;
import io.streamscope.ui.BackgroundTasks;
import io.streamscope.ui.LoadedCheckpoint;
import io.streamscope.ui.WindowModel;
import io.streamscope.ui.tables.ShownRow;
import io.streamscope.ui.tables.TablesController;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The chapter as a lesson ({@code --lesson}, the Lesson button): {@link Chapter#steps()} in order, each opening its
 * sample, selecting its batch, setting its mode, highlighting its evidence ({@code :lesson-evidence}; for a row, the
 * row) and showing its text in the lesson panel; the last step answers the five questions on the samples' data
 * ({@link FiveQuestions}, computed in the background). Next and Back: the buttons, PageDown/PageUp and Right/Left
 * (a presentation clicker). The step is in the window title ("Lesson 5/17 · Output modes").
 */
public final class LessonController {

    public static final PseudoClass EVIDENCE = PseudoClass.getPseudoClass("lesson-evidence");
    /** The presentation mode's one-line timeline (TimelineStrip), marked in place of the folded batch timeline. */
    public static final String STRIP_ID = "timelineStrip";

    private final WindowModel model;
    private final Parent root;
    private final TablesController tables;
    private final DecodeView decode;
    private final Path samples;
    private final List<LessonStep> steps = Chapter.steps();
    /** The evidence that lives in the inspector, which the step unfolds. */
    public static final java.util.Set<String> INSPECTOR_IDS = java.util.Set.of("foreachBatchLab", "progressPane", "lagLabel",
            "progressText", "progressSummary", "stateTable", "batchRunsText", "offsetsText", "commitsText");

    /** The most of the lesson panel's width a file beside the step's text may take. */
    static final double FILE_BESIDE_SHARE = 0.4;

    private final ReadOnlyBooleanWrapper active = new ReadOnlyBooleanWrapper(this, "active", false);
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(this, "index", -1);
    private final ReadOnlyIntegerWrapper answered = new ReadOnlyIntegerWrapper(this, "answered", 0);

    private final VBox panel = new VBox();
    private final Label stepLabel = new Label();
    /** The step's text, and beside it the file it points at where that is narrow enough ({@link #placeFile}). */
    private final HBox body = new HBox();
    private final Label text = new Label();
    private final Label file = new Label();
    private boolean fileShown;
    private final VBox answers = new VBox();
    private final Button back = new Button("◀ Back");
    private final Button next = new Button("Next ▶");
    private Node highlighted;
    private FiveQuestions computed;
    private boolean inspectorBefore;

    public LessonController(WindowModel model, Parent root, TablesController tables, DecodeView decode, Path samples) {
        this.model = model;
        this.root = root;
        this.tables = tables;
        this.decode = decode;
        this.samples = samples;
        panel.setId("lessonPanel");
        panel.getStyleClass().add("lesson-panel");
        stepLabel.setId("lessonStepLabel");
        stepLabel.getStyleClass().add("lesson-step-label");
        stepLabel.setMinWidth(0);
        // a long step title wraps beside the buttons, which keep their words (at 1280 px they read "N..." and "End le...")
        stepLabel.setWrapText(true);
        stepLabel.setMinHeight(Region.USE_PREF_SIZE);
        text.setId("lessonText");
        text.getStyleClass().add("lesson-text");
        text.setWrapText(true);
        text.setMinHeight(Region.USE_PREF_SIZE);
        text.setMaxWidth(Double.MAX_VALUE);
        file.setId("lessonFileText");
        file.getStyleClass().add("lesson-file");
        file.setWrapText(false);
        file.setMinHeight(Region.USE_PREF_SIZE);
        answers.setId("lessonAnswers");
        answers.getStyleClass().add("lesson-answers");
        back.setId("lessonBackButton");
        next.setId("lessonNextButton");
        Button close = new Button("End lesson");
        close.setId("lessonCloseButton");
        back.setFocusTraversable(false);
        next.setFocusTraversable(false);
        close.setFocusTraversable(false);
        for (Button button : List.of(back, next, close)) {
            button.setMinWidth(Region.USE_PREF_SIZE);
        }
        back.setOnAction(event -> back());
        next.setOnAction(event -> next());
        close.setOnAction(event -> stop());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bar = new HBox(back, stepLabel, gap, next, close);
        bar.getStyleClass().add("lesson-bar");
        bar.setSpacing(8);
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        body.getStyleClass().add("lesson-body");
        HBox.setHgrow(text, Priority.ALWAYS);
        text.setMinWidth(0);
        body.getChildren().add(text);
        panel.getChildren().addAll(bar, body);
        panel.widthProperty().addListener((property, old, width) -> placeFile());
        file.textProperty().addListener((property, old, content) -> placeFile());
        file.fontProperty().addListener((property, old, font) -> placeFile()); // zoomed: its lines' width changed
        panel.setVisible(false);
        panel.setManaged(false);
        back.disableProperty().bind(index.lessThanOrEqualTo(0));
        next.disableProperty().bind(index.greaterThanOrEqualTo(steps.size() - 1));
        model.checkpoint().loadedProperty().addListener((property, old, loaded) -> {
            if (loaded != null) {
                loaded(loaded);
            }
        });
        model.replay().outcomeProperty().addListener((property, old, outcome) -> highlight());
        model.replay().selectedStepProperty().addListener((property, old, step) -> highlight());
        model.display().presentationProperty().addListener((property, old, on) -> highlight()); // the strip or the timeline
    }

    /** The lesson panel, for the window to place above its status bar, the window's whole width. */
    public VBox panel() {
        return panel;
    }

    public List<LessonStep> steps() {
        return steps;
    }

    public ReadOnlyBooleanProperty activeProperty() {
        return active.getReadOnlyProperty();
    }

    public boolean isActive() {
        return active.get();
    }

    /** The step on show, 0-based; -1 outside the lesson. */
    public ReadOnlyIntegerProperty indexProperty() {
        return index.getReadOnlyProperty();
    }

    /** Counts the times the five answers were shown (a test waits for it to grow). */
    public ReadOnlyIntegerProperty answeredProperty() {
        return answered.getReadOnlyProperty();
    }

    /** The answers on show, once computed. */
    public FiveQuestions answers() {
        return computed;
    }

    /** The window title: "Lesson 5/17 · Output modes — shop-totals-update — Streamscope" during the lesson. */
    public StringBinding title(javafx.beans.value.ObservableStringValue windowTitle) {
        return Bindings.createStringBinding(() -> {
            int i = index.get();
            if (!active.get() || i < 0) {
                return windowTitle.get();
            }
            return "Lesson " + (i + 1) + "/" + steps.size() + " · " + steps.get(i).part() + " — " + windowTitle.get();
        }, active, index, windowTitle);
    }

    public void start() {
        if (!active.get()) {
            inspectorBefore = model.display().inspectorShownProperty().get();
        }
        active.set(true);
        panel.setVisible(true);
        panel.setManaged(true);
        go(0);
    }

    public void stop() {
        clearHighlight();
        active.set(false);
        index.set(-1);
        panel.setVisible(false);
        panel.setManaged(false);
        model.display().inspectorShownProperty().set(inspectorBefore);
    }

    public void toggle() {
        if (active.get()) {
            stop();
        } else {
            start();
        }
    }

    public void next() {
        if (active.get() && index.get() < steps.size() - 1) {
            go(index.get() + 1);
        }
    }

    public void back() {
        if (active.get() && index.get() > 0) {
            go(index.get() - 1);
        }
    }

    /** Shows step {@code i}: its sample (opened when another is open), batch, mode, text and evidence. */
    public void go(int i) {
        LessonStep step = steps.get(i);
        index.set(i);
        stepLabel.setText("Step " + step.number() + "/" + steps.size() + " · " + step.part() + ": " + step.title());
        text.setText(step.text());
        fileShown = false;
        body.getChildren().remove(file);
        panel.getChildren().removeAll(file, answers);
        clearHighlight();
        Path folder = samples.resolve(step.sample()).toAbsolutePath().normalize();
        Path open = model.checkpoint().folderProperty().get();
        if (open == null || !open.toAbsolutePath().normalize().equals(folder)) {
            model.timeline().requestBatch(step.batchId());
            model.open(folder); // loaded(…) sets the mode and the evidence
        } else {
            arrange(step);
        }
        if (step.evidence().kind() == Evidence.Kind.FILE) {
            showFile(folder, step.evidence().target());
        }
        if (i == steps.size() - 1) {
            showAnswers();
        }
    }

    private void loaded(LoadedCheckpoint loaded) {
        int i = index.get();
        if (!active.get() || i < 0) {
            return;
        }
        LessonStep step = steps.get(i);
        if (loaded.checkpoint().path().toAbsolutePath().normalize()
                .equals(samples.resolve(step.sample()).toAbsolutePath().normalize())) {
            arrange(step);
        }
    }

    private void arrange(LessonStep step) {
        model.timeline().requestBatch(step.batchId());
        OutputMode mode = step.mode().map(name -> OutputMode.valueOf(name.toUpperCase(Locale.ROOT))).orElse(null);
        if (mode != null) {
            if (model.query().getOutputMode() != mode || model.query().modeOverrideProperty().get() != mode) {
                model.query().outputModeProperty().set(mode);
            }
        } else if (model.query().modeOverrideProperty().get() != null) {
            model.query().useJobMode();
        }
        boolean inInspector = INSPECTOR_IDS.contains(step.evidence().target());
        model.display().inspectorShownProperty().set(inInspector || (!model.display().isPresentation() && inspectorBefore));
        highlight();
        javafx.application.Platform.runLater(() -> { // the inspector's split and tabs are laid out: mark it there
            root.applyCss();
            root.layout();
            highlight();
        });
    }

    /**
     * The id of the node that shows {@code target} now: presentation mode hides the batch timeline, and its strip of
     * the selected batch stands in for it (the timeline's marks had been on a hidden node).
     */
    private String markedId(String target) {
        return "batchTimeline".equals(target) && model.display().isPresentation() ? STRIP_ID : target;
    }

    /** Marks the step's evidence: the node, its tab brought to the front, a row of a table selected. */
    private void highlight() {
        int i = index.get();
        if (!active.get() || i < 0) {
            return;
        }
        Evidence evidence = steps.get(i).evidence();
        Node node = evidence.kind() == Evidence.Kind.FILE ? file
                : io.streamscope.ui.display.TabContentOnDemand.lookupById(root, markedId(evidence.target()));
        if (node == null) {
            return;
        }
        if (node != highlighted) {
            clearHighlight();
            highlighted = node;
            node.pseudoClassStateChanged(EVIDENCE, true);
        }
        front(node);
        if (evidence.kind() == Evidence.Kind.FILE && evidence.target().contains("/_spark_metadata/")) {
            // a file sink's own log: the rows that sink received beside it (not the tab the step before left)
            Node sink = io.streamscope.ui.display.TabContentOnDemand.lookupById(root, "sinkTable");
            if (sink != null) {
                front(sink);
            }
        }
        if (evidence.kind() == Evidence.Kind.ROW || evidence.kind() == Evidence.Kind.CELL) {
            tables.markEvidence(evidence.target(), matching(evidence.target(), evidence.detail()));
        }
        if ("decodePipeline".equals(evidence.target())) {
            long offset = evidence.detail().startsWith("offset ") ? Long.parseLong(evidence.detail().substring(7)) : 0;
            if (decode.shown() == null || decode.getUserData() == null || !decode.getUserData().equals(model.checkpoint().folderProperty().get())) {
                decode.setUserData(model.checkpoint().folderProperty().get());
                decode.show(null, 0, offset);
            }
        }
    }

    /** A row whose {@code column=value} (a struct's field {@code window.start=…}: the column holds the value). */
    private Predicate<ShownRow> matching(String table, String detail) {
        int equals = detail.indexOf('=');
        if (equals < 0) {
            return row -> false;
        }
        String column = detail.substring(0, equals);
        String field = column.contains(".") ? column.substring(column.indexOf('.') + 1) : null;
        String columnName = column.contains(".") ? column.substring(0, column.indexOf('.')) : column;
        String value = detail.substring(equals + 1);
        int at = tables.columnIndex(table, columnName);
        if (at < 0) {
            return row -> false;
        }
        return row -> {
            String cell = row.cell(at);
            return field == null ? cell.equals(value) || cell.endsWith("→ " + value) || cell.startsWith(value + " ")
                    : cell.contains(field) && digits(cell).contains(digits(value));
        };
    }

    private static String digits(String text) {
        return text.replaceAll("[^0-9]", "");
    }

    /** Brings the tab holding {@code node} to the front of its tab pane. */
    private static void front(Node node) {
        for (Node at = node; at != null; at = at.getParent()) {
            if (at instanceof TabPane pane) {
                for (Tab tab : pane.getTabs()) {
                    if (tab.getContent() != null && isAncestor(tab.getContent(), node)) {
                        pane.getSelectionModel().select(tab);
                    }
                }
            }
            if (at != node && at instanceof ScrollPane scroll) {
                scrollToTop(scroll, node);
            }
        }
    }

    /**
     * Scrolls {@code scroll} so that the top of {@code node} in it shows: on a projector under the lesson's panel the
     * inspector's progress scrolls, and a step's evidence lower in it (the progress report) was out of sight.
     */
    private static void scrollToTop(ScrollPane scroll, Node node) {
        Node content = scroll.getContent();
        double hidden = content == null ? 0 : content.getLayoutBounds().getHeight() - scroll.getViewportBounds().getHeight();
        if (hidden <= 0) {
            return;
        }
        double top = content.sceneToLocal(node.localToScene(node.getLayoutBounds())).getMinY();
        double share = Math.min(1, Math.max(0, top / hidden));
        scroll.setVvalue(scroll.getVmin() + share * (scroll.getVmax() - scroll.getVmin()));
    }

    private static boolean isAncestor(Node ancestor, Node node) {
        for (Node at = node; at != null; at = at.getParent()) {
            if (at == ancestor) {
                return true;
            }
        }
        return false;
    }

    private static boolean inside(Node node, String id) {
        for (Node at = node; at != null; at = at.getParent()) {
            if (id.equals(at.getId())) {
                return true;
            }
        }
        return false;
    }

    private void clearHighlight() {
        if (highlighted != null) {
            highlighted.pseudoClassStateChanged(EVIDENCE, false);
            highlighted = null;
        }
        tables.clearEvidence();
    }

    private void showFile(Path folder, String relative) {
        Path path = folder.resolve(relative);
        if (!path.normalize().startsWith(folder) && !path.normalize().startsWith(folder.getParent())) {
            return;
        }
        int ticket = index.get();
        fileShown = true;
        file.setText(relative + " …");
        placeFile();
        BackgroundTasks.create(() -> {
            Path shown = Files.exists(path) ? path : folder.getParent().resolve(relative);
            List<String> lines = Files.readAllLines(shown);
            return lines.stream().limit(8).map(line -> line.length() > 160 ? line.substring(0, 160) + " …" : line)
                    .collect(Collectors.joining("\n")) + (lines.size() > 8 ? "\n…" : "");
        }).titled("Reading " + relative).onSuccess(content -> {
            if (index.get() == ticket) {
                file.setText(relative + ":\n" + content);
            }
        }).onFailure(error -> {
            if (index.get() == ticket) {
                file.setText(relative + ": " + error.getMessage());
            }
        }).runOn(model.activity());
    }

    /**
     * The step's file beside its text where its longest line takes at most {@link #FILE_BESIDE_SHARE} of the panel's
     * width (commits/2's three short lines), else under it (offsets/1's conf line): on a 1280×720 projector, under the
     * text, commits/2 took the height of the sink's rows.
     */
    private void placeFile() {
        if (!fileShown) {
            return;
        }
        double room = panel.getWidth() - panel.snappedLeftInset() - panel.snappedRightInset();
        boolean beside = room > 0 && file.prefWidth(-1) <= room * FILE_BESIDE_SHARE; // unplaced yet: under
        javafx.scene.layout.Pane place = beside ? body : panel;
        // beside the text its lines keep their width (the text wraps in what is left); under it a line longer than the
        // panel is clipped, one line each (offsets/1's conf line, wrapped, had taken a row of each table)
        file.setMinWidth(beside ? Region.USE_PREF_SIZE : Region.USE_COMPUTED_SIZE);
        if (file.getParent() != place) {
            body.getChildren().remove(file);
            panel.getChildren().remove(file);
            place.getChildren().add(file);
        }
    }

    private void showAnswers() {
        answers.getChildren().setAll(new Label("Computing the answers on the samples …"));
        panel.getChildren().add(answers);
        BackgroundTasks.create(() -> FiveQuestions.answer(samples)).titled("Answering the five questions")
                .onSuccess(answer -> {
                    computed = answer;
                    answers.getChildren().setAll(answerLabels(answer));
                    answered.set(answered.get() + 1);
                })
                .onFailure(error -> answers.getChildren().setAll(new Label("The answers could not be computed: "
                        + error.getMessage())))
                .runOn(model.activity());
    }

    static List<Label> answerLabels(FiveQuestions a) {
        String decode = "1 · A record's value is bytes: " + shorten(a.decode().valueHex(), 48) + " → the string "
                + shorten(a.decode().valueText(), 80) + " → from_json columns "
                + a.decode().columns().stream().map(c -> c.name() + "=" + (c.value() == null ? "null" : c.value()))
                .collect(Collectors.joining(", ")) + " (a field that does not fit is null: PERMISSIVE)";
        String modes = "2 · Complete needs an aggregation (Spark: " + shorten(a.completeRefusal(), 110)
                + "); append with an aggregation needs a watermark (Spark: " + shorten(a.appendRefusal(), 110)
                + "); with one, append emits the closed windows: " + a.windowedAppend().size() + " row(s) in batch 2";
        String update = "3 · Update mode, batch 2 emits " + a.updateBatch2().entrySet().stream()
                .map(e -> "customer " + e.getKey() + " → " + e.getValue().toPlainString()).collect(Collectors.joining(", "));
        String now = "4 · availableNow processes what is there, in batches, then stops: " + a.availableNowRuns().size()
                + " runs, batches " + a.availableNowRuns();
        String crash = "5 · A plain append in foreachBatch after the crash writes batch 2 twice: " + a.appendRows()
                + " rows; MERGE on the key: " + a.mergeRows() + "; a batch-id log: " + a.batchIdLogRows();
        List<Label> labels = List.of(new Label(decode), new Label(modes), new Label(update), new Label(now), new Label(crash));
        for (int i = 0; i < labels.size(); i++) {
            Label label = labels.get(i);
            label.setId("lessonAnswer" + (i + 1));
            label.getStyleClass().add("lesson-answer");
            label.setWrapText(true);
            label.setMinHeight(Region.USE_PREF_SIZE);
            label.setMaxWidth(Double.MAX_VALUE);
        }
        return labels;
    }

    private static String shorten(String text, int most) {
        if (text == null) {
            return "—";
        }
        String one = text.replace('\n', ' ');
        return one.length() <= most ? one : one.substring(0, most) + "…";
    }
}
