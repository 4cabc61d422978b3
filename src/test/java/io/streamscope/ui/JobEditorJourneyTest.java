package io.streamscope.ui;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.OutputMode;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.ui.settings.Settings;
import io.streamscope.ui.tables.ShownRow;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.service.query.NodeQuery;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.prefs.Preferences;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job editor: a two-topic checkpoint replayed from the job pasted into it, its topics' rows with their topic, the
 * sink rows Spark recorded; the job, schema and mode still there after a restart (the same settings node); another
 * checkpoint opened with nothing of the first; and a job that cannot run here underlined, its input rows still shown.
 */
@ExtendWith(ApplicationExtension.class)
class JobEditorJourneyTest {

    private static final Path UNION = SAMPLES.resolve("shop-union-refunds");
    private static final Path TOTALS = SAMPLES.resolve("shop-totals-update");
    private static final String ORDERS = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP";
    private static final ObjectMapper EXACT = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    /** The user's settings, a node of this test's own (the user's real ones are never touched). */
    private Preferences node;
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        node = Preferences.userRoot().node("io/streamscope/test-" + UUID.randomUUID());
        window = MainWindow.create(WindowModel.create(Settings.of(node)));
        window.show(stage);
    }

    @AfterEach
    void forget() throws Exception {
        WaitForAsyncUtils.clearExceptions();
        node.removeNode();
    }

    private static NodeQuery in(FxRobot robot, MainWindow window, String id) {
        return robot.from(window.scene().getRoot()).lookup(id);
    }

    private static String text(FxRobot robot, MainWindow window, String id) throws Exception {
        Label label = in(robot, window, id).queryAs(Label.class);
        return onFx(label::getText);
    }

    @SuppressWarnings("unchecked")
    private static List<ShownRow> rows(FxRobot robot, MainWindow window, String id) throws Exception {
        TableView<ShownRow> table = in(robot, window, id).queryAs(TableView.class);
        return onFx(() -> List.copyOf(table.getItems()));
    }

    @SuppressWarnings("unchecked")
    private static List<String> columns(FxRobot robot, MainWindow window, String id) throws Exception {
        TableView<ShownRow> table = in(robot, window, id).queryAs(TableView.class);
        return onFx(() -> table.getColumns().stream().map(TableColumn::getText).toList());
    }

    private static void apply(FxRobot robot, MainWindow window, String job) throws Exception {
        CodeArea editor = in(robot, window, "#queryEditor").queryAs(CodeArea.class);
        robot.interact(() -> editor.replaceText(job));
        int before = UiTestSupport.published(window);
        robot.clickOn(in(robot, window, "#applyQueryButton").queryButton());
        UiTestSupport.awaitReplayAfter(window, before);
    }

    /** Spark's sink rows per batch execution, as sorted JSON texts. */
    private static List<List<String>> sparkSinkRows(Path sample) throws Exception {
        List<List<String>> batches = new ArrayList<>();
        for (JsonNode execution : EXACT.readTree(sample.resolve("spark-run.json").toFile()).get("batches")) {
            List<String> rows = new ArrayList<>();
            execution.get("sinkRows").forEach(row -> rows.add(row.toString()));
            rows.sort(null);
            batches.add(rows);
        }
        return batches;
    }

    private static List<String> texts(List<io.streamscope.sparktypes.Row> rows) {
        List<String> texts = new ArrayList<>(rows.stream().map(SparkJson::text).toList());
        texts.sort(null);
        return texts;
    }

    @Test
    void aPastedJobOfTwoTopicsReplaysIsRememberedAndLeavesNothingBehind(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, UNION);
        UiTestSupport.awaitReplay(window);
        String job = "# pasted from the team's repository\n" + Files.readString(UNION.resolve("job.py"));
        apply(robot, window, job);

        String problem = onFx(() -> window.model().replay().getOutcome().problem());
        assertTrue(onFx(() -> window.model().replay().getOutcome().replayed()), "replayed: " + problem);
        assertEquals(OutputMode.UPDATE, onFx(window.model().query()::getOutputMode), "the job's outputMode(\"update\")");
        assertTrue(onFx(() -> in(robot, window, "#updateModeButton").queryAs(ToggleButton.class).isSelected()));
        assertEquals("batch", columns(robot, window, "#inputTable").get(0));
        assertEquals(List.of("topic", "partition", "offset", "customer_id", "amount"),
                columns(robot, window, "#inputTable").subList(1, 6), "a topic column: two sources");

        // each batch: both topics' rows with their topic, and what the sink received exactly as Spark's
        List<List<String>> spark = sparkSinkRows(UNION);
        for (int batch = 0; batch < 3; batch++) {
            long id = batch;
            robot.interact(() -> window.model().timeline().requestBatch(id));
            WaitForAsyncUtils.waitForFxEvents();
            BatchStep step = onFx(() -> window.model().replay().currentStep());
            assertEquals(id, step.batchId());
            assertEquals(spark.get(batch), texts(step.sinkRows()), "batch " + batch + "'s sink rows are Spark's");
            UiTestSupport.showTab(robot, window, "sinkTab");
            assertEquals(step.sinkRows().size(), rows(robot, window, "#sinkTable").size());
            assertEquals(step.sinkRows().size(), rows(robot, window, "#resultTable").size(), "update: the changed rows");
        }
        robot.interact(() -> window.model().timeline().requestBatch(0));
        WaitForAsyncUtils.waitForFxEvents();
        List<ShownRow> input = rows(robot, window, "#inputTable");
        assertEquals(List.of("orders", "orders", "orders", "orders", "refunds"),
                input.stream().map(row -> row.cell(0)).toList(), "batch 0: orders 0–3 and refund 0");
        assertEquals("-5.00", input.get(4).cell(4), "the refund's amount, negated by its branch");

        // the sources: topics, files, schemas from the job
        assertEquals("orders", text(robot, window, "#sourceLabel0"));
        assertEquals("refunds", text(robot, window, "#sourceLabel1"));
        assertEquals("from the job", text(robot, window, "#schemaOrigin1"));
        TextField refunds = in(robot, window, "#schemaField1").queryAs(TextField.class);
        String refundsSchema = onFx(refunds::getText);
        assertTrue(refundsSchema.startsWith("refund_id INT, order_id INT"), refundsSchema);
        assertEquals("refunds.jsonl", onFx(() -> in(robot, window, "#topicFileButton1").queryButton().getText()));
        assertEquals("Topic: orders.jsonl, refunds.jsonl", text(robot, window, "#topicSourceLabel"));
        screenshot(robot, window.scene(), "job-union-pasted.png");

        // the user gives the orders' schema and chooses complete mode: both are theirs now
        TextField orders = in(robot, window, "#schemaField0").queryAs(TextField.class);
        int before = UiTestSupport.published(window);
        robot.interact(() -> {
            orders.setText(ORDERS);
            orders.requestFocus();
        });
        robot.type(KeyCode.ENTER);
        UiTestSupport.awaitReplayAfter(window, before);
        assertEquals("given", text(robot, window, "#schemaOrigin0"));
        before = UiTestSupport.published(window);
        robot.clickOn(in(robot, window, "#completeModeButton").queryAs(ToggleButton.class));
        UiTestSupport.awaitReplayAfter(window, before);
        robot.interact(() -> window.model().playback().last());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, rows(robot, window, "#resultTable").size(), "complete: every customer's net");

        // a restart: a new window on the same settings
        Stage first = (Stage) window.scene().getWindow();
        MainWindow[] restarted = new MainWindow[1];
        robot.interact(() -> {
            first.close();
            try {
                restarted[0] = MainWindow.create(WindowModel.create(Settings.of(node)));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            restarted[0].show(new Stage());
        });
        MainWindow again = restarted[0];
        UiTestSupport.open(robot, again, UNION);
        UiTestSupport.awaitReplay(again);
        CodeArea editor = in(robot, again, "#queryEditor").queryAs(CodeArea.class);
        assertEquals(job, onFx(editor::getText), "the pasted job, not the folder's job.py");
        assertEquals(OutputMode.COMPLETE, onFx(again.model().query()::getOutputMode));
        assertEquals("given", text(robot, again, "#schemaOrigin0"));
        assertTrue(onFx(() -> again.model().replay().getOutcome().replayed()));
        screenshot(robot, again.scene(), "job-union-restored.png");

        // another checkpoint: its own job, mode, topic and one source; nothing of the union
        UiTestSupport.open(robot, again, TOTALS);
        UiTestSupport.awaitReplay(again);
        assertTrue(onFx(editor::getText).startsWith("# Totals per customer"), "its own job.py");
        assertEquals(OutputMode.UPDATE, onFx(again.model().query()::getOutputMode), "its job's mode, not complete");
        assertTrue(onFx(() -> in(robot, again, "#updateModeButton").queryAs(ToggleButton.class).isSelected()));
        assertEquals("from the job", text(robot, again, "#schemaOrigin0"), "the orders schema given for the union stays there");
        assertTrue(in(robot, again, "#schemaField1").tryQuery().isEmpty(), "one source, one row");
        assertEquals("Topic: orders.jsonl", text(robot, again, "#topicSourceLabel"));
        assertEquals(List.of("batch", "partition", "offset", "order_id"),
                columns(robot, again, "#inputTable").subList(0, 4), "no topic column for one source");
        UiTestSupport.showTab(robot, again, "sinkTab");
        assertEquals(List.of("1:47.49", "3:19.74"), rows(robot, again, "#sinkTable").stream()
                .map(row -> row.cell(0) + ":" + row.cell(1)).sorted().toList());
        screenshot(robot, again.scene(), "job-other-checkpoint.png");
        robot.interact(() -> ((Stage) again.scene().getWindow()).close());
    }

    @Test
    void aJobThatCannotRunHereIsUnderlinedAndTheInputRowsStillShow(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, TOTALS);
        UiTestSupport.awaitReplay(window);
        String job = Files.readString(TOTALS.resolve("job.py")).replace(
                ".sum(\"amount\")\n          .withColumnRenamed(\"sum(amount)\", \"total\"))",
                ".applyInPandas(add_up, \"customer_id INT, total DECIMAL(10,2)\"))");
        assertTrue(job.contains("applyInPandas"));
        apply(robot, window, job);

        Label error = in(robot, window, "#queryError").queryAs(Label.class);
        assertTrue(onFx(error::isVisible));
        String message = onFx(error::getText);
        assertTrue(message.contains("applyInPandas runs the job's own code") && message.contains("(at line 25, column"),
                message);
        CodeArea editor = in(robot, window, "#queryEditor").queryAs(CodeArea.class);
        int offset = onFx(() -> window.model().replay().getOutcome().queryError().orElseThrow().offset());
        assertTrue(onFx(() -> editor.getStyleOfChar(offset).contains("error-mark")), "the place is underlined");
        assertTrue(onFx(() -> editor.getStyleClass().contains("query-invalid")));
        assertTrue(job.startsWith("applyInPandas", offset) || job.startsWith(".applyInPandas", offset),
                "at the construct: " + job.substring(offset, Math.min(job.length(), offset + 20)));
        assertFalse(onFx(() -> editor.getStyleOfChar(0).contains("error-mark")), "and only there");

        robot.interact(() -> window.model().playback().last());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(7, rows(robot, window, "#inputTable").size(), "the input table still shows what each batch read");
        assertTrue(rows(robot, window, "#resultTable").isEmpty());
        String reason = text(robot, window, "#refusalLabel");
        assertTrue(reason.contains("from line 25, column 12") && reason.contains("marked in the editor"), reason);
        assertFalse(reason.contains("applyInPandas"), "the reason itself is said once, under the editor");
        Label inputPlaceholder = in(robot, window, "#inputPlaceholder").queryAs(Label.class);
        assertFalse(onFx(inputPlaceholder::getText).contains("applyInPandas"), "the reason shows once");
        screenshot(robot, window.scene(), "job-not-understood.png");

        // editing the text takes the mark away: its position means nothing in another text
        robot.interact(() -> editor.insertText(0, "# edited\n"));
        assertFalse(onFx(() -> editor.getStyleOfChar(offset + 9).contains("error-mark")));
        Node focusable = in(robot, window, "#applyQueryButton").query();
        assertTrue(onFx(focusable::isFocusTraversable));
    }
}
