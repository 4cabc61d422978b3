package io.streamscope.ui.tables;

import io.streamscope.replay.BatchStep;
import io.streamscope.replay.OutputMode;
import io.streamscope.ui.display.DisplayViewModel;
import io.streamscope.ui.query.QueryViewModel;
import io.streamscope.ui.replay.ReplayOutcome;
import io.streamscope.ui.replay.ReplayViewModel;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TableView;

import java.util.List;

/**
 * Binds tables.fxml to the replay: the unbounded input table up to the selected batch, the result table under the
 * output mode the replay ran with (or Spark's refusal in its place), and what the sink received ("Batch: 2").
 */
public final class TablesController {

    private final QueryViewModel query;
    private final ReplayViewModel replay;
    private final DisplayViewModel display;

    @FXML private Tab resultTab;
    @FXML private Label inputPlaceholder;
    @FXML private Label resultPlaceholder;
    @FXML private Label sinkPlaceholder;
    @FXML private Label refusalLabel;
    @FXML private Label sinkBatchLabel;
    @FXML private TableView<ShownRow> inputTable;
    @FXML private TableView<ShownRow> resultTable;
    @FXML private TableView<ShownRow> sinkTable;

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
        input = new ReplayTable(inputTable, display.animationsProperty());
        result = new ReplayTable(resultTable, display.animationsProperty());
        sink = new ReplayTable(sinkTable, display.animationsProperty());
        replay.outcomeProperty().addListener((property, old, outcome) -> refresh());
        replay.selectedStepProperty().addListener((property, old, step) -> refresh());
        replay.runningProperty().addListener((property, old, running) -> refresh());
        refresh();
    }

    private void refresh() {
        ReplayOutcome outcome = replay.getOutcome();
        BatchStep step = replay.currentStep(); // from the outcome on show, never a stale one
        String waiting = replay.isRunning() ? "Replaying the query …"
                : outcome == null ? "The replay's tables fill in once a checkpoint and its topic are open"
                : outcome.problem() != null ? outcome.problem()
                : "The replay has no batch " + replay.selectedBatchProperty().get();
        inputPlaceholder.setText(waiting);
        resultPlaceholder.setText(waiting);
        sinkPlaceholder.setText(waiting);
        showRefusal(outcome != null && outcome.replay() == null && !replay.isRunning() ? outcome.problem() : null);
        if (outcome == null || outcome.replay() == null || step == null) {
            inputRows.clear();
            appendedRows.clear();
            input.clear();
            result.clear();
            sink.clear();
            sinkBatchLabel.setText("");
            return;
        }
        OutputMode mode = outcome.request().mode();
        input.setColumns(TableRows.inputColumns(outcome.schema()), true);
        input.apply(inputRows.select(outcome.replay(), UnboundedTable.inputRows(outcome::coordinatesOf),
                step.batchId()));
        if (outcome.inputOnly()) {
            appendedRows.clear();
            result.clear();
            sink.clear();
            sinkBatchLabel.setText("");
            return;
        }
        List<String> resultColumns = TableRows.columns(outcome.replay().query().output().schema());
        result.setColumns(resultColumns, mode == OutputMode.APPEND);
        if (mode == OutputMode.APPEND) {
            result.apply(appendedRows.select(outcome.replay(), UnboundedTable.SINK_ROWS, step.batchId()));
        } else {
            appendedRows.clear(); // back in append mode, the rows are built again
            result.setRows(TableRows.result(outcome.replay(), step, mode));
        }
        sink.setColumns(resultColumns, false);
        sink.setRows(TableRows.sink(step));
        sinkBatchLabel.setText("Batch: " + step.batchId() + " · " + mode.label() + " mode · "
                + step.sinkRows().size() + (step.sinkRows().size() == 1 ? " row" : " rows"));
    }

    private void showRefusal(String text) {
        boolean refused = text != null;
        refusalLabel.setText(refused ? text : "");
        refusalLabel.setVisible(refused);
        refusalLabel.setManaged(refused);
        resultTable.setVisible(!refused);
    }
}
