package io.streamscope.ui;

import io.streamscope.ui.tables.ShownRow;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The window's {@code --topic-file}: one per topic of the checkpoint ({@code TOPIC=F}), or one bare file for its only topic. */
@ExtendWith(ApplicationExtension.class)
class TopicFilesJourneyTest {

    private static final String SCHEMA = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP";

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void forget() {
        WaitForAsyncUtils.clearExceptions();
    }

    private void launch(Path workingDirectory, String... args) throws Exception {
        LaunchArguments arguments = LaunchArguments.parse(List.of(args), workingDirectory);
        assertEquals(List.of(), arguments.warnings());
        WaitForAsyncUtils.asyncFx(() -> window.model().apply(arguments)).get();
        UiTestSupport.awaitLoaded(window);
        UiTestSupport.awaitReplay(window);
    }

    @SuppressWarnings("unchecked")
    private List<ShownRow> inputRows(FxRobot robot) throws Exception {
        TableView<ShownRow> table = robot.lookup("#inputTable").queryAs(TableView.class);
        return onFx(() -> List.copyOf(table.getItems()));
    }

    private String topicLabel(FxRobot robot) throws Exception {
        Label label = robot.lookup("#topicSourceLabel").queryAs(Label.class);
        return onFx(label::getText);
    }

    @Test
    void aFilePerTopicReplaysEveryTopicTheCheckpointRead(FxRobot robot, @TempDir Path temp) throws Exception {
        Path checkpoint = twoTopicCheckpoint(temp.resolve("orders-and-refunds"));
        Path orders = snapshot(temp.resolve("first.jsonl"), 1, 2, 3);
        Path refunds = snapshot(temp.resolve("second.jsonl"), 901, 902);

        launch(temp, "--checkpoint", checkpoint.toString(), "--topic-file", "orders=" + orders,
                "--topic-file", "refunds=" + refunds, "--query", "orders", "--schema", SCHEMA, "--mode", "append");

        assertNull(onFx(() -> window.model().replay().getOutcome().problem()), "both files were read");
        List<ShownRow> rows = inputRows(robot);
        assertEquals(List.of("1", "2", "901", "3", "902"), rows.stream().map(row -> row.cell(2)).toList(),
                "batch 0 read orders 0–1 and refunds 0, batch 1 orders 2 and refunds 1");
        assertEquals(List.of(0L, 0L, 0L, 1L, 1L), rows.stream().map(ShownRow::batchId).toList());
        assertEquals("Topic: first.jsonl, second.jsonl", topicLabel(robot));
        screenshot(robot, window.scene(), "topic-file-per-topic.png");
    }

    @Test
    void aBareFileOfAnotherNameIsTheCheckpointsOnlyTopic(FxRobot robot, @TempDir Path temp) throws Exception {
        Path renamed = Files.copy(SAMPLES.resolve("topics/orders.jsonl"), temp.resolve("dump.jsonl"));

        launch(temp, "--checkpoint", SAMPLES.resolve("shop-totals-update").toAbsolutePath().toString(),
                "--topic-file", renamed.toString());

        assertNull(onFx(() -> window.model().replay().getOutcome().problem()));
        assertEquals(7, inputRows(robot).size(), "the sample's topic is orders, read from " + renamed.getFileName());
        assertEquals("Topic: dump.jsonl", topicLabel(robot));
        screenshot(robot, window.scene(), "topic-file-bare.png");
    }

    @Test
    void aBareFileForACheckpointOfTwoTopicsSaysWhatToGive(FxRobot robot, @TempDir Path temp) throws Exception {
        Path checkpoint = twoTopicCheckpoint(temp.resolve("orders-and-refunds"));
        snapshot(temp.resolve("first.jsonl"), 1, 2, 3);

        launch(temp, "--checkpoint", checkpoint.toString(), "--topic-file", temp.resolve("first.jsonl").toString(),
                "--query", "orders",
                "--schema", SCHEMA, "--mode", "append");

        String problem = onFx(() -> window.model().replay().getOutcome().problem());
        assertTrue(problem != null && problem.endsWith(
                "the checkpoint reads [orders, refunds]: give one --topic-file TOPIC=FILE per topic"), problem);
        Label reason = robot.lookup("#refusalLabel").queryAs(Label.class);
        assertEquals(problem, onFx(reason::getText), "said once, where the result table would be");
        Label placeholder = robot.lookup("#inputPlaceholder").queryAs(Label.class);
        assertTrue(onFx(placeholder::getText).contains("the reason is in the result area"), "and not again");
        screenshot(robot, window.scene(), "topic-file-bare-of-two.png");
    }

