package io.streamscope.ui;

import io.streamscope.replay.OutputMode;
import io.streamscope.ui.timeline.BatchTimeline;
import io.streamscope.ui.timeline.PaintedColumn;
import io.streamscope.ui.timeline.TimelineBatch;
import io.streamscope.ui.timeline.TimelineGeometry;
import io.streamscope.ui.timeline.TimelineViewModel;
import javafx.geometry.Point2D;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
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
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shop stream's samples in the window: stepping, playing, clicking, the crash, a damaged copy. */
@ExtendWith(ApplicationExtension.class)
class DebuggerJourneyTest {

    private static final Path TOTALS = SAMPLES.resolve("shop-totals-update");

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

    private TimelineViewModel timeline() {
        return window.model().timeline();
    }

    private int selected() throws Exception {
        return onFx(timeline()::getSelectedIndex);
    }

    private String batchLabel(FxRobot robot) throws Exception {
        Label label = robot.lookup("#batchLabel").queryAs(Label.class);
        return onFx(label::getText);
    }

    @Test
    void theDefaultSampleShowsThreeBatchesTheLastSelected(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, TOTALS);

        assertEquals(List.of(0L, 1L, 2L), onFx(() -> timeline().batches().stream().map(TimelineBatch::id).toList()));
        assertEquals("Batch 2 of 0–2", batchLabel(robot));
        assertEquals(OutputMode.UPDATE, onFx(window.model().query()::getOutputMode), "the sidecar's mode");
        assertTrue(robot.lookup("#updateModeButton").queryAs(ToggleButton.class).isSelected());
        Label title = robot.lookup("#checkpointTitleLabel").queryAs(Label.class);
        assertEquals("Totals per customer (update mode)", onFx(title::getText));
        TableView<?> state = robot.lookup("#stateTable").queryTableView();
        assertEquals(3, onFx(() -> state.getItems().size()), "three customers in the state after batch 2");

