package io.streamscope.ui;

import io.streamscope.ui.state.StateRowView;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The state view in normal mode on real Spark samples, by fx:id: key and value fields as columns, an update's
 * old → new, the window a batch evicted struck through at that batch, the filter, a sort by a column, the
 * rows-per-partition chart filtering to its partition, the detail pane and copying rows as JSON.
 */
@ExtendWith(ApplicationExtension.class)
class StateViewJourneyTest {

    private static final PseudoClass DELETED = PseudoClass.getPseudoClass("deleted");

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    private void selectBatch(FxRobot robot, long batch) throws Exception {
        robot.interact(() -> window.model().timeline().select((int) batch));
        Label summary = robot.lookup("#stateSummary").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> onFx(summary::getText).contains("after batch " + batch)
                && !onFx(summary::getText).startsWith("Reading"));
        UiTestSupport.awaitIdle(window);
    }

    @SuppressWarnings("unchecked")
    private static TableView<StateRowView> table(FxRobot robot) {
        return (TableView<StateRowView>) (TableView<?>) robot.lookup("#stateTable").queryTableView();
    }

    private static List<StateRowView> items(TableView<StateRowView> table) throws Exception {
        return onFx(() -> List.copyOf(table.getItems()));
    }

    /** The text a column's cell shows for row {@code index}. */
    private static String cell(TableView<StateRowView> table, String columnId, int index) throws Exception {
        return onFx(() -> {
            TableColumn<StateRowView, ?> column = leaf(table, columnId);
            return String.valueOf(column.getCellObservableValue(index).getValue());
        });
    }

    @SuppressWarnings("unchecked")
    private static TableColumn<StateRowView, ?> leaf(TableView<StateRowView> table, String id) {
        return table.getVisibleLeafColumns().stream().filter(c -> id.equals(c.getId())).findFirst()
                .orElseThrow(() -> new AssertionError("no column " + id + " in " + table.getVisibleLeafColumns().stream()
                        .map(TableColumn::getId).toList()));
    }

    @Test
    void aQueryWithoutStateSaysSoOnceAndAStatefulOneBringsTheTableBack(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-copy-crash")); // foreachBatch into a table: no state/
        robot.interact(() -> window.model().timeline().select(2));
        UiTestSupport.awaitIdle(window);
        Label summary = robot.lookup("#stateSummary").queryAs(Label.class);
        assertTrue(onFx(summary::getText).startsWith("This query keeps no state: its checkpoint has no state/ folder"),
                onFx(summary::getText));
        assertEquals(List.of(false, false, false), shown(robot, "#stateFilterField", "#statePartitionChart", "#stateTable"));
        screenshot(robot, window.scene(), "state-none.png");

        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-windowed"));
        selectBatch(robot, 1);
        assertEquals(List.of(true, true, true), shown(robot, "#stateFilterField", "#statePartitionChart", "#stateTable"));
    }

    /** Whether each node is on show: itself and every parent visible. */
    private static List<Boolean> shown(FxRobot robot, String... ids) throws Exception {
        List<Node> nodes = java.util.Arrays.stream(ids).map(id -> robot.lookup(id).queryAs(Node.class)).toList();
        return onFx(() -> nodes.stream().map(UiTestSupport::shown).toList());
    }

    @Test
    void theEvictedWindowIsStruckThroughAtTheBatchThatEvictedItAndWindowsReadAsTimes(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-windowed"));
        selectBatch(robot, 1);
        TableView<StateRowView> table = table(robot);
        List<StateRowView> rows = items(table);
        List<StateRowView> deleted = rows.stream().filter(r -> r.change() == StateRowView.Change.DELETED).toList();
        assertEquals(1, deleted.size(), rows.toString());
        assertTrue(deleted.get(0).key().contains("09:00:00") && deleted.get(0).key().contains("09:10:00"),
                "batch 1's watermark (09:13) evicts 09:00-09:10: " + deleted);
        assertFalse(deleted.get(0).value().isEmpty(), "with its last count");
        int at = rows.indexOf(deleted.get(0));
        assertEquals("2026-01-22 09:00", cell(table, "stateKey:window.start", at));
        assertEquals("2026-01-22 09:10", cell(table, "stateKey:window.end", at));
        assertEquals("deleted", cell(table, "stateChangeColumn", at));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#stateTable .table-row-cell").queryAll().stream()
                .anyMatch(row -> row.getPseudoClassStates().contains(DELETED)), "the deleted row is drawn struck through");
        Label figures = robot.lookup("#stateSparkFigures").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !onFx(figures::getText).isEmpty());
        assertEquals("Spark's progress: numRowsTotal 2 · numRowsUpdated 1 · numRowsRemoved 1 (the state files agree)",
                onFx(figures::getText));
        screenshot(robot, window.scene(), "state-evicted-window.png");

        selectBatch(robot, 2);
        List<StateRowView> later = items(table);
        assertTrue(later.stream().noneMatch(r -> r.key().equals(deleted.get(0).key())), "gone after the batch that evicted it");
        assertEquals(1, later.stream().filter(r -> r.change() == StateRowView.Change.DELETED).count(), "batch 2 evicts 09:10-09:20");
    }

    @Test
    void anUpdateShowsOldToNewAndTheDetailPaneAndCopyGiveSparksJson(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        selectBatch(robot, 1);
        TableView<StateRowView> table = table(robot);
        List<StateRowView> rows = items(table);
        int updated = rows.indexOf(rows.stream().filter(r -> r.change() == StateRowView.Change.UPDATED).findFirst().orElseThrow());
        String sum = onFx(() -> table.getVisibleLeafColumns().stream().map(TableColumn::getId)
                .filter(id -> id.startsWith("stateValue:sum")).findFirst().orElseThrow());
        String text = cell(table, sum, updated);
        String[] sides = text.split(" → ");
        assertEquals(2, sides.length, text);
        assertTrue(rows.get(updated).oldValue().contains(sides[0]) && rows.get(updated).value().contains(sides[1]),
                text + " from " + rows.get(updated));
        assertFalse(sides[0].equals(sides[1]), text);
        int unchanged = rows.indexOf(rows.stream().filter(r -> r.change() == StateRowView.Change.NONE).findFirst().orElseThrow());
        assertFalse(cell(table, sum, unchanged).contains("→"), "an unchanged row shows its value alone");

        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().clearAndSelect(updated);
        });
        TextArea detail = robot.lookup("#stateDetailPane").queryAs(TextArea.class);
        String json = onFx(detail::getText);
        assertTrue(json.contains("\"key\"") && json.contains("\"customer_id\"") && json.contains("\"oldValue\"")
                && json.contains("\"change\" : \"updated\""), json);
        robot.interact(() -> {
            table.getSelectionModel().selectAll();
            table.requestFocus();
            Clipboard.getSystemClipboard().clear();
        });
        robot.press(KeyCode.CONTROL).press(KeyCode.C).release(KeyCode.C).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        String copied = onFx(() -> Clipboard.getSystemClipboard().getString());
        assertNotNull(copied, "Ctrl+C copies the selected rows");
        assertEquals(3, copied.strip().split("\n").length, copied);
        assertTrue(copied.startsWith("{\"partition\":"), copied);
        robot.interact(() -> {
            table.getSelectionModel().clearAndSelect(updated);
            Clipboard.getSystemClipboard().clear();
            table.getContextMenu().getItems().stream().filter(item -> "stateCopyJsonItem".equals(item.getId()))
                    .findFirst().orElseThrow().fire();
        });
        String one = onFx(() -> Clipboard.getSystemClipboard().getString());
        assertEquals(rows.get(updated).json(), one.strip(), "the context menu copies the selected row");
        assertEquals(rows.get(updated).key(), io.streamscope.checkpoint.Json.mapper().readTree(one).get("key").toString());
    }

    private static List<java.math.BigDecimal> sums(TableView<StateRowView> table) throws Exception {
        List<java.math.BigDecimal> sums = new java.util.ArrayList<>();
        for (StateRowView row : items(table)) {
            sums.add(new java.math.BigDecimal(io.streamscope.checkpoint.Json.mapper().readTree(row.value()).get("sum").asText()));
        }
        return sums;
    }

    @Test
    void filterSortAndThePartitionChart(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        selectBatch(robot, 2);
        TableView<StateRowView> table = table(robot);
        assertEquals(3, items(table).size());

        robot.clickOn("#stateFilterField").write("\"customer_id\":3");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> items(table).size() == 1);
        assertTrue(items(table).get(0).key().contains("\"customer_id\":3"));
        robot.interact(() -> robot.lookup("#stateFilterField").queryTextInputControl().clear());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> items(table).size() == 3);

        String sum = onFx(() -> table.getVisibleLeafColumns().stream().map(TableColumn::getId)
                .filter(id -> id.startsWith("stateValue:sum")).findFirst().orElseThrow());
        robot.interact(() -> {
            TableColumn<StateRowView, ?> column = leaf(table, sum);
            column.setSortType(TableColumn.SortType.DESCENDING);
            table.getSortOrder().setAll(List.of(column));
        });
        UiTestSupport.awaitIdle(window);
        List<java.math.BigDecimal> sums = sums(table);
        assertEquals(sums.stream().sorted(java.util.Comparator.reverseOrder()).toList(), sums, "by sum, largest first");
        robot.interact(() -> leaf(table, sum).setSortType(TableColumn.SortType.ASCENDING));
        UiTestSupport.awaitIdle(window);
        List<java.math.BigDecimal> up = sums(table);
        assertEquals(up.stream().sorted().toList(), up, "and smallest first");

        Node bar = robot.lookup("#statePartitionBar1").query();
        assertNotNull(bar, "a bar per partition");
        long inPartition1 = items(table).stream().filter(r -> r.partition() == 1).count();
        assertTrue(inPartition1 > 0 && inPartition1 < 3, "the sample has rows in both partitions");
        robot.moveTo(bar).moveBy(1, 0); // the chart's tooltip, made when the pointer first comes over a bar
        String barTip = String.format("Partition 1: %,d rows", inPartition1);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> javafx.stage.Window.getWindows().stream()
                .anyMatch(shown -> shown instanceof javafx.scene.control.Tooltip tip && tip.isShowing() && tip.getText().equals(barTip))));
        robot.clickOn(bar);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> items(table).size() == inPartition1);
        assertTrue(items(table).stream().allMatch(r -> r.partition() == 1));
        ComboBox<?> chooser = robot.lookup("#statePartitionChooser").queryComboBox();
        assertEquals(1, onFx(chooser::getValue), "the chooser follows the chart");
        screenshot(robot, window.scene(), "state-partition-filter.png");
        robot.clickOn(bar);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> items(table).size() == 3);
    }

    @Test
    void aColumnTheUserResizedKeepsItsWidthAsOtherRowsArrive(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-windowed"));
        selectBatch(robot, 1);
        TableView<StateRowView> table = table(robot);
        TableColumn<StateRowView, ?> start = onFx(() -> leaf(table, "stateKey:window.start"));
        TableColumn<StateRowView, ?> change = onFx(() -> leaf(table, "stateChangeColumn"));
        double fitted = onFx(start::getWidth);
        double changeFitted = onFx(change::getWidth);
        // what dragging a header's edge does: TableView.resizeColumn, through the column resize policy
        robot.interact(() -> table.resizeColumn(start, -40));
        robot.interact(() -> table.resizeColumn(change, 30));
        double narrowed = onFx(start::getWidth);
        double widened = onFx(change::getWidth);
        assertEquals(fitted - 40, narrowed, 0.5, "the user narrowed the start column");
        assertEquals(changeFitted + 30, widened, 0.5, "and widened the change column");

        selectBatch(robot, 2); // other rows, as the next batch's chunks bring them
        assertEquals(narrowed, onFx(start::getWidth), 0.5, "a column the user narrowed is not widened again by new rows");
        assertEquals(widened, onFx(change::getWidth), 0.5, "nor one the user widened narrowed");
        selectBatch(robot, 0);
        assertEquals(narrowed, onFx(start::getWidth), 0.5);
        TableColumn<StateRowView, ?> end = onFx(() -> leaf(table, "stateKey:window.end"));
        assertTrue(onFx(end::getWidth) >= fitted - 0.5, "a column the user left alone keeps fitting its cells");
    }

    @Test
    void aJoinsStoresAreExplainedAndSparksUncountedEvictionsSaidSo(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-join-left-outer"));
        selectBatch(robot, 2);
        ComboBox<io.streamscope.ui.state.StoreChoice> stores = robot.lookup("#stateStoreSelector").queryComboBox();
        List<String> names = onFx(() -> stores.getItems().stream().map(choice -> choice.store().storeName()).toList());
        assertEquals(List.of("left-keyToNumValues", "left-keyWithIndexToValue", "right-keyToNumValues", "right-keyWithIndexToValue"),
                names);
        Label explanation = robot.lookup("#stateStoreExplanation").queryAs(Label.class);
        robot.interact(() -> stores.getSelectionModel().select(3));
        UiTestSupport.awaitIdle(window);
        String text = onFx(explanation::getText);
        assertTrue(text.startsWith("Right side of the stream-stream join") && text.contains("keyWithIndexToValue"), text);
        robot.interact(() -> stores.getSelectionModel().select(0));
        UiTestSupport.awaitIdle(window);
        text = onFx(explanation::getText);
        assertTrue(text.startsWith("Left side") && text.contains("keyToNumValues: join key → count"), text);
        Label figures = robot.lookup("#stateSparkFigures").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !onFx(figures::getText).isEmpty());
        String said = onFx(figures::getText);
        assertTrue(said.contains("numRowsRemoved 4; the state files: numRowsTotal 6 · numRowsUpdated 3 · numRowsRemoved 7")
                && said.contains("outer join"), said);
        screenshot(robot, window.scene(), "state-join-figures.png");
    }
}