    @Test
    void theWindowTakesTheCliFlagsAJobAndAFilePerTopic(FxRobot robot, @TempDir Path temp) throws Exception {
        Path union = SAMPLES.resolve("shop-union-refunds").toAbsolutePath();
        Path job = Files.writeString(temp.resolve("net.py"), "# the team's copy\n" + Files.readString(union.resolve("job.py")));
        Path topics = SAMPLES.resolve("topics").toAbsolutePath();

        launch(temp, "--checkpoint", union.toString(), "--job", job.toString(), "--topic-file",
                "orders=" + topics.resolve("orders.jsonl"), "--topic-file", "refunds=" + topics.resolve("refunds.jsonl"),
                "--batch", "1");

        assertNull(onFx(() -> window.model().replay().getOutcome().problem()));
        assertTrue(onFx(() -> window.model().query().textProperty().get()).startsWith("# the team's copy"),
                "--job's file, not the folder's job.py");
        Label batch = robot.lookup("#batchLabel").queryAs(Label.class);
        assertEquals("Batch 1 of 0–2", onFx(batch::getText));
        assertEquals(List.of("orders", "refunds"), inputRows(robot).stream().filter(row -> row.batchId() == 1)
                .map(row -> row.cell(0)).toList(), "batch 1: order 114 and refund 1, each with its topic");
        screenshot(robot, window.scene(), "launched-with-job.png");
    }

    @Test
    void withoutAnySchemaItIsInferredShownAsSuchAndEditable(FxRobot robot, @TempDir Path temp) throws Exception {
        Path copy = temp.resolve("production-copy");
        Path sample = SAMPLES.resolve("shop-totals-update");
        try (var files = Files.walk(sample)) {
            for (Path file : files.toList()) {
                Path target = copy.resolve(sample.relativize(file).toString());
                String name = file.getFileName().toString();
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else if (!List.of("job.py", "streamscope.json", "spark-run.json", "progress.jsonl").contains(name)) {
                    Files.copy(file, target);
                }
            }
        }
        launch(temp, "--checkpoint", copy.toString(), "--topic-file",
                SAMPLES.resolve("topics/orders.jsonl").toAbsolutePath().toString());

        Label origin = robot.lookup("#schemaOrigin0").queryAs(Label.class);
        String said = onFx(origin::getText);
        assertTrue(said.startsWith("inferred from 7 records") && said.endsWith("check it"), said);
        javafx.scene.control.TextField schema = robot.lookup("#schemaField0").queryAs(javafx.scene.control.TextField.class);
        assertTrue(onFx(() -> schema.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("inferred"))));
        String inferred = onFx(schema::getText);
        assertTrue(inferred.contains("order_id"), inferred);
        assertEquals(7, inputRows(robot).size(), "no job: the input rows, read with the inferred schema");
        screenshot(robot, window.scene(), "schema-inferred.png");

        int before = UiTestSupport.published(window);
        robot.interact(() -> {
            schema.setText("order_id INT, amount DECIMAL(10,2)");
            schema.requestFocus();
        });
        robot.type(javafx.scene.input.KeyCode.ENTER);
        UiTestSupport.awaitReplayAfter(window, before);
        assertEquals("given", onFx(origin::getText));
        assertEquals(List.of("110", "25.50"), inputRows(robot).get(0).cells().subList(2, 4),
                "decoded with the schema given: two value columns");
    }

    /**
     * Two committed batches of one Kafka source subscribed to two topics of one partition each: batch 0 reads orders
     * 0–1 and refunds 0, batch 1 orders 2 and refunds 1.
     */
    private static Path twoTopicCheckpoint(Path folder) throws IOException {
        Files.createDirectories(folder.resolve("sources/0"));
        Files.createDirectories(folder.resolve("offsets"));
        Files.createDirectories(folder.resolve("commits"));
        Files.writeString(folder.resolve("metadata"), "{\"id\":\"5d0c64a4-52b7-4d0c-9a32-1f0e4c1f2b7e\"}");
        Files.write(folder.resolve("sources/0/0"), "\0v1\n{\"orders\":{\"0\":0},\"refunds\":{\"0\":0}}"
                .getBytes(StandardCharsets.UTF_8));
        String[] ends = {"{\"orders\":{\"0\":2},\"refunds\":{\"0\":1}}", "{\"orders\":{\"0\":3},\"refunds\":{\"0\":2}}"};
        for (int batch = 0; batch < ends.length; batch++) {
            Files.writeString(folder.resolve("offsets/" + batch), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":"
                    + (1769072400000L + batch * 5000L) + ",\"conf\":{\"spark.sql.shuffle.partitions\":\"2\"}}\n"
                    + ends[batch]);
            Files.writeString(folder.resolve("commits/" + batch), "v1\n{\"nextBatchWatermarkMs\":0}");
        }
        return folder;
    }

    /** A topic of one partition holding these orders, at offsets 0, 1, … */
    private static Path snapshot(Path file, int... orders) throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int offset = 0; offset < orders.length; offset++) {
            String value = "{\"order_id\":" + orders[offset] + ",\"customer_id\":1,\"amount\":" + (offset + 1)
                    + ".50,\"order_ts\":\"2026-01-22T09:0" + offset + ":00Z\"}";
            lines.append("{\"partition\":0,\"offset\":").append(offset).append(",\"timestamp\":").append(1769072400000L + offset)
                    .append(",\"key\":null,\"value\":\"").append(value.replace("\"", "\\\"")).append("\"}\n");
        }
        return Files.writeString(file, lines.toString());
    }
}
