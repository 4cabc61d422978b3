package io.streamscope.ui.inspector;

import io.streamscope.ui.display.HoverTooltip;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.List;

import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The conf's cells show their whole text on hover, with one tooltip per cell made on the first hover, whatever shows. */
@ExtendWith(ApplicationExtension.class)
class FullTextCellTest {

    private static final String LONG_KEY = "spark.sql.streaming.stateStore.providerClass";

    private final TableView<String> table = new TableView<>();

    @Start
    void start(Stage stage) {
        TableColumn<String, String> column = new TableColumn<>("Key");
        column.setPrefWidth(120); // narrower than the keys: they show "…" and their ends
        column.setCellValueFactory(row -> new SimpleStringProperty(row.getValue()));
        column.setCellFactory(c -> new FullTextCell<>());
        table.getColumns().add(column);
        table.setItems(FXCollections.observableArrayList(LONG_KEY, "spark.sql.shuffle.partitions"));
        stage.setScene(new Scene(table, 300, 200));
        stage.show();
    }

    @Test
    void aCellsTooltipIsMadeOnHoverAndFollowsItsLaterTexts(FxRobot robot) throws Exception {
        FullTextCell<?> cell = onFx(() -> cellShowing(LONG_KEY));
        assertNull(onFx(cell::getTooltip), "no tooltip before a hover");
        assertEquals(LONG_KEY, onFx(() -> HoverTooltip.getText(cell)));

        robot.moveTo(cell);
        Tooltip made = onFx(cell::getTooltip);
        assertNotNull(made, "made when the pointer came over the cell");
        assertEquals(LONG_KEY, onFx(made::getText));

        // another batch's conf in the same rows: the cell's text changes, its tooltip is the one made
        robot.interact(() -> table.setItems(FXCollections.observableArrayList(List.of("spark.sql.session.timeZone", "x"))));
        assertSame(cell, onFx(() -> cellShowing("spark.sql.session.timeZone")), "the same cell shows the first row");
        assertSame(made, onFx(cell::getTooltip));
        assertEquals("spark.sql.session.timeZone", onFx(made::getText));

        robot.interact(() -> table.setItems(FXCollections.observableArrayList()));
        assertNull(onFx(cell::getTooltip), "an empty cell has none");
    }

    private FullTextCell<?> cellShowing(String text) {
        return table.lookupAll(".table-cell").stream()
                .filter(node -> node instanceof FullTextCell<?> cell && text.equals(cell.getText()))
                .map(node -> (FullTextCell<?>) node).findFirst().orElseThrow();
    }
}
