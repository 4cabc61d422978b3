package io.streamscope.ui.display;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.Comparator;
import java.util.List;

import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rows a table fills its room with below its last item have no cells until they show an item; rows of items are
 * as JavaFX makes them, and so are the widths JavaFX fits a new table's columns to.
 */
@ExtendWith(ApplicationExtension.class)
class CellsOnDemandRowTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void rowsBelowTheItemsGetTheirCellsWithTheirFirstItem(FxRobot robot) throws Exception {
        TableView<String> table = table(true, "a", "b", "c");
        robot.interact(() -> {
            stage.setScene(new Scene(table, 300, 300));
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();

        List<CellsOnDemandRow<?>> rows = onFx(() -> rowsOf(table));
        assertTrue(rows.size() > 6, "the table fills its room with rows: " + rows.size());
        for (CellsOnDemandRow<?> row : rows) {
            int index = onFx(row::getIndex);
            if (index < 3) {
                assertEquals(List.of("abc".substring(index, index + 1), "column two"), onFx(() -> textsIn(row)),
                        "row " + index);
            } else {
                assertTrue(!onFx(row::hasCells) && onFx(() -> textsIn(row)).isEmpty(),
                        "empty row " + index + " has no cells");
            }
        }

        robot.interact(() -> table.getItems().addAll("d", "e"));
        WaitForAsyncUtils.waitForFxEvents();

        List<CellsOnDemandRow<?>> after = onFx(() -> rowsOf(table));
        for (int index = 0; index < 5; index++) {
            CellsOnDemandRow<?> row = after.get(index); // sorted by index, the first five the items'
            assertEquals(List.of("abcde".substring(index, index + 1), "column two"), onFx(() -> textsIn(row)),
                    "row " + index + " after two more items");
        }
        assertTrue(onFx(() -> after.stream().filter(row -> row.getIndex() >= 5).noneMatch(CellsOnDemandRow::hasCells)),
                "the rows still empty still have no cells");
    }

    @Test
    void aNewTablesColumnsAreFittedAsWithJavaFXsOwnRows(FxRobot robot) throws Exception {
        String[] items = {"a value much wider than a column's first width", "short"};
        TableView<String> own = table(false, items);
        TableView<String> onDemand = table(true, items);
        robot.interact(() -> {
            stage.setScene(new Scene(new HBox(own, onDemand), 900, 300));
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();

        double ownWidth = onFx(() -> own.getColumns().get(0).getWidth());
        assertTrue(ownWidth > 150, "JavaFX fitted the column to its text: " + ownWidth);
        assertEquals(ownWidth, onFx(() -> onDemand.getColumns().get(0).getWidth()), 0.01);
        assertEquals(onFx(() -> own.getColumns().get(1).getWidth()), onFx(() -> onDemand.getColumns().get(1).getWidth()),
                0.01);
    }

    private static TableView<String> table(boolean onDemand, String... items) {
        TableView<String> table = new TableView<>();
        table.setFixedCellSize(24);
        TableColumn<String, String> one = new TableColumn<>("one");
        one.setCellValueFactory(item -> new ReadOnlyStringWrapper(item.getValue()));
        TableColumn<String, String> two = new TableColumn<>("two");
        two.setCellValueFactory(item -> new ReadOnlyStringWrapper("column two"));
        table.getColumns().add(one);
        table.getColumns().add(two);
        if (onDemand) {
            table.setRowFactory(view -> new CellsOnDemandRow<>());
        }
        table.getItems().addAll(items);
        return table;
    }

    private static List<CellsOnDemandRow<?>> rowsOf(TableView<?> table) {
        return table.lookupAll(".table-row-cell").stream()
                .filter(node -> node instanceof CellsOnDemandRow<?> row && row.isVisible())
                .<CellsOnDemandRow<?>>map(node -> (CellsOnDemandRow<?>) node)
                .sorted(Comparator.comparingInt(TableRow::getIndex))
                .toList();
    }

    /** The texts of the row's cells, left to right; none for a row without cells. */
    private static List<String> textsIn(TableRow<?> row) {
        return row.lookupAll(".table-cell").stream()
                .filter(node -> node instanceof TableCell<?, ?>)
                .sorted(Comparator.comparingDouble(Node::getLayoutX))
                .map(node -> ((TableCell<?, ?>) node).getText())
                .toList();
    }
}
