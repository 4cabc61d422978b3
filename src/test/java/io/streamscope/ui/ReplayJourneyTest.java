package io.streamscope.ui;

import io.streamscope.replay.OutputMode;
import io.streamscope.ui.tables.ShownRow;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import org.fxmisc.richtext.CodeArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay on screen: the unbounded input table, the result table under each mode, the sink, the query editor. */
@ExtendWith(ApplicationExtension.class)
class ReplayJourneyTest {

    /** {@code mvn test -Dstreamscope.docs.screenshots=true} also refreshes the README's screenshot. */
    private static final Path DOCS_SCREENSHOT = Path.of("docs", "screenshots", "shop-totals-update.png");

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void stopPlaying(FxRobot robot) {
        robot.interact(() -> window.model().playback().pause());
        WaitForAsyncUtils.clearExceptions();
    }

    @SuppressWarnings("unchecked")
    private static List<ShownRow> rows(FxRobot robot, String id) throws Exception {
        TableView<ShownRow> table = robot.lookup(id).queryAs(TableView.class);
        return onFx(() -> List.copyOf(table.getItems()));
    }

    private static List<String> column(List<ShownRow> rows, int index) {
        return rows.stream().map(row -> row.cell(index)).toList();
    }

    private String text(FxRobot robot, String id) throws Exception {
        Label label = robot.lookup(id).queryAs(Label.class);
        return onFx(label::getText);
    }

    private void mode(FxRobot robot, OutputMode mode) throws Exception {
        int before = UiTestSupport.published(window);
        robot.interact(() -> window.model().query().outputModeProperty().set(mode));
        UiTestSupport.awaitReplayAfter(window, before);
    }

