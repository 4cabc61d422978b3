package io.streamscope.ui.tables;

import io.streamscope.ui.MainWindow;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayList;
import java.util.List;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.awaitIdle;
import static io.streamscope.ui.UiTestSupport.awaitReplay;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.open;
import static io.streamscope.ui.UiTestSupport.showWindow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The replay tables' columns, fitted by JavaFX to their headers and first cells, show their headers whole, in the
 * theme's header font (bold, larger than the default one JavaFX measured in before the headers were styled).
 */
@ExtendWith(ApplicationExtension.class)
class ColumnHeadersFitTest {

    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = showWindow(stage);
    }

    @Test
    void everyHeaderOfTheInputAndResultTablesReadsWhole(FxRobot robot) throws Exception {
        for (String sample : List.of("shop-totals-update", "shop-join-left-outer")) {
            open(robot, window, SAMPLES.resolve(sample));
            awaitReplay(window);
            awaitIdle(window);
            List<String> cut = onFx(() -> {
                List<String> found = new ArrayList<>();
                for (String table : List.of("#inputTable", "#resultTable")) {
                    TableView<?> view = (TableView<?>) window.scene().lookup(table);
                    for (var node : view.lookupAll(".column-header .label")) {
                        Label label = (Label) node;
                        String shown = label.lookup(".text") instanceof Text text ? text.getText() : null;
                        if (!label.getText().equals(shown)) {
                            found.add(sample + " " + table + ": \"" + label.getText() + "\" shown as \"" + shown + "\"");
                        }
                    }
                }
                return found;
            });
            int headers = onFx(() -> window.scene().lookup("#inputTable").lookupAll(".column-header .label").size());
            assertTrue(headers >= 4, sample + ": the input table has its columns: " + headers);
            assertEquals(List.of(), cut, "headers cut short");
        }
    }
}
