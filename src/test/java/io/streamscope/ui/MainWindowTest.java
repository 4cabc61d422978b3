package io.streamscope.ui;

import io.streamscope.ui.timeline.BatchTimeline;
import io.streamscope.ui.timeline.PaintedColumn;
import io.streamscope.ui.timeline.TimelineBatch;
import io.streamscope.ui.timeline.TimelineViewModel;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.FIXTURES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Journeys through the main window on Spark's own fixtures, by fx:id, headless (Monocle). */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws IOException {
        this.stage = stage;
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void forgetExceptionsOfOtherThreads() {
        WaitForAsyncUtils.clearExceptions();
    }

    private TimelineViewModel timeline() {
        return window.model().timeline();
    }

    @Test
    void startsEmptyWithAFriendlyPlaceholder(FxRobot robot) throws Exception {
        Label placeholder = robot.lookup("#timelinePlaceholder").queryAs(Label.class);
        assertTrue(onFx(() -> timeline().batches().isEmpty()));
        assertEquals("Open a Spark checkpoint folder to see its batches", onFx(placeholder::getText));
        assertTrue(onFx(() -> placeholder.isVisible() && placeholder.getScene() != null), "placeholder is on screen");
        assertTrue(robot.lookup("#openCheckpointButton").query().isVisible());
        assertEquals("No batches", onFx(() -> robot.lookup("#batchLabel").queryAs(Label.class).getText()));
        assertTrue(window.scene().getStylesheets().get(0).endsWith("/styles/streamscope.css"));
        screenshot(robot, window.scene(), "empty-window.png");
    }

    @Test
    void showsBatchesCommitsReplayAndTheGapNote(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, FIXTURES.resolve("checkpoint-test-offsetId-commitId-inconsistent"));

        List<TimelineBatch> batches = onFx(() -> List.copyOf(timeline().batches()));
        assertEquals(List.of(0L, 1L, 2L, 4L), batches.stream().map(TimelineBatch::id).toList());
        assertEquals(List.of(true, true, true, false), batches.stream().map(TimelineBatch::committed).toList());
        assertEquals(List.of(false, false, false, true), batches.stream().map(TimelineBatch::willReplay).toList());

        // What is drawn, not only what is in the model: three commit marks and one badge, on the last column.
        BatchTimeline drawn = robot.lookup("#batchTimeline").queryAs(BatchTimeline.class);
        List<PaintedColumn> columns = onFx(drawn::paintedColumns);
        assertEquals(List.of(0L, 1L, 2L, 4L), columns.stream().map(PaintedColumn::batchId).toList());
        assertEquals(3, columns.stream().filter(PaintedColumn::commitMark).count());
        assertEquals(List.of(4L), columns.stream().filter(PaintedColumn::willReplayBadge).map(PaintedColumn::batchId).toList());
        assertEquals(List.of(4L), columns.stream().filter(PaintedColumn::selected).map(PaintedColumn::batchId).toList(),
                "the newest batch is selected at opening");

        UiTestSupport.showTab(robot, window, "problemsTab");
        ListView<Finding> problems = robot.lookup("#problemsList").queryListView();
        List<Finding> findings = onFx(() -> List.copyOf(problems.getItems()));
        assertTrue(findings.stream().anyMatch(f -> f.kind() == Finding.Kind.NOTE
                && f.message().contains("no files for batch 3") && f.message().contains("gap")), findings.toString());

        StatusBar status = robot.lookup("#statusBar").query();
        String statusText = onFx(status::getText);
        assertTrue(statusText.startsWith("4 batches, 0 problems, "), statusText);
        assertEquals(0.0, onFx(status::getProgress), "nothing is reading any more");
        assertTrue(onFx(stage::getTitle).startsWith("checkpoint-test-offsetId-commitId-inconsistent"));

        screenshot(robot, window.scene(), "main-window.png");
    }

    @Test
    void aFolderThatIsNotACheckpointShowsTheErrorAndTheWindowKeepsWorking(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, FIXTURES.resolve("testCommitLogV1"));

        StatusBar status = robot.lookup("#statusBar").query();
        String text = onFx(status::getText);
        assertTrue(text.startsWith("Not a checkpoint: ") && text.contains("testCommitLogV1"), text);
        UiTestSupport.showTab(robot, window, "problemsTab");
        ListView<Finding> problems = robot.lookup("#problemsList").queryListView();
        List<Finding> findings = onFx(() -> List.copyOf(problems.getItems()));
        assertEquals(1, findings.size());
        assertEquals(Finding.Kind.ERROR, findings.get(0).kind());
        assertTrue(findings.get(0).message().contains("is not a checkpoint"), findings.get(0).message());
        assertTrue(onFx(() -> timeline().batches().isEmpty()));
        assertTrue(onFx(() -> problems.getScene() != null && problems.isVisible()), "the problems tab comes forward");
        assertTrue(onFx(stage::isShowing));
        double listWidth = onFx(problems::getWidth);
        assertTrue(robot.lookup("#problemsList .finding-cell").queryAll().stream()
                .allMatch(cell -> cell.getBoundsInParent().getWidth() <= listWidth), "long messages wrap");
        screenshot(robot, window.scene(), "not-a-checkpoint.png");

        UiTestSupport.open(robot, window, FIXTURES.resolve("checkpoint-version-2.1.0"));
        assertEquals(2, onFx(() -> timeline().batches().size()), "the window still opens checkpoints afterwards");
    }

    @Test
    void stateOfTheSelectedBatchWithWhatItChanged(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, FIXTURES.resolve("checkpoint-version-4.0.0/hdfs/agg"));
        TableView<io.streamscope.ui.state.StateRowView> state = robot.lookup("#stateTable").queryTableView();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> state.getItems().size()) == 6);
        List<io.streamscope.ui.state.StateRowView> rows = onFx(() -> List.copyOf(state.getItems()));
        assertEquals("{\"_1\":6}", rows.stream().filter(r -> r.change() == io.streamscope.ui.state.StateRowView.Change.ADDED)
                .findFirst().orElseThrow().key(), "batch 3, selected at opening, added key 6");
        Label summary = robot.lookup("#stateSummary").queryAs(Label.class);
        String summaryText = onFx(summary::getText);
        assertTrue(summaryText.startsWith("6 rows after batch 3"), summaryText);
        UiTestSupport.awaitIdle(window); // the changed rows are put first in the background
        List<io.streamscope.ui.state.StateRowView> shown = onFx(() -> List.copyOf(state.getItems()));
        int added = shown.indexOf(shown.stream().filter(r -> r.change() == io.streamscope.ui.state.StateRowView.Change.ADDED)
                .findFirst().orElseThrow());
        robot.interact(() -> state.scrollTo(added)); // a short window shows a few rows of the state panel
        WaitForAsyncUtils.waitForFxEvents(); // the rows streamed in are drawn at the next pulse
        assertTrue(robot.lookup("#stateTable .table-row-cell").queryAll().stream()
                .anyMatch(row -> row.getPseudoClassStates().contains(PseudoClass.getPseudoClass("added"))),
                () -> "the added row is drawn marked; table " + state.getWidth() + "x" + state.getHeight() + ", rows drawn: "
                        + robot.lookup("#stateTable .table-row-cell").queryAll().size());

        robot.interact(() -> timeline().select(0));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(summary::getText).contains("after batch 0"));
        assertTrue(onFx(() -> state.getItems().stream().allMatch(r -> r.change() == io.streamscope.ui.state.StateRowView.Change.ADDED)));
        screenshot(robot, window.scene(), "state-panel.png");
    }

    @Test
    void sparkTwoOneCheckpointWithoutCommitLog(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, FIXTURES.resolve("checkpoint-version-2.1.0"));

        List<TimelineBatch> batches = onFx(() -> List.copyOf(timeline().batches()));
        assertEquals(List.of(0L, 1L), batches.stream().map(TimelineBatch::id).toList());
        assertTrue(batches.get(0).committed(), "Spark 2.1: batch 0 counts as committed since batch 1's offsets exist");
        assertTrue(batches.get(1).willReplay());
        assertEquals("2", batches.get(1).cells().get(0).offsetsText(), "a memory source's plain offset");
        assertTrue(onFx(() -> window.viewModel().findings().stream().anyMatch(f -> f.message().contains("no commits/ folder"))));
        screenshot(robot, window.scene(), "spark-2.1.png");
    }

    @Test
    void aNewerOpenWinsOverAnOlderOneStillReading(FxRobot robot) throws Exception {
        robot.interact(() -> {
            window.model().open(FIXTURES.resolve("testCommitLogV1"));
            window.model().open(FIXTURES.resolve("checkpoint-version-2.1.0"));
        });
        UiTestSupport.awaitLoaded(window);

        assertEquals(2, onFx(() -> timeline().batches().size()));
        assertFalse(onFx(() -> window.viewModel().statusProperty().get()).startsWith("Not a checkpoint"));
        screenshot(robot, window.scene(), "newer-open-wins.png");
    }

    @Test
    void aDroppedFileStandsForItsFolder() {
        Path metadata = FIXTURES.resolve("checkpoint-version-2.1.0/metadata");
        assertEquals(metadata.getParent().toFile().toPath(),
                MainController.droppedFolder(List.of(metadata.toFile())).orElseThrow());
        assertTrue(MainController.droppedFolder(List.of()).isEmpty());
    }

    @Test
    void aUriDroppedAsTextIsOpenedAndOtherTextIsNot() {
        assertEquals(java.util.Optional.of("s3a://bucket/chk/orders-agg"),
                MainController.droppedLocation("  s3a://bucket/chk/orders-agg\nsecond line"));
        assertEquals(java.util.Optional.of("hdfs://namenode:8020/chk"), MainController.droppedLocation("hdfs://namenode:8020/chk"));
        assertTrue(MainController.droppedLocation("some words: not a URI").isEmpty());
        assertTrue(MainController.droppedLocation("/data/local/folder").isEmpty(), "a local path comes as a file");
        assertTrue(MainController.droppedLocation("").isEmpty());
    }
}