    @Test
    void theShopTotalsGrowBatchByBatchUnderEachMode(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        UiTestSupport.awaitReplay(window);
        assertEquals(3, onFx(() -> window.model().timeline().batches().size()), "three batches");

        robot.interact(() -> window.model().playback().first());
        assertEquals(4, rows(robot, "#inputTable").size(), "batch 0 read offsets 0–3");
        robot.interact(() -> window.model().playback().stepForward());
        assertEquals(5, rows(robot, "#inputTable").size());
        robot.interact(() -> window.model().playback().stepForward());

        List<ShownRow> input = rows(robot, "#inputTable");
        assertEquals(7, input.size(), "every row read up to batch 2");
        assertEquals(List.of("110", "111", "112", "113", "114", "150", "151"), column(input, 2));
        assertEquals(List.of("0", "1", "2", "3", "4", "5", "6"), column(input, 1), "each record's offset");
        assertEquals(List.of("0", "0", "0", "0", "0", "0", "0"), column(input, 0), "each record's partition");
        assertEquals(List.of("5:150", "6:151"), input.stream().filter(row -> row.batchId() == 2)
                .map(row -> row.cell(1) + ":" + row.cell(2)).toList(), "batch 2 read orders 150 and 151 at offsets 5 and 6");
        assertEquals(List.of(true, false, false, false, true, true, false),
                input.stream().map(ShownRow::batchStart).toList(), "a divider where each batch begins");
        assertEquals(List.of(0L, 0L, 0L, 0L, 1L, 2L, 2L), input.stream().map(ShownRow::batchId).toList());

        // update: exactly the two customers of orders 150 and 151, old → new
        List<ShownRow> result = rows(robot, "#resultTable");
        assertEquals(2, result.size(), result.toString());
        assertEquals(List.of("1", "3"), column(result, 0).stream().sorted().toList());
        for (ShownRow row : result) {
            String total = row.cell(1);
            assertTrue(row.cell(0).equals("1") ? total.equals("38.50 → 47.49") || total.endsWith("→ 47.49")
                    : total.endsWith("→ 19.74"), total);
            assertEquals("updated", row.kind());
        }
        UiTestSupport.showTab(robot, window, "sinkTab");
        List<ShownRow> sink = rows(robot, "#sinkTable");
        assertEquals(List.of("1:47.49", "3:19.74"),
                sink.stream().map(r -> r.cell(0) + ":" + r.cell(1)).sorted().toList());
        assertTrue(text(robot, "#sinkBatchLabel").startsWith("Batch: 2"), text(robot, "#sinkBatchLabel"));
        screenshot(robot, window.scene(), "replay-update-batch-2.png");
        if (Boolean.getBoolean("streamscope.docs.screenshots")) {
            Files.createDirectories(DOCS_SCREENSHOT.getParent());
            Files.copy(UiTestSupport.screenshotFolder().resolve("replay-update-batch-2.png"), DOCS_SCREENSHOT,
                    StandardCopyOption.REPLACE_EXISTING);
        }

        // the progress tab: the batch's lastProgress-shaped report, its rows, watermark and the lag per partition
        TabPane inspector = robot.lookup("#inspectorTabs").queryAs(TabPane.class);
        robot.interact(() -> inspector.getSelectionModel().select(3));
        assertTrue(text(robot, "#progressSummary").startsWith("Batch 2: 2 input rows, 2 rows to the sink; no watermark"),
                text(robot, "#progressSummary"));
        assertTrue(text(robot, "#lagLabel").contains("orders-0 0 rows (7 of 7)"), text(robot, "#lagLabel"));
        TextArea report = robot.lookup("#progressText").queryAs(TextArea.class);
        String reportText = onFx(report::getText);
        assertTrue(reportText.contains("\"numInputRows\" : 2"), reportText);
        screenshot(robot, window.scene(), "replay-progress-batch-2.png");
        robot.interact(() -> inspector.getSelectionModel().select(0));

        // complete: every customer, the changed cells marked
        mode(robot, OutputMode.COMPLETE);
        result = rows(robot, "#resultTable");
        assertEquals(List.of("1:47.49", "2:49.35", "3:19.74"),
                result.stream().map(r -> r.cell(0) + ":" + r.cell(1)).sorted().toList());
        assertEquals(2, result.stream().filter(r -> r.changedCells().contains(1)).count(), "customers 1 and 3 changed");
        UiTestSupport.showTab(robot, window, "sinkTab");
        assertEquals(3, rows(robot, "#sinkTable").size(), "complete mode writes the whole table");
        screenshot(robot, window.scene(), "replay-complete-batch-2.png");

        // append: Spark refuses it, and its reason stands in place of the table
        mode(robot, OutputMode.APPEND);
        Label refusal = robot.lookup("#refusalLabel").queryAs(Label.class);
        assertTrue(onFx(refusal::isVisible));
        assertTrue(text(robot, "#refusalLabel").startsWith("Append output mode not supported when there are streaming"
                + " aggregations on streaming DataFrames/DataSets without watermark"), text(robot, "#refusalLabel"));
        assertFalse(onFx(() -> robot.lookup("#resultTable").query().isVisible()));
        screenshot(robot, window.scene(), "replay-append-refused.png");

        // back to update: the table returns; stepping back removes batch 2's input rows
        mode(robot, OutputMode.UPDATE);
        assertFalse(onFx(refusal::isVisible));
        robot.interact(() -> window.model().playback().stepBack());
        assertEquals(5, rows(robot, "#inputTable").size());
        assertEquals(List.of("2"), column(rows(robot, "#resultTable"), 0), "batch 1 changed customer 2 only");
    }

    @Test
    void bigOrdersInAppendShowOnlyOrdersOfTenOrMore(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-big-orders"));
        UiTestSupport.awaitReplay(window);
        assertEquals(OutputMode.APPEND, onFx(window.model().query()::getOutputMode));
        robot.interact(() -> window.model().playback().last());

        List<ShownRow> result = rows(robot, "#resultTable");
        // the append result has a leading "batch" column: order_id is cell 0 of the row, amount cell 2
        assertEquals(List.of("110", "112", "114", "150"), column(result, 0));
        for (ShownRow row : result) {
            assertTrue(new BigDecimal(row.cell(2)).compareTo(new BigDecimal("10.00")) >= 0, row.toString());
        }
        UiTestSupport.showTab(robot, window, "sinkTab");
        assertEquals(List.of("150"), column(rows(robot, "#sinkTable"), 0), "batch 2 appended order 150 only");
        assertEquals(7, rows(robot, "#inputTable").size());
        screenshot(robot, window.scene(), "replay-big-orders-append.png");
    }

