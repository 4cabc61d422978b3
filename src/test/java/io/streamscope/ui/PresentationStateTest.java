package io.streamscope.ui;

import io.streamscope.ui.state.StateColumns;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Presentation mode shows the selected batch's state as columns on screen, beside the result table. */
@ExtendWith(ApplicationExtension.class)
class PresentationStateTest {

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void leave(FxRobot robot) {
        robot.interact(() -> window.model().display().presentationProperty().set(false));
        WaitForAsyncUtils.clearExceptions();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theTotalsStateAtBatchTwoIsColumnsOfKeyAndValueFields(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        UiTestSupport.awaitReplay(window);
        assertTrue(robot.lookup("#presentationStatePane").tryQuery().isEmpty(),
                "not at the desk (the inspector's state panel is there): not even built");

        robot.interact(() -> {
            window.model().timeline().requestBatch(2);
            window.model().display().presentationProperty().set(true);
        });
        UiTestSupport.awaitIdle(window);
        Node pane = robot.lookup("#presentationStatePane").query();
        TableView<StateColumns.Row> table = robot.lookup("#presentationStateTable").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> pane.isVisible() && table.getItems().size() == 3));

        List<TableColumn<StateColumns.Row, ?>> groups = onFx(() -> List.copyOf(table.getColumns()));
        assertEquals(List.of("Key", "Value"), groups.stream().map(TableColumn::getText).toList());
        assertEquals(List.of("customer_id"), onFx(() -> groups.get(0).getColumns().stream().map(TableColumn::getText).toList()));
        assertEquals(List.of("sum", "isEmpty"), // the checkpoint's value schema: sum(amount)'s buffer, no count
                onFx(() -> groups.get(1).getColumns().stream().map(TableColumn::getText).toList()));
        Map<String, String> customerOne = onFx(() -> table.getItems().stream()
                .filter(row -> "1".equals(row.key().get("customer_id"))).findFirst().orElseThrow().value());
        assertEquals("47.49", customerOne.get("sum"), "customer 1's total after batch 2");
        assertEquals("updated", onFx(() -> table.getItems().stream()
                .filter(row -> "3".equals(row.key().get("customer_id"))).findFirst().orElseThrow().change().label()));
        assertTrue(onFx(() -> table.lookupAll(".table-row-cell").stream().anyMatch(row -> row.getPseudoClassStates()
                .contains(javafx.css.PseudoClass.getPseudoClass("updated")))), "the changed rows are marked");
        assertTrue(onFx(() -> robot.lookup("#inspectorTabs").tryQuery().map(Node::getScene).isEmpty()),
                "the inspector stays folded: the state is on screen without it");
        Bounds bounds = onFx(() -> table.localToScene(table.getBoundsInLocal()));
        double width = onFx(() -> window.scene().getWidth());
        double height = onFx(() -> window.scene().getHeight());
        assertTrue(bounds.getHeight() > 0 && bounds.getMinY() >= 0 && bounds.getMaxY() <= height + 1
                && bounds.getMaxX() <= width + 1, "on screen: " + bounds);
        screenshot(robot, window.scene(), "presentation-state-columns.png");

        robot.interact(() -> window.model().display().presentationProperty().set(false));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(onFx(pane::isVisible), "leaving presentation mode folds it away");
    }
}
