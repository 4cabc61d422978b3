package io.streamscope.ui;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Journeys through the main window by fx:id, headless (Monocle). */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    private static final Path FIXTURES = Path.of("src/test/resources/spark-conformance");

    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws IOException {
        this.stage = stage;
        window = MainWindow.create(new CheckpointViewModel());
        window.show(stage);
    }

    @AfterEach
    void forgetExceptionsOfOtherThreads() {
        WaitForAsyncUtils.clearExceptions();
    }

    @Test
    void startsEmptyWithAFriendlyPlaceholder(FxRobot robot) {
        TableView<BatchRow> timeline = robot.lookup("#batchTimeline").queryTableView();
        Label placeholder = (Label) timeline.getPlaceholder();
        assertTrue(timeline.getItems().isEmpty());
        assertEquals("Open a Spark checkpoint folder to see its batches", placeholder.getText());
        assertTrue(placeholder.isVisible() && placeholder.getScene() != null, "placeholder is on screen");
        assertTrue(robot.lookup("#openCheckpointButton").query().isVisible());
        assertTrue(window.scene().getStylesheets().get(0).endsWith("/styles/streamscope.css"));
    }

    @Test
    void showsBatchesCommitsReplayAndTheGapNote(FxRobot robot) throws Exception {
        open(robot, FIXTURES.resolve("checkpoint-test-offsetId-commitId-inconsistent"));

        TableView<BatchRow> timeline = robot.lookup("#batchTimeline").queryTableView();
        List<BatchRow> rows = onFx(() -> List.copyOf(timeline.getItems()));
        assertEquals(List.of(0L, 1L, 2L, 4L), rows.stream().map(BatchRow::batchId).toList());
        assertEquals(List.of(true, true, true, false), rows.stream().map(BatchRow::committed).toList());
        assertEquals(List.of(false, false, false, true), rows.stream().map(BatchRow::willReplay).toList());

        // What is drawn, not only what is in the model: three ticks and one badge.
        long ticks = robot.lookup("#batchTimeline .committed-column").match(TableCell.class::isInstance)
                .queryAllAs(TableCell.class).stream().filter(cell -> "✓".equals(cell.getText())).count();
        assertEquals(3, ticks);
        Set<Label> badges = robot.lookup("#batchTimeline .will-replay-badge").queryAllAs(Label.class);
        assertEquals(1, badges.stream().filter(badge -> badge.isVisible() && badge.getScene() != null).count());
        assertEquals("will replay", badges.iterator().next().getText());

        ListView<Finding> problems = robot.lookup("#problemsList").queryListView();
        List<Finding> findings = onFx(() -> List.copyOf(problems.getItems()));
        assertTrue(findings.stream().anyMatch(f -> f.kind() == Finding.Kind.NOTE
                && f.message().contains("no files for batch 3") && f.message().contains("gap")), findings.toString());
        assertTrue(robot.lookup("#problemsList .finding-tag").queryAllAs(Label.class).stream()
                .anyMatch(tag -> "note".equals(tag.getText())), "notes carry a visible 'note' tag");

        StatusBar status = robot.lookup("#statusBar").query();
        assertTrue(onFx(status::getText).startsWith("4 batches, 0 problems, "), onFx(status::getText));
        assertEquals(0.0, onFx(status::getProgress));
        assertTrue(onFx(stage::getTitle).startsWith("checkpoint-test-offsetId-commitId-inconsistent"));

        assertNotBlank(screenshot(robot, "main-window.png"));
    }

    @Test
    void aFolderThatIsNotACheckpointShowsTheErrorAndTheWindowKeepsWorking(FxRobot robot) throws Exception {
        open(robot, FIXTURES.resolve("testCommitLogV1"));

        StatusBar status = robot.lookup("#statusBar").query();
        String text = onFx(status::getText);
        assertTrue(text.startsWith("Not a checkpoint: ") && text.contains("testCommitLogV1"), text);
        ListView<Finding> problems = robot.lookup("#problemsList").queryListView();
        List<Finding> findings = onFx(() -> List.copyOf(problems.getItems()));
        assertEquals(1, findings.size());
        assertEquals(Finding.Kind.ERROR, findings.get(0).kind());
        assertTrue(findings.get(0).message().contains("is not a checkpoint"), findings.get(0).message());
        TableView<BatchRow> timeline = robot.lookup("#batchTimeline").queryTableView();
        assertTrue(onFx(() -> timeline.getItems().isEmpty()));
        assertTrue(onFx(stage::isShowing));
        double listWidth = onFx(problems::getWidth);
        assertTrue(robot.lookup("#problemsList .finding-cell").queryAll().stream()
                .allMatch(cell -> cell.getBoundsInParent().getWidth() <= listWidth), "long messages wrap");
        screenshot(robot, "not-a-checkpoint.png");

        open(robot, FIXTURES.resolve("checkpoint-version-2.1.0"));
        assertEquals(2, onFx(() -> timeline.getItems().size()), "the window still opens checkpoints afterwards");
    }

    @Test
    void stateOfTheSelectedBatchWithWhatItChanged(FxRobot robot) throws Exception {
        open(robot, FIXTURES.resolve("checkpoint-version-4.0.0/hdfs/agg"));
        TableView<io.streamscope.ui.state.StateRowView> state = robot.lookup("#stateTable").queryTableView();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> onFx(() -> state.getItems().size()) == 6);
        List<io.streamscope.ui.state.StateRowView> rows = onFx(() -> List.copyOf(state.getItems()));
        assertEquals("{\"_1\":6}", rows.stream().filter(r -> r.change() == io.streamscope.ui.state.StateRowView.Change.ADDED)
                .findFirst().orElseThrow().key(), "batch 3, selected at opening, added key 6");
        Label summary = robot.lookup("#stateSummary").queryAs(Label.class);
        assertTrue(onFx(summary::getText).startsWith("6 rows after batch 3"), onFx(summary::getText));
        assertTrue(robot.lookup("#stateTable .table-row-cell").queryAll().stream()
                .anyMatch(row -> row.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("added"))),
                "the added row is drawn marked");

        TableView<BatchRow> timeline = robot.lookup("#batchTimeline").queryTableView();
        robot.interact(() -> timeline.getSelectionModel().select(0));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> onFx(summary::getText).contains("after batch 0"));
        assertTrue(onFx(() -> state.getItems().stream().allMatch(r -> r.change() == io.streamscope.ui.state.StateRowView.Change.ADDED)));
        screenshot(robot, "state-panel.png");
    }

    @Test
    void sparkTwoOneCheckpointWithoutCommitLog(FxRobot robot) throws Exception {
        open(robot, FIXTURES.resolve("checkpoint-version-2.1.0"));

        TableView<BatchRow> timeline = robot.lookup("#batchTimeline").queryTableView();
        List<BatchRow> rows = onFx(() -> List.copyOf(timeline.getItems()));
        assertEquals(2, rows.size());
        assertEquals(List.of(0L, 1L), rows.stream().map(BatchRow::batchId).toList());
        assertTrue(rows.get(0).committed(), "Spark 2.1: batch 0 counts as committed since batch 1's offsets exist");
        assertTrue(rows.get(1).willReplay());
        assertEquals("2", rows.get(1).endOffsets());
        assertEquals("2017-03-10T21:10:07.737Z", rows.get(0).time());
        ListView<Finding> problems = robot.lookup("#problemsList").queryListView();
        assertTrue(onFx(() -> problems.getItems().stream().anyMatch(f -> f.message().contains("no commits/ folder"))));
    }

    @Test
    void aNewerOpenWinsOverAnOlderOneStillReading(FxRobot robot) throws Exception {
        robot.interact(() -> {
            window.viewModel().open(FIXTURES.resolve("testCommitLogV1"));
            window.viewModel().open(FIXTURES.resolve("checkpoint-version-2.1.0"));
        });
        awaitLoaded();

        TableView<BatchRow> timeline = robot.lookup("#batchTimeline").queryTableView();
        assertEquals(2, onFx(() -> timeline.getItems().size()));
        assertFalse(onFx(() -> window.viewModel().statusProperty().get()).startsWith("Not a checkpoint"));
    }

    private void open(FxRobot robot, Path folder) throws Exception {
        robot.interact(() -> window.viewModel().open(folder));
        awaitLoaded();
    }

    private void awaitLoaded() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !onFx(window.viewModel()::isLoading));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Reads UI state on the FX thread, where it is written. */
    private static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(10, TimeUnit.SECONDS);
    }

    private Set<Integer> screenshot(FxRobot robot, String name) throws IOException {
        AtomicReference<WritableImage> image = new AtomicReference<>();
        Scene scene = window.scene();
        robot.interact(() -> image.set(scene.snapshot(null)));
        int width = (int) image.get().getWidth();
        int height = (int) image.get().getHeight();
        PixelReader pixels = image.get().getPixelReader();
        BufferedImage png = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int argb = pixels.getArgb(x, y);
                png.setRGB(x, y, argb);
                colours.add(argb);
            }
        }
        Path file = screenshotFolder().resolve(name);
        Files.createDirectories(file.getParent());
        assertTrue(ImageIO.write(png, "png", file.toFile()), "no PNG writer");
        return colours;
    }

    private static void assertNotBlank(Set<Integer> colours) {
        assertTrue(colours.size() > 10, "screenshot looks blank: " + colours.size() + " colours");
    }

    /** Next to test-classes, so it follows -Dbuild.dir. */
    private static Path screenshotFolder() {
        try {
            Path testClasses = Path.of(MainWindowTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return testClasses.getParent().resolve("screenshots");
        } catch (Exception e) {
            return Path.of("target", "screenshots");
        }
    }
}