    @Test
    void anInvalidQueryShowsTheParsersMessageWithItsPosition(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        UiTestSupport.awaitReplay(window);
        CodeArea editor = robot.lookup("#queryEditor").queryAs(CodeArea.class);
        assertTrue(onFx(editor::getText).startsWith("# Totals per customer"), "pre-filled from the folder's job.py");

        robot.interact(() -> editor.replaceText("orders.groupBy(\"customer_id\")\n  .summ(\"amount\")"));
        robot.clickOn(editor);
        robot.interact(() -> {
            editor.getScene().getWindow().requestFocus(); // a tooltip passed on the way may have taken it (TestFX#749)
            editor.requestFocus();
        });
        int before = UiTestSupport.published(window);
        robot.press(KeyCode.CONTROL).press(KeyCode.ENTER).release(KeyCode.ENTER).release(KeyCode.CONTROL);
        UiTestSupport.awaitReplayAfter(window, before);

        Label error = robot.lookup("#queryError").queryAs(Label.class);
        assertTrue(onFx(error::isVisible));
        String message = text(robot, "#queryError");
        assertTrue(message.contains("line 2, column"), message);
        assertTrue(onFx(() -> editor.getStyleClass().contains("query-invalid")));
        assertFalse(onFx(editor::getSelectedText).isEmpty(), "the position is selected in the editor");
        int at = onFx(() -> window.model().replay().getOutcome().queryError().orElseThrow().offset());
        assertTrue(onFx(() -> editor.getStyleOfChar(at).contains("error-mark")), "and underlined");
        assertEquals(7, rows(robot, "#inputTable").size(), "the input table still shows what each batch read");
        assertTrue(text(robot, "#refusalLabel").contains("from line 2, column"), text(robot, "#refusalLabel"));
        screenshot(robot, window.scene(), "replay-invalid-query.png");

        robot.type(KeyCode.TAB);
        assertFalse(onFx(() -> window.scene().getFocusOwner() == editor), "Tab leaves the editor");
        assertFalse(onFx(editor::getText).contains("\t"));

        robot.interact(() -> editor.replaceText("orders.groupBy(\"customer_id\").count()"));
        int again = UiTestSupport.published(window);
        robot.clickOn("#applyQueryButton");
        UiTestSupport.awaitReplayAfter(window, again);
        assertFalse(onFx(error::isVisible), "a valid query clears the error");
        assertEquals(2, rows(robot, "#resultTable").size(), "batch 2 changed customers 1 and 3");
    }

    @Test
    void aBrokerThatIsDownGivesAMessageWhileTheWindowStaysResponsive(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        UiTestSupport.awaitReplay(window);
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort(); // free again once closed: nothing listens there
        }
        String address = "127.0.0.1:" + port;
        robot.interact(() -> window.model().replay().topicProperty().set(
                io.streamscope.ui.replay.TopicChoice.kafka(address, null)));
        WaitForAsyncUtils.waitFor(20, java.util.concurrent.TimeUnit.SECONDS, () -> onFx(window.model().replay()::isRunning));

        long before = onFx(() -> window.model().timeline().selectedIndexProperty().get());
        // what the replay was doing at the moment the click was handled: a window held by the read would handle it late
        java.util.concurrent.atomic.AtomicReference<Boolean> runningWhenHandled = new java.util.concurrent.atomic.AtomicReference<>();
        robot.interact(() -> window.model().timeline().selectedIndexProperty().addListener((property, was, now) ->
                runningWhenHandled.compareAndSet(null, window.model().replay().isRunning())));
        robot.clickOn("#stepBackButton");
        WaitForAsyncUtils.waitFor(40, java.util.concurrent.TimeUnit.SECONDS, () -> runningWhenHandled.get() != null);
        assertEquals(before - 1, (long) onFx(() -> window.model().timeline().selectedIndexProperty().get()));
        assertTrue(runningWhenHandled.get(), "the click was handled while Kafka was still being tried");

        WaitForAsyncUtils.waitFor(40, java.util.concurrent.TimeUnit.SECONDS, () -> onFx(() -> !window.model().replay().isRunning()));
        String problem = onFx(() -> window.model().replay().getOutcome().problem());
        assertTrue(problem != null && problem.contains(address), "the message names the broker: " + problem);
        screenshot(robot, window.scene(), "replay-broker-down.png");
    }
}
