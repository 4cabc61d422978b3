package io.streamscope.ui;

import io.streamscope.ui.state.StateRowView;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.io.IOException;
import java.util.List;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spark 4's transformWithState sample in the window: its state variables, lists, map entries and timers decoded in
 * the state table; its processor is no query the replay runs, so the window shows the input rows each batch read and
 * says why there is no result table.
 */
@ExtendWith(ApplicationExtension.class)
class TransformWithStateJourneyTest {

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @Test
    void stateVariablesListsMapsAndTimersAreShownByColumnFamily(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-tws-avro"));
        UiTestSupport.awaitIdle(window);

        TableView<?> state = robot.lookup("#stateTable").queryTableView();
        List<StateRowView> rows = onFx(() -> state.getItems().stream().map(StateRowView.class::cast).toList());
        assertTrue(rows.stream().anyMatch(row -> row.columnFamily().equals("recentOrderIds") && row.key().equals("{\"value\":1}")
                && row.index() == 1 && row.value().equals("{\"value\":151}")), "a list's element is a row: " + rows);
        assertTrue(rows.stream().anyMatch(row -> row.columnFamily().equals("ordersPerHour")
                && row.key().equals("{\"key\":{\"value\":3},\"userKey\":{\"value\":\"2026-01-22T10\"}}")), rows.toString());
        assertTrue(rows.stream().anyMatch(row -> row.columnFamily().equals("$procTimers_keyToTimestamp")
                && row.key().startsWith("{\"key\":{\"value\":2},\"expiryTimestampMs\":")), rows.toString());
        assertTrue(onFx(() -> state.getColumns().stream().filter(TableColumn::isVisible).count()) >= 4,
                "the column family column is shown");
        Label summary = robot.lookup("#stateSummary").queryAs(Label.class);
        assertTrue(onFx(summary::getText).contains("schema file"), onFx(summary::getText));

        // one state variable at a time: its own columns, its kind said in the chooser
        javafx.scene.control.ComboBox<String> variables = robot.lookup("#stateVariableChooser").queryComboBox();
        assertTrue(onFx(() -> variables.getItems().containsAll(List.of("totalCents", "recentOrderIds", "ordersPerHour",
                "lastOrder", "$procTimers_keyToTimestamp"))), onFx(() -> variables.getItems().toString()));
        assertEquals("ordersPerHour — MapState: one row per map entry (key, userKey)",
                onFx(() -> variables.getConverter().toString("ordersPerHour")));
        robot.interact(() -> variables.setValue("ordersPerHour"));
        UiTestSupport.awaitIdle(window);
        List<StateRowView> entries = onFx(() -> state.getItems().stream().map(StateRowView.class::cast).toList());
        assertTrue(!entries.isEmpty() && entries.stream().allMatch(row -> row.columnFamily().equals("ordersPerHour")), entries.toString());
        List<String> columns = onFx(() -> state.getVisibleLeafColumns().stream().map(TableColumn::getId).toList());
        assertTrue(columns.contains("stateKey:key.value") && columns.contains("stateKey:userKey.value")
                && columns.contains("stateValue:value.value") && columns.contains("stateValue:ttlExpirationMs"), columns.toString());
        robot.interact(() -> variables.setValue("$procTimers_keyToTimestamp"));
        UiTestSupport.awaitIdle(window);
        List<String> timerColumns = onFx(() -> state.getVisibleLeafColumns().stream().map(TableColumn::getId).toList());
        assertTrue(timerColumns.contains("stateKey:expiryTimestampMs"), timerColumns.toString());
        listElementsAreRowsOfTheirOwn(robot, state, variables);
        robot.interact(() -> variables.setValue(""));
        UiTestSupport.awaitIdle(window);

        UiTestSupport.awaitReplay(window);
        TableView<?> input = robot.lookup("#inputTable").queryTableView();
        assertEquals(7, onFx(() -> input.getItems().size()), "without a query the input rows still show, up to batch 2");
        assertTrue(onFx(() -> robot.lookup("#resultTable").queryTableView().getItems().isEmpty()), "but no result table");
        Label result = robot.lookup("#refusalLabel").queryAs(Label.class);
        String message = onFx(result::getText);
        assertTrue(onFx(result::isVisible) && message.contains("The input table shows what each batch read")
                && message.contains("from line 43, column"), "says there is no result table, in its place: " + message);
        String why = onFx(robot.lookup("#queryError").queryAs(Label.class)::getText);
        assertTrue(why.contains("runs the job's own code, which cannot run here"), "and why, under the job: " + why);
        assertEquals(List.of(), onFx(() -> window.viewModel().findings().stream()
                .filter(f -> f.kind() == io.streamscope.ui.Finding.Kind.ERROR).toList()), "no errors");
        screenshot(robot, window.scene(), "shop-tws-avro.png");
    }

