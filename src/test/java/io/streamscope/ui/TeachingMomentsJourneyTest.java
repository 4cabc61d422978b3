package io.streamscope.ui;

import io.streamscope.replay.DroppedRow;
import io.streamscope.ui.tables.ShownRow;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.util.List;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The teaching moments: input rows a stateful operator dropped, marked and explained; a batch Spark ran twice; the
 * foreachBatch lab of a crash between the write and the commit (plain append 9 rows, MERGE 7, batch-id log 7).
 */
@ExtendWith(ApplicationExtension.class)
class TeachingMomentsJourneyTest {

    private static final PseudoClass DUPLICATE = PseudoClass.getPseudoClass("dropped-duplicate");

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void forget(FxRobot robot) {
        robot.interact(() -> window.model().playback().pause());
        WaitForAsyncUtils.clearExceptions();
    }

    private String text(FxRobot robot, String id) throws Exception {
        Label label = robot.lookup(id).queryAs(Label.class);
        return onFx(label::getText);
    }

    private void select(FxRobot robot, long batch) {
        robot.interact(() -> window.model().timeline().requestBatch(batch));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void duplicatesAreMarkedAndExplained(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        UiTestSupport.awaitReplay(window);
        CodeArea editor = robot.lookup("#queryEditor").queryAs(CodeArea.class);
        robot.interact(() -> editor.replaceText("orders.dropDuplicates(\"customer_id\")"));
        int before = UiTestSupport.published(window);
        robot.clickOn("#applyQueryButton");
        UiTestSupport.awaitReplayAfter(window, before);
        select(robot, 0);

        @SuppressWarnings("unchecked")
        TableView<ShownRow> input = robot.lookup("#inputTable").queryAs(TableView.class);
        List<ShownRow> rows = onFx(() -> List.copyOf(input.getItems()));
        assertEquals(4, rows.size());
        assertEquals(List.of(false, false, true, false), rows.stream().map(row -> row.dropped().isPresent()).toList(),
                "order 112 is customer 1's second order in batch 0");
        DroppedRow dropped = rows.get(2).dropped().orElseThrow();
        assertEquals(DroppedRow.Reason.DUPLICATE, dropped.reason());

        List<TableRow<?>> marked = onFx(() -> robot.from(input).lookup(".table-row-cell").queryAll().stream()
                .filter(node -> node.getPseudoClassStates().contains(DUPLICATE))
                .<TableRow<?>>map(node -> (TableRow<?>) node).toList());
        assertEquals(1, marked.size(), "one row drawn as a dropped duplicate");
        String tip = onFx(() -> marked.get(0).getTooltip().getText());
        assertTrue(tip.startsWith("Dropped as a duplicate: ") && tip.contains(dropped.explanation()), tip);
        screenshot(robot, window.scene(), "teaching-duplicates.png");

        select(robot, 2);
        rows = onFx(() -> List.copyOf(input.getItems()));
        assertEquals(List.of("2", "4", "5", "6"), rows.stream().filter(row -> row.dropped().isPresent())
                .map(row -> row.cell(1)).toList(), "by batch 2 every later order of a customer seen before");
    }

    @Test
    void theCrashSampleShowsTheForeachBatchLab(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-copy-crash"));
        UiTestSupport.awaitReplay(window);
        TabPane inspector = robot.lookup("#inspectorTabs").queryAs(TabPane.class);
        robot.interact(() -> inspector.getSelectionModel().select(inspector.getTabs().stream()
                .filter(tab -> "restartsTab".equals(tab.getId())).findFirst().orElseThrow()));
        VBox lab = robot.lookup("#foreachBatchLab").queryAs(VBox.class);
        assertTrue(onFx(lab::isVisible), "the last batch will replay and the job writes through foreachBatch");
        assertTrue(text(robot, "#labAppendLabel").startsWith("Plain append (Version A): 7 rows after the crash, 9 rows "
                + "after the restart — twice: "), text(robot, "#labAppendLabel"));
        assertTrue(text(robot, "#labMergeLabel").startsWith("MERGE (Version B): 7 rows after the crash, 7 rows after the "
                + "restart, no row twice"), text(robot, "#labMergeLabel"));
        assertTrue(text(robot, "#labBatchIdLogLabel").contains("7 rows after the restart"), text(robot, "#labBatchIdLogLabel"));
        screenshot(robot, window.scene(), "teaching-foreach-batch-lab.png");
    }

    @Test
    void aBatchThatRanTwiceIsShownAsSuch(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-copy-crash-restarted"));
        UiTestSupport.awaitReplay(window);
        select(robot, 2);
        Label runs = robot.lookup("#batchRunsLabel").queryAs(Label.class);
        assertTrue(onFx(runs::isVisible));
        assertTrue(text(robot, "#batchRunsLabel").startsWith("Batch 2 ran twice: run 3 died before commits/2 — the sink "
                + "received 2 rows; then run 4 committed — the sink received 2 rows"), text(robot, "#batchRunsLabel"));
        UiTestSupport.showTab(robot, window, "restartsTab");
        assertEquals(text(robot, "#batchRunsLabel"), text(robot, "#batchRunsText"), "the restarts tab says the same");
        assertFalse(onFx(robot.lookup("#foreachBatchLab").queryAs(VBox.class)::isVisible), "nothing will replay now");
        screenshot(robot, window.scene(), "teaching-batch-ran-twice.png");

        select(robot, 1);
        assertFalse(onFx(runs::isVisible), "batch 1 ran once");
    }
}
