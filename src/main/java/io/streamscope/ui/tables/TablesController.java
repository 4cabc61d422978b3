package io.streamscope.ui.tables;

import io.streamscope.replay.BatchStep;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Replay;
import io.streamscope.replay.query.QueryException;
import io.streamscope.ui.display.DisplayViewModel;
import io.streamscope.ui.display.TabHeadersFit;
import io.streamscope.ui.query.QueryViewModel;
import io.streamscope.ui.replay.ReplayOutcome;
import io.streamscope.ui.replay.ReplayViewModel;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;

import java.util.List;
import java.util.Optional;

/**
 * Binds tables.fxml to the replay: the unbounded input table up to the selected batch (with a topic column when the
 * checkpoint has several sources; shown whatever the outcome, as long as the records were read), the result table
 * under the output mode the replay ran with (or, in its place and only there, why there is none), what the sink
 * received ("Batch: 2"), and a batch Spark ran more than once.
 */
public final class TablesController {

    /** Presentation mode: the input table's least share of the tables' width. */
    private static final double MIN_INPUT_SHARE = 0.3;
    /** Presentation mode: the smallest a wide result's text is shown, of the presentation size. */
    private static final double LEAST_SCALE = 0.7;

    private final QueryViewModel query;
    private final ReplayViewModel replay;
    private final DisplayViewModel display;

    @FXML private Tab resultTab;
    @FXML private Label inputPlaceholder;
    @FXML private Label resultPlaceholder;
    @FXML private Label sinkPlaceholder;
    @FXML private Label refusalLabel;
    @FXML private Label sinkBatchLabel;
    @FXML private Label batchRunsLabel;
    @FXML private TableView<ShownRow> inputTable;
    @FXML private TableView<ShownRow> resultTable;
    @FXML private TableView<ShownRow> sinkTable;
    @FXML private javafx.scene.control.SplitPane tablesSplit;
    @FXML private TabPane outputTabs;
    private double normalDivider = 0.5;

    private ReplayTable input;
    private ReplayTable result;
    private ReplayTable sink;
    private final UnboundedTable inputRows = new UnboundedTable();
    /** Append mode's result rows (every row written so far); update and complete build theirs per batch. */
    private final UnboundedTable appendedRows = new UnboundedTable();

    public TablesController(QueryViewModel query, ReplayViewModel replay, DisplayViewModel display) {
        this.query = query;
        this.replay = replay;
        this.display = display;
    }

    @FXML
    private void initialize() {
        resultTab.textProperty().bind(Bindings.createStringBinding(
                () -> "Result table · " + query.getOutputMode().sparkName(), query.outputModeProperty()));
        TabHeadersFit.install(outputTabs, () -> {
            if (display.isPresentation()) {
                javafx.application.Platform.runLater(this::fitToProjector); // not inside the layout that measured them
            }
        }, display::isPresentation);
        outputHeight = new OutputHeightFit(outputTabs, display);
        batchRunsLabel.setVisible(false);
        batchRunsLabel.setManaged(false);
        input = new ReplayTable(inputTable, display.animationsProperty());
        result = new ReplayTable(resultTable, display.animationsProperty());
        sink = new ReplayTable(sinkTable, display.animationsProperty());
        for (ReplayTable table : List.of(input, result, sink)) {
            table.presentWith(display.presentationProperty(), () -> display.fontSizeProperty().get());
        }
        input.markSelectedBatch(() -> {
            Long selected = replay.selectedBatchProperty().get();
            return selected == null ? Long.MIN_VALUE : selected;
        });
        result.followInput();
        sink.followInput();
        display.fontSizeProperty().addListener((property, old, size) -> {
            if (display.isPresentation()) {
                List.of(input, result, sink).forEach(ReplayTable::fitColumns);
                fitToProjector();
            }
        });
        display.presentationProperty().addListener((property, old, presenting) -> {
            if (presenting) {
                normalDivider = tablesSplit.getDividerPositions()[0];
                javafx.application.Platform.runLater(this::fitToProjector);
            } else {
                tablesSplit.setDividerPositions(normalDivider);
                outputHeight.apply(); // the tabs' own sizes again
            }
        });
        // the split's width settles after the inspector folds away: the output side keeps the width of its columns
        tablesSplit.widthProperty().addListener((property, old, width) -> fitToProjector());
        replay.outcomeProperty().addListener((property, old, outcome) -> refresh());
        replay.selectedStepProperty().addListener((property, old, step) -> refresh());
        replay.runningProperty().addListener((property, old, running) -> refresh());
        display.presentationProperty().addListener((property, old, presenting) -> refresh());
        refresh();
    }

    /** The outcome's tables (or what stands in their place), then, in presentation mode, the fit of what now shows. */
    private void refresh() {
        showOutcome();
        if (display.isPresentation()) {
            fitToProjector();
        }
    }

