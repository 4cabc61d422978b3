package io.streamscope.ui.display;

import io.streamscope.ui.MainWindow;
import io.streamscope.ui.UiTestSupport;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tab's content joins the scene when the tab is first selected, by a click or by the window; until then it is held,
 * built and bound, and {@link TabContentOnDemand#lookupById} still finds what is inside it. The main window holds its
 * inspector's and its output's unselected tabs so.
 */
@ExtendWith(ApplicationExtension.class)
class TabContentOnDemandTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void aTabsContentJoinsTheSceneWhenTheTabIsFirstChosen(FxRobot robot) throws Exception {
        Label first = new Label("first");
        Label inside = new Label("inside a scroll pane that has no skin yet");
        inside.setId("deepLabel");
        ScrollPane second = new ScrollPane(new VBox(inside));
        Label third = new Label("third");
        TabPane tabs = new TabPane(new Tab("one", first), new Tab("two", second), new Tab("three", third));
        robot.interact(() -> {
            TabContentOnDemand.install(tabs);
            stage.setScene(new Scene(new StackPane(tabs), 400, 300));
            stage.show();
        });

        assertSame(first, onFx(tabs.getTabs().get(0)::getContent), "the selected tab keeps its content");
        assertNull(onFx(tabs.getTabs().get(1)::getContent));
        assertNull(onFx(second::getScene), "an unselected tab's content is not in the scene");
        assertNull(onFx(() -> tabs.getScene().lookup("#deepLabel")));

        robot.interact(() -> tabs.getSelectionModel().select(2));
        assertSame(third, onFx(tabs.getTabs().get(2)::getContent));
        assertNotNull(onFx(third::getScene), "selected: in the scene");
        robot.interact(() -> tabs.getSelectionModel().select(0));
        assertSame(third, onFx(tabs.getTabs().get(2)::getContent), "and it stays once chosen");

        Node found = onFx(() -> TabContentOnDemand.lookupById(tabs.getScene().getRoot(), "deepLabel"));
        assertSame(inside, found, "found inside the held content");
        assertEquals(1, (int) onFx(tabs.getSelectionModel()::getSelectedIndex), "its tab is brought to the front");
        assertSame(second, onFx(tabs.getTabs().get(1)::getContent));
        assertNotNull(onFx(second::getScene), "its content in the scene now");
        assertNull(onFx(() -> TabContentOnDemand.lookupById(tabs.getScene().getRoot(), "noSuchNode")));
    }

    @Test
    void contentTheWindowGaveATabMeanwhileIsKept(FxRobot robot) throws Exception {
        Label held = new Label("held");
        Label given = new Label("given later");
        TabPane tabs = new TabPane(new Tab("one", new Label("first")), new Tab("two", held));
        robot.interact(() -> {
            TabContentOnDemand.install(tabs);
            stage.setScene(new Scene(new StackPane(tabs), 400, 300));
            stage.show();
            tabs.getTabs().get(1).setContent(given);
            tabs.getSelectionModel().select(1);
        });
        assertSame(given, onFx(tabs.getTabs().get(1)::getContent));
    }

    @Test
    void theWindowShowsOnlyTheSelectedTabsViewsUntilAnotherIsChosen(FxRobot robot) throws Exception {
        MainWindow[] window = new MainWindow[1];
        robot.interact(() -> {
            try {
                window[0] = UiTestSupport.showWindow(stage);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        UiTestSupport.open(robot, window[0], UiTestSupport.SAMPLES.resolve("shop-totals-update"));
        UiTestSupport.awaitReplay(window[0]);
        Scene scene = window[0].scene();
        for (String id : List.of("stateTable", "inputTable", "resultTable")) {
            assertNotNull(onFx(() -> scene.lookup("#" + id)), "#" + id + " is on show");
        }
        for (String id : List.of("offsetsText", "confTable", "progressText", "batchRunsText", "doctorList",
                "problemsList", "sinkTable", "decodePipeline")) {
            assertNull(onFx(() -> scene.lookup("#" + id)), "#" + id + " waits for its tab");
        }
        UiTestSupport.showTab(robot, window[0], "confTab");
        assertNotNull(onFx(() -> scene.lookup("#confTable")));
        assertTrue(onFx(() -> scene.lookup("#confTable").isVisible()));
        assertTrue(onFx(() -> !((javafx.scene.control.TableView<?>) scene.lookup("#confTable")).getItems().isEmpty()),
                "filled while it waited: batch 2's offsets file pins the SQL conf");
    }
}
