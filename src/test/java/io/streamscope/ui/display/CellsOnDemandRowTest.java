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

    @Test
    void aBoldRowIsMeasuredBoldAndEachColumnInOneCell(FxRobot robot) throws Exception {
        String[] items = {"bold: the widest text of the column when bold", "plain: a text about as wide as that one"};
        TableView<String> own = table(false, items);
        TableView<String> onDemand = table(true, items);
        for (TableView<String> table : List.of(own, onDemand)) {
            table.setRowFactory(view -> {
                TableRow<String> row = table == own ? new TableRow<>() {
                    @Override
                    protected void updateItem(String item, boolean empty) {
                        super.updateItem(item, empty);
                        pseudoClassStateChanged(BOLD, !empty && item.startsWith("bold"));
                    }
                } : new CellsOnDemandRow<>() {
                    @Override
                    protected void updateItem(String item, boolean empty) {
                        super.updateItem(item, empty);
                        pseudoClassStateChanged(BOLD, !empty && item.startsWith("bold"));
                    }
                };
                return row;
            });
        }
        int[] cellsMade = {0, 0};
        for (int c = 0; c < 6; c++) {
            TableColumn<String, String> column = new TableColumn<>("c" + c);
            column.setCellValueFactory(item -> new ReadOnlyStringWrapper(item.getValue()));
            int counted = c;
            column.setCellFactory(made -> {
                cellsMade[made.getTableView() == own ? 0 : 1]++;
                return new TableCell<>() {
                    @Override
                    protected void updateItem(String item, boolean empty) {
                        super.updateItem(item, empty);
                        setText(empty ? null : counted + " " + item);
                    }
                };
            });
            own.getColumns().add(column);
            onDemand.getColumns().add(copy(column));
        }
        robot.interact(() -> {
            Scene scene = new Scene(new HBox(own, onDemand), 1200, 300); // within the headless screen
            scene.getStylesheets().add("data:text/css;base64," + java.util.Base64.getEncoder().encodeToString(
                    ".table-row-cell:bold .table-cell { -fx-font-weight: bold; -fx-font-size: 20px; }"
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            stage.setScene(scene);
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();

        for (int c = 0; c < 8; c++) {
            int column = c;
            double ownWidth = onFx(() -> own.getColumns().get(column).getWidth());
            assertEquals(ownWidth, onFx(() -> onDemand.getColumns().get(column).getWidth()), 0.01, "column " + c);
        }
        double plainWidth = onFx(() -> plainTextWidth(own, items[0]));
        assertTrue(onFx(() -> own.getColumns().get(0).getWidth()) > plainWidth * 1.2,
                "the bold row's text (20px, bold) set the width: " + onFx(() -> own.getColumns().get(0).getWidth())
                        + " against " + plainWidth + " plain");
        // the rows on screen (2 items × 6 columns of these) and one cell per column measured; JavaFX's own row made a
        // cell for every column in the row it measured each column in
        assertTrue(cellsMade[0] >= 2 * 6 + 6 * 6, "JavaFX's rows: " + cellsMade[0]);
        assertTrue(cellsMade[1] <= 2 * 6 + 6, "rows on demand: " + cellsMade[1]);
    }

    private static final javafx.css.PseudoClass BOLD = javafx.css.PseudoClass.getPseudoClass("bold");

    private static TableColumn<String, String> copy(TableColumn<String, String> column) {
        TableColumn<String, String> copy = new TableColumn<>(column.getText());
        copy.setCellValueFactory(column.getCellValueFactory());
        copy.setCellFactory(column.getCellFactory());
        return copy;
    }

    private static double plainTextWidth(TableView<String> table, String text) {
        javafx.scene.text.Text measure = new javafx.scene.text.Text(text);
        // the font of a cell of the plain row
        table.lookupAll(".table-cell").stream()
                .filter(node -> node instanceof TableCell<?, ?> cell && cell.getText() != null
                        && cell.getText().startsWith("plain"))
                .findFirst().ifPresent(cell -> measure.setFont(((TableCell<?, ?>) cell).getFont()));
        return measure.getLayoutBounds().getWidth();
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