    private void showOutcome() {
        ReplayOutcome outcome = replay.getOutcome();
        BatchStep step = replay.currentStep(); // from the outcome on show, never a stale one
        boolean running = replay.isRunning();
        Replay rows = outcome == null ? null : outcome.replay().orElse(null);
        String waiting = running ? "Replaying …"
                : outcome == null ? "The replay's tables fill in once a checkpoint and its topic are open" : null;
        inputPlaceholder.setText(waiting != null ? waiting
                : rows == null ? "No input rows: the records could not be read (the reason is in the result area)"
                : "The replay has no batch " + replay.selectedBatchProperty().get());
        String empty = waiting != null ? waiting : "Nothing in the result table yet";
        resultPlaceholder.setText(empty);
        sinkPlaceholder.setText(waiting != null ? waiting : outcome.replayed() ? "The sink received nothing in this batch"
                : "No sink output: the query did not run (the reason is in the result table's place)");
        // the one place the reason shows: where the result table would be
        showRefusal(running || outcome == null ? null : reasonInPlaceOfResult(outcome, step, display.isPresentation()));
        showRuns(outcome, step);
        if (rows == null || step == null) {
            inputRows.clear();
            appendedRows.clear();
            input.clear();
            result.clear();
            sink.clear();
            sinkBatchLabel.setText("");
            return;
        }
        boolean withTopic = outcome.sourceCount() > 1;
        input.setColumns(TableRows.inputColumns(outcome.inputSchema().orElse(rows.query().output().schema()), withTopic),
                true);
        input.apply(inputRows.select(rows, UnboundedTable.inputRows(outcome::coordinatesOf, withTopic),
                step.batchId()));
        if (!outcome.replayed()) {
            appendedRows.clear();
            result.clear();
            sink.clear();
            sinkBatchLabel.setText("");
            return;
        }
        OutputMode mode = outcome.mode();
        List<String> resultColumns = TableRows.columns(rows.query().output().schema());
        result.setColumns(resultColumns, mode == OutputMode.APPEND);
        if (mode == OutputMode.APPEND) {
            result.apply(appendedRows.select(rows, UnboundedTable.SINK_ROWS, step.batchId()));
        } else {
            appendedRows.clear(); // back in append mode, the rows are built again
            result.setRows(TableRows.result(rows, step, mode));
        }
        sink.setColumns(resultColumns, false);
        sink.setRows(TableRows.sink(step));
        sinkBatchLabel.setText("Batch: " + step.batchId() + " · " + mode.label() + " mode · "
                + step.sinkRows().size() + (step.sinkRows().size() == 1 ? " row" : " rows"));
    }

    /**
     * Another table shown beside the result table in presentation mode (the state as columns): the output side gets
     * the width of the wider of the two. {@link #fitToProjector()} again whenever its columns change.
     */
    public void alsoFit(javafx.scene.control.TableView<?> table) {
        besideResult.add(table);
        fitToProjector();
    }

    /**
     * Presentation mode: the result table (or a table beside it, if wider) gets the width of its columns, the input
     * table the rest; the output keeps the height of what its chosen tab shows ({@link OutputHeightFit}).
     */
    public void fitToProjector() {
        outputHeight.apply();
        if (!display.isPresentation() || tablesSplit.getWidth() <= 0) {
            return;
        }
        double em = display.fontSizeProperty().get();
        shrinkWideResult(em);
        double columns = leafWidths(resultTable.getColumns());
        for (javafx.scene.control.TableView<?> other : besideResult) {
            if (other.isVisible()) {
                columns = Math.max(columns, leafWidths(other.getColumns()));
            }
        }
        // borders and a vertical scroll bar; and at the least room for every tab's title whole (a result of two
        // columns left "Result table · Complete" cut to "ble · Complete" at 1280 px)
        double wanted = Math.max(em * 1.5 + columns, TabHeadersFit.titlesWidth(outputTabs));
        double divider = 1 - wanted / tablesSplit.getWidth();
        tablesSplit.setDividerPositions(Math.max(MIN_INPUT_SHARE, Math.min(0.75, divider)));
    }

    /**
     * Presentation mode: a result whose columns are wider than the output side can be (a join's eight at 1280 px) is
     * shown smaller, down to {@link #LEAST_SCALE} of the presentation size, so that they all show; the sink's table
     * (the same columns) alike. A narrower result is shown at the full size again.
     */
    private void shrinkWideResult(double em) {
        double room = tablesSplit.getWidth() * (1 - MIN_INPUT_SHARE) - em * 1.5;
        double natural = leafWidths(resultTable.getColumns()) / result.scale(); // at the full size, near enough
        double scale = natural <= 0 || natural <= room ? 1 : Math.max(LEAST_SCALE, Math.floor(100 * room / natural) / 100);
        if (Math.abs(scale - result.scale()) >= 0.02 || scale == 1 && result.scale() != 1) {
            result.setScale(scale);
            sink.setScale(scale);
        }
    }