    /**
     * Batch 2 appended 150 to customer 3's list and replaced customer 1's [110, 112] by [112, 151]: one row per element
     * with its index and mark, the detail pane and Copy as Spark's State Data Source's list rows ({@code list_element}).
     */
    private void listElementsAreRowsOfTheirOwn(FxRobot robot, TableView<?> state,
                                               javafx.scene.control.ComboBox<String> variables) throws Exception {
        robot.interact(() -> variables.setValue("recentOrderIds"));
        UiTestSupport.awaitIdle(window);
        List<String> columns = onFx(() -> state.getVisibleLeafColumns().stream().map(TableColumn::getId).toList());
        assertTrue(columns.contains("stateIndexColumn") && columns.contains("stateValue:value"), columns.toString());
        List<StateRowView> elements = onFx(() -> state.getItems().stream().map(StateRowView.class::cast).toList());
        assertEquals(List.of("{\"value\":1} 0 {\"value\":110} deleted", "{\"value\":1} 0 {\"value\":112} ",
                        "{\"value\":1} 1 {\"value\":151} added", "{\"value\":2} 0 {\"value\":111} ",
                        "{\"value\":2} 1 {\"value\":114} ", "{\"value\":3} 0 {\"value\":113} ",
                        "{\"value\":3} 1 {\"value\":150} appended"),
                elements.stream().map(row -> row.key() + " " + row.index() + " " + row.value() + " " + row.change().label())
                        .sorted().toList());
        int appended = elements.indexOf(elements.stream().filter(row -> row.change() == StateRowView.Change.APPENDED)
                .findFirst().orElseThrow());
        @SuppressWarnings("unchecked")
        TableView<StateRowView> table = (TableView<StateRowView>) state;
        TableColumn<StateRowView, ?> index = table.getVisibleLeafColumns().stream()
                .filter(column -> "stateIndexColumn".equals(column.getId())).findFirst().orElseThrow();
        assertEquals("1", onFx(() -> String.valueOf(index.getCellData(appended))));
        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().clearAndSelect(appended);
        });
        String detail = onFx(robot.lookup("#stateDetailPane").queryAs(javafx.scene.control.TextArea.class)::getText);
        com.fasterxml.jackson.databind.JsonNode json = io.streamscope.checkpoint.Json.mapper().readTree(detail);
        assertEquals("{\"value\":3}", json.get("key").toString(), detail);
        assertEquals("{\"value\":150}", json.get("list_element").toString(), detail);
        assertEquals(1, json.get("index").asInt(), detail);
        robot.interact(() -> {
            javafx.scene.input.Clipboard.getSystemClipboard().clear();
            table.getContextMenu().getItems().stream().filter(item -> "stateCopyJsonItem".equals(item.getId()))
                    .findFirst().orElseThrow().fire();
        });
        String copied = onFx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString());
        assertEquals(io.streamscope.checkpoint.Json.mapper().readTree(elements.get(appended).json()),
                io.streamscope.checkpoint.Json.mapper().readTree(copied), "Copy gives the row the detail pane shows");
        assertEquals(json, io.streamscope.checkpoint.Json.mapper().readTree(copied));
    }
}
