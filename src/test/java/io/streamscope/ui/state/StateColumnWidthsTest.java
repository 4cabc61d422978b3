package io.streamscope.ui.state;

import javafx.beans.property.SimpleStringProperty;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The state table's column widths as rows arrive in chunks: each column widens to its widest cell, and a column the
 * user resized (a header's edge dragged, which is {@link TableView#resizeColumn}) keeps the user's width.
 */
@ExtendWith(ApplicationExtension.class)
class StateColumnWidthsTest {

    private TableView<Map<String, String>> table;
    private TableColumn<Map<String, String>, String> key;
    private TableColumn<Map<String, String>, String> count;
    private TableColumn<Map<String, String>, String> total;

    /** A window of its own: the extension's stage is shared with the window journeys that run after this test. */
    private Stage own;

    @Start
    void start(Stage shared) {
        own = new Stage();
        table = new TableView<>();
        key = column("key");
        count = column("count");
        total = column("total");
        TableColumn<Map<String, String>, String> value = new TableColumn<>("Value");
        value.getColumns().setAll(List.of(count, total));
        table.getColumns().setAll(List.of(key, value));
        StateColumnWidths.keepUserWidths(table);
        own.setScene(new Scene(table, 900, 300));
        own.show();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(own::close);
    }

    private static TableColumn<Map<String, String>, String> column(String field) {
        TableColumn<Map<String, String>, String> column = new TableColumn<>(field);
        column.setCellValueFactory(cell -> new SimpleStringProperty(cell.getValue().get(field)));
        return column;
    }

    private void fit() {
        StateColumnWidths.fit(table, Font.getDefault(), column -> row -> row.get(column.getText()));
    }

    private void addRow(String keyText, String countText, String totalText) {
        table.getItems().add(Map.of("key", keyText, "count", countText, "total", totalText));
    }

    @Test
    void columnsWidenToTheirCellsAndAColumnTheUserResizedKeepsItsWidth(FxRobot robot) {
        robot.interact(() -> {
            addRow("1", "2", "3.50");
            fit();
        });
        double keyFitted = key.getWidth();
        double countFitted = count.getWidth();
        robot.interact(() -> table.resizeColumn(key, -15));
        assertEquals(keyFitted - 15, key.getWidth(), 0.5, "the user narrowed the key column");
        assertTrue(StateColumnWidths.userSized(key));
        assertFalse(StateColumnWidths.userSized(count), "the other columns are still the table's to fit");

        robot.interact(() -> {
            addRow("customer-000000000000000000000000042", "1234567890123456789", "37.50 → 47.49");
            fit(); // the next chunk
        });
        assertEquals(keyFitted - 15, key.getWidth(), 0.5, "not widened again for a wider key");
        assertTrue(count.getWidth() > countFitted + 20, "the count column widened to its new widest cell: " + count.getWidth());
    }

    @Test
    void draggingAGroupHeaderSetsTheWidthsOfItsColumns(FxRobot robot) {
        robot.interact(() -> {
            addRow("1", "2", "3.50");
            fit();
        });
        TableColumn<Map<String, String>, ?> value = table.getColumns().get(1);
        robot.interact(() -> table.resizeColumn(value, 40));
        double countWidth = count.getWidth();
        double totalWidth = total.getWidth();
        assertTrue(StateColumnWidths.userSized(count) && StateColumnWidths.userSized(total), "both leaves are the user's");
        assertFalse(StateColumnWidths.userSized(key));
        robot.interact(() -> {
            addRow("2", "99999999999999999999", "1234567.891 → 7654321.987");
            fit();
        });
        assertEquals(countWidth, count.getWidth(), 0.5);
        assertEquals(totalWidth, total.getWidth(), 0.5);
    }

    @Test
    void theTablesOwnResizeIsNoUsersChoice(FxRobot robot) {
        robot.interact(() -> {
            addRow("1", "2", "3.50");
            fit();
        });
        robot.interact(() -> table.getScene().getWindow().setWidth(600));
        robot.interact(() -> table.getScene().getWindow().setWidth(950));
        assertFalse(StateColumnWidths.userSized(key) || StateColumnWidths.userSized(count) || StateColumnWidths.userSized(total));
        double keyWidth = key.getWidth();
        robot.interact(() -> {
            addRow("customer-000000000000000000000000042", "2", "3.50");
            fit();
        });
        assertTrue(key.getWidth() > keyWidth + 50, "still fitted to its cells: " + key.getWidth());
    }
}