    private static double leafWidths(List<? extends javafx.scene.control.TableColumn<?, ?>> columns) {
        double width = 0;
        for (javafx.scene.control.TableColumn<?, ?> column : columns) {
            if (column.isVisible()) {
                width += column.getColumns().isEmpty() ? column.getPrefWidth() : leafWidths(column.getColumns());
            }
        }
        return width;
    }

    private final List<javafx.scene.control.TableView<?>> besideResult = new java.util.ArrayList<>();
    private OutputHeightFit outputHeight;

    /**
     * Presentation mode: whether a part shown under the output tabs (the state as columns) has room beside the least
     * the output shows; it shows only while it does.
     */
    public javafx.beans.property.ReadOnlyBooleanProperty roomUnderOutputProperty() {
        return outputHeight.roomBeneathProperty();
    }

    /** The table driving {@code id} ({@code inputTable}, {@code resultTable}, {@code sinkTable}), for the lesson. */
    public int markEvidence(String id, java.util.function.Predicate<ShownRow> which) {
        ReplayTable table = switch (id) {
            case "inputTable" -> input;
            case "resultTable" -> result;
            case "sinkTable" -> sink;
            default -> null;
        };
        if (table == null) {
            return -1;
        }
        return table.markEvidence(which);
    }

    /** Where column {@code name} is in the rows of table {@code id} (a row's {@code cell(i)}), or -1. */
    public int columnIndex(String id, String name) {
        ReplayTable table = switch (id) {
            case "inputTable" -> input;
            case "resultTable" -> result;
            case "sinkTable" -> sink;
            default -> null;
        };
        return table == null ? -1 : table.columnNames().indexOf(name);
    }

    /** The input row selected: its topic (null with one source), partition and offset, from its cells. */
    public java.util.Optional<Object[]> selectedRecord() {
        ShownRow row = inputTable.getSelectionModel().getSelectedItem();
        if (row == null) {
            return java.util.Optional.empty();
        }
        List<String> names = input.columnNames();
        int topic = names.indexOf("topic");
        int partition = names.indexOf("partition");
        int offset = names.indexOf("offset");
        if (partition < 0 || offset < 0) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(new Object[] {topic < 0 ? null : row.cell(topic),
                    Integer.parseInt(row.cell(partition)), Long.parseLong(row.cell(offset))});
        } catch (NumberFormatException e) {
            return java.util.Optional.empty();
        }
    }

    public TableView<ShownRow> inputTableView() {
        return inputTable;
    }

    public TabPane outputTabs() {
        return outputTabs;
    }

    /** Clears every lesson mark. */
    public void clearEvidence() {
        List.of(input, result, sink).forEach(table -> table.markEvidence(null));
    }

    /**
     * Why there is no result table, said once, in its place: Spark's refusal, the records that could not be read, or,
     * where the job is not understood, where (the editor says why, under the text it marks; in presentation mode,
     * where the editor is folded away, the reason is said here); null when the result table shows.
     */
    static String reasonInPlaceOfResult(ReplayOutcome outcome, BatchStep step, boolean presenting) {
        if (outcome.replayed()) {
            return step == null ? outcome.problem() : null; // a replay that stopped before this batch
        }
        Optional<QueryException> error = outcome.queryError();
        if (error.isPresent() && error.get().line() > 0 && !presenting) {
            return "No result table: the " + (outcome.request().isJob() ? "job" : "query") + " cannot be replayed "
                    + "from line " + error.get().line() + ", column " + error.get().column()
                    + " (marked in the editor, which says why). The input table shows what each batch read.";
        }
        return outcome.problem();
    }

    /**
     * A batch Spark ran more than once (it died before its commit, and ran again on restart), said above the output;
     * in presentation mode the timeline's strip says it across the window's width (above the output, on a 1280×720
     * projector with a lesson's panel under the tables, its three lines left the sink's rows out of sight).
     */
    private void showRuns(ReplayOutcome outcome, BatchStep step) {
        Optional<String> runs = outcome == null || step == null ? Optional.empty()
                : outcome.runs().describe(step.batchId());
        boolean shown = runs.isPresent() && !display.isPresentation();
        batchRunsLabel.setText(runs.orElse(""));
        batchRunsLabel.setVisible(shown);
        batchRunsLabel.setManaged(shown);
    }

    private void showRefusal(String text) {
        boolean refused = text != null;
        refusalLabel.setText(refused ? text : "");
        refusalLabel.setVisible(refused);
        refusalLabel.setManaged(refused);
        resultTable.setVisible(!refused);
    }
}