        // The replay fills the tables (ReplayJourneyTest checks their rows).
        UiTestSupport.awaitReplay(window);
        TableView<?> input = robot.lookup("#inputTable").queryTableView();
        assertEquals(7, onFx(() -> input.getItems().size()), "every input row up to batch 2");
        assertNotNull(robot.lookup("#resultTable").query());
        UiTestSupport.showTab(robot, window, "progressTab");
        assertNotNull(robot.lookup("#progressPane").query());
        screenshot(robot, window.scene(), "shop-totals-update.png");
    }

    @Test
    void arrowsHomeAndEndStepThroughTheBatches(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, TOTALS);

        robot.type(KeyCode.HOME);
        assertEquals(0, selected());
        assertEquals("Batch 0 of 0–2", batchLabel(robot));
        screenshot(robot, window.scene(), "step-batch-0.png");
        robot.type(KeyCode.RIGHT);
        assertEquals(1, selected());
        assertEquals("Batch 1 of 0–2", batchLabel(robot));
        screenshot(robot, window.scene(), "step-batch-1.png");
        robot.type(KeyCode.RIGHT);
        assertEquals(2, selected());
        screenshot(robot, window.scene(), "step-batch-2.png");
        robot.type(KeyCode.RIGHT);
        assertEquals(2, selected(), "the last batch stays selected");
        robot.type(KeyCode.LEFT);
        assertEquals(1, selected());
        robot.type(KeyCode.END);
        assertEquals(2, selected());

        // The inspector follows: the raw offsets file of the selected batch, read in the background.
        robot.type(KeyCode.HOME);
        UiTestSupport.awaitIdle(window);
        UiTestSupport.showTab(robot, window, "batchFilesTab");
        TextArea offsets = robot.lookup("#offsetsText").queryAs(TextArea.class);
        String offsetsText = onFx(offsets::getText);
        assertTrue(offsetsText.endsWith("{\"orders\":{\"0\":4}}"), offsetsText);
        Label summary = robot.lookup("#stateSummary").queryAs(Label.class);
        String summaryText = onFx(summary::getText);
        assertTrue(summaryText.startsWith("3 rows after batch 0 · 3 changed by it"), summaryText);
        TabPane inspector = robot.lookup("#inspectorTabs").queryAs(TabPane.class);
        robot.interact(() -> inspector.getSelectionModel().select(1));
        screenshot(robot, window.scene(), "inspector-files.png");
    }

    @Test
    void theArrowsStillStepAfterAButtonWasClicked(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, TOTALS);
        robot.clickOn("#firstButton");
        assertEquals(0, selected());
        robot.clickOn("#stepForwardButton");
        assertEquals(1, selected());
        robot.type(KeyCode.RIGHT);
        assertEquals(2, selected(), "Right steps even with the focus on a button");
        robot.clickOn("#stepBackButton");
        assertEquals(1, selected());
        robot.clickOn("#lastButton");
        assertEquals(2, selected());
        screenshot(robot, window.scene(), "buttons-then-arrows.png");
    }

    @Test
    void clickingOrDraggingOnTheTimelineSelectsABatch(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, TOTALS);
        BatchTimeline drawn = robot.lookup("#batchTimeline").queryAs(BatchTimeline.class);

        robot.clickOn(onFx(() -> drawn.localToScreen(drawn.pointIn(0, TimelineGeometry.Part.INPUT))), MouseButton.PRIMARY);
        assertEquals(0, selected());
        assertTrue(onFx(drawn::isFocused), "a click focuses the timeline");
        assertEquals(List.of(0L), onFx(() -> drawn.paintedColumns().stream().filter(PaintedColumn::selected)
                .map(PaintedColumn::batchId).toList()), "the selected column is drawn highlighted");

        Point2D from = onFx(() -> drawn.localToScreen(drawn.pointIn(0, TimelineGeometry.Part.HEADER)));
        Point2D to = onFx(() -> drawn.localToScreen(drawn.pointIn(2, TimelineGeometry.Part.HEADER)));
        robot.drag(from, MouseButton.PRIMARY).moveTo(to).release(MouseButton.PRIMARY);
        assertEquals(2, selected());
        screenshot(robot, window.scene(), "dragged-to-batch-2.png");
    }

    @Test
    void spacePlaysToTheEndAndStops(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, TOTALS);
        robot.interact(() -> window.model().playback().speedProperty().set(30)); // 50 ms per batch
        robot.type(KeyCode.HOME);
        assertEquals(0, selected());

        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> onFx(() -> timeline().getSelectedIndex() == 2 && !window.model().playback().isPlaying()));
        Button play = robot.lookup("#playButton").queryButton();
        assertEquals("Play", onFx(play::getText), "stopped at the end");

        // Space again at the end plays from the first batch; slowly, so it can be paused on the way.
        robot.interact(() -> window.model().playback().speedProperty().set(0.25));
        robot.type(KeyCode.SPACE);
        assertTrue(onFx(window.model().playback()::isPlaying));
        assertEquals(0, selected(), "starts over");
        assertEquals("Pause", onFx(play::getText));
        screenshot(robot, window.scene(), "playing.png");
        robot.type(KeyCode.SPACE);
        assertFalse(onFx(window.model().playback()::isPlaying));
        assertEquals(0, selected());
    }

    @Test
    void theCrashedCopyShowsItsLastBatchAsWillReplay(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-copy-crash"));

        TimelineBatch last = onFx(() -> timeline().batches().get(2));
        assertTrue(last.willReplay());
        BatchTimeline drawn = robot.lookup("#batchTimeline").queryAs(BatchTimeline.class);
        assertEquals(List.of(2L), onFx(() -> drawn.paintedColumns().stream().filter(PaintedColumn::willReplayBadge)
                .map(PaintedColumn::batchId).toList()));

        robot.interact(() -> timeline().select(0)); // the badge is easier to see unselected
        robot.moveTo(onFx(() -> drawn.localToScreen(drawn.pointIn(2, TimelineGeometry.Part.COMMIT))));
        String tooltip = onFx(drawn::tooltipText);
        assertTrue(tooltip.startsWith("Batch 2 will replay") && tooltip.contains("exactly the same offsets"), tooltip);
        // the tooltip, made on the first move over the timeline, shows as the pointer rests
        robot.moveBy(1, 0);
        org.testfx.util.WaitForAsyncUtils.waitFor(30, java.util.concurrent.TimeUnit.SECONDS, () -> onFx(() ->
                javafx.stage.Window.getWindows().stream().anyMatch(shown -> shown instanceof javafx.scene.control.Tooltip tip
                        && tip.isShowing() && tip.getText().startsWith("Batch 2 will replay"))));
        String commitLane = onFx(() -> {
            javafx.geometry.Point2D badge = drawn.pointIn(2, TimelineGeometry.Part.COMMIT);
            return drawn.describeAt(5, badge.getY());
        });
        assertTrue(commitLane.startsWith("Spark writes commits/N once batch N has finished"), commitLane);
        screenshot(robot, window.scene(), "shop-copy-crash.png");

        robot.interact(() -> timeline().select(2));
        UiTestSupport.awaitIdle(window);
        UiTestSupport.showTab(robot, window, "batchFilesTab");
        Label commitNote = robot.lookup("#commitsNoteLabel").queryAs(Label.class);
        String note = onFx(commitNote::getText);
        assertTrue(note.contains("Spark runs it again on restart"), note);
        assertTrue(onFx(() -> window.viewModel().findings().stream().anyMatch(f -> f.kind() == Finding.Kind.NOTE)),
                "the replay is a note, not a problem");
    }

    @Test
    void aDamagedCopyOpensWithItsProblemsListedAndTheRestShown(FxRobot robot, @TempDir Path temp) throws Exception {
        Path copy = copy(TOTALS, temp.resolve("damaged"));
        Files.writeString(copy.resolve("offsets/1"), "v1\n{\"batchWatermarkMs\":0,\"batchTim\u0000\u0007garbled",
                StandardCharsets.ISO_8859_1);

        UiTestSupport.open(robot, window, copy);

        List<Finding> findings = onFx(() -> List.copyOf(window.viewModel().findings()));
        assertTrue(findings.stream().anyMatch(f -> f.kind() == Finding.Kind.ERROR && "offsets/1".equals(f.path())),
                findings.toString());
        TabPane inspector = robot.lookup("#inspectorTabs").queryAs(TabPane.class);
        assertEquals("problemsTab", onFx(() -> inspector.getSelectionModel().getSelectedItem().getId()),
                "the problems come forward");
        List<TimelineBatch> batches = onFx(() -> List.copyOf(timeline().batches()));
        assertTrue(batches.stream().anyMatch(b -> b.id() == 0 && b.offsetsWritten()), batches.toString());
        assertTrue(batches.stream().anyMatch(b -> b.id() == 1 && b.offsetsDamaged() && b.committed()),
                "batch 1 is still there, its offsets marked unreadable: " + batches);
        assertTrue(batches.stream().anyMatch(b -> b.id() == 2 && b.offsetsWritten() && b.committed()), batches.toString());
        TableView<?> state = robot.lookup("#stateTable").queryTableView();
        assertEquals(3, onFx(() -> state.getItems().size()), "the state is still shown");
        screenshot(robot, window.scene(), "damaged-checkpoint.png");
    }

    @Test
    void openedFoldersAreRemembered(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, TOTALS);
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-copy-crash"));

        assertEquals(List.of(SAMPLES.resolve("shop-copy-crash").toAbsolutePath(), TOTALS.toAbsolutePath()),
                onFx(() -> List.copyOf(window.model().recent().folders())));
        MenuButton recent = robot.lookup("#recentMenu").queryAs(MenuButton.class);
        List<String> items = onFx(() -> recent.getItems().stream().map(MenuItem::getText).toList());
        assertTrue(items.get(0).startsWith("shop-copy-crash") && items.get(1).startsWith("shop-totals-update"), items.toString());

        robot.interact(() -> recent.getItems().get(1).fire());
        UiTestSupport.awaitLoaded(window);
        assertTrue(onFx(() -> window.viewModel().pathTextProperty().get()).endsWith("shop-totals-update"));
        screenshot(robot, window.scene(), "recent-folder-reopened.png");
    }

    @Test
    void theModeSelectorSetsTheModeAndAlwaysKeepsOne(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, TOTALS);
        robot.clickOn("#completeModeButton");
        assertEquals(OutputMode.COMPLETE, onFx(window.model().query()::getOutputMode));
        robot.clickOn("#completeModeButton");
        assertEquals(OutputMode.COMPLETE, onFx(window.model().query()::getOutputMode), "clicking it again keeps it");
        assertTrue(robot.lookup("#completeModeButton").queryAs(ToggleButton.class).isSelected());
        robot.clickOn("#appendModeButton");
        assertEquals(OutputMode.APPEND, onFx(window.model().query()::getOutputMode));
        screenshot(robot, window.scene(), "append-mode.png");
    }

    static Path copy(Path from, Path to) throws IOException {
        io.streamscope.TempTree.copy(from, to);
        return to;
    }
}
