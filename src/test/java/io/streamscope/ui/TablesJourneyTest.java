package io.streamscope.ui;

import io.streamscope.replay.OutputMode;
import io.streamscope.ui.tables.ShownRow;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TableRow;
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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The replay's tables while stepping: the unbounded input table keeps its rows and adds or drops only a batch's, new
 * rows slide in and changed result rows flash when animations are on, and everything is in place at once when off.
 */
@ExtendWith(ApplicationExtension.class)
class TablesJourneyTest {

    private static final Path TOTALS = SAMPLES.resolve("shop-totals-update");
    private static final PseudoClass ANIMATING = PseudoClass.getPseudoClass("animating");
    private static final PseudoClass ADDED = PseudoClass.getPseudoClass("row-added");

    private MainWindow window;

    /** A row as the table draws it: which row, whether it is animating, where the animation has it, marked added. */
    private record DrawnRow(int index, ShownRow item, boolean animating, double opacity, double translateY,
                            boolean added) {
    }

    private record Drawn(List<DrawnRow> input, List<DrawnRow> result) {
    }

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void forget(FxRobot robot) {
        robot.interact(() -> window.model().display().animationsProperty().set(true));
        WaitForAsyncUtils.clearExceptions();
    }

    private void openAtFirstBatch(FxRobot robot, Path folder) throws Exception {
        UiTestSupport.open(robot, window, folder);
        UiTestSupport.awaitReplay(window);
        robot.interact(() -> window.model().playback().first());
        awaitStill();
    }

    /** Until no row of either table animates (stepping back may flash the result table). */
    private void awaitStill() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> {
            Drawn drawn = onFx(this::drawn);
            return drawn.input().stream().noneMatch(DrawnRow::animating)
                    && drawn.result().stream().noneMatch(DrawnRow::animating);
        });
    }

    /**
     * Steps, lays the window out and reads what the tables draw, all in one go on the FX thread: no pulse runs in
     * between, so an animation that started is still at its first frame, however slow the machine.
     */
    private Drawn stepAndDraw(FxRobot robot, Runnable step) {
        AtomicReference<Drawn> drawn = new AtomicReference<>();
        robot.interact(() -> {
            step.run();
            window.scene().getRoot().applyCss();
            window.scene().getRoot().layout();
            drawn.set(drawn());
        });
        return drawn.get();
    }

    private Drawn drawn() {
        return new Drawn(drawn("#inputTable"), drawn("#resultTable"));
    }

    /** The rows in the table's viewport (its cells in the sheet, not spare or measuring ones). */
    private List<DrawnRow> drawn(String id) {
        List<DrawnRow> rows = new ArrayList<>();
        for (Node node : window.scene().lookup(id).lookupAll(".table-row-cell")) {
            if (node instanceof TableRow<?> row && row.isVisible() && row.getItem() instanceof ShownRow item
                    && row.getParent() != null && row.getParent().getStyleClass().contains("sheet")) {
                rows.add(new DrawnRow(row.getIndex(), item, row.getPseudoClassStates().contains(ANIMATING),
                        row.getOpacity(), row.getTranslateY(), row.getPseudoClassStates().contains(ADDED)));
            }
        }
        rows.sort(Comparator.comparingInt(DrawnRow::index));
        return rows;
    }

    private static List<DrawnRow> ofBatch(List<DrawnRow> rows, long batchId) {
        return rows.stream().filter(row -> row.item().batchId() == batchId).toList();
    }

    @SuppressWarnings("unchecked")
    private List<ShownRow> rows(FxRobot robot, String id) throws Exception {
        TableView<ShownRow> table = robot.lookup(id).queryAs(TableView.class);
        return onFx(() -> List.copyOf(table.getItems()));
    }

    private static void assertInPlace(List<DrawnRow> rows) {
        for (DrawnRow row : rows) {
            assertFalse(row.animating(), row.toString());
            assertEquals(1.0, row.opacity(), 1e-9, row.toString());
            assertEquals(0.0, row.translateY(), 1e-9, row.toString());
        }
    }

    @Test
    void steppingForwardSlidesTheNewInputRowsInAndFlashesTheChangedResultRows(FxRobot robot) throws Exception {
        openAtFirstBatch(robot, TOTALS);
        assertTrue(onFx(() -> window.model().display().animationsProperty().get()), "animations are on by default");

        Drawn drawn = stepAndDraw(robot, () -> window.model().playback().stepForward());

        List<DrawnRow> arriving = ofBatch(drawn.input(), 1);
        assertEquals(1, arriving.size(), "batch 1 read one record: " + drawn.input());
        assertTrue(arriving.get(0).animating(), arriving.toString());
        assertEquals(0.0, arriving.get(0).opacity(), 1e-9, "it fades in from nothing");
        assertTrue(arriving.get(0).translateY() > 0, "and slides up into place: " + arriving);
        assertEquals(4, ofBatch(drawn.input(), 0).size());
        assertInPlace(ofBatch(drawn.input(), 0));
        assertEquals(1, drawn.result().size(), "update mode: only customer 2 changed in batch 1");
        DrawnRow flashed = drawn.result().get(0);
        assertTrue(flashed.animating(), flashed.toString());
        assertTrue(flashed.opacity() > 0 && flashed.opacity() < 1, "an updated row flashes: " + flashed);
        assertEquals(0.0, flashed.translateY(), 1e-9, "an updated row stays where it is");

        awaitStill();
        Drawn settled = onFx(this::drawn);
        assertEquals(5, settled.input().size());
        assertInPlace(settled.input());
        assertInPlace(settled.result());
        screenshot(robot, window.scene(), "tables-animated-batch-1.png");

        Drawn back = stepAndDraw(robot, () -> window.model().playback().stepBack());
        assertEquals(4, back.input().size());
        assertInPlace(back.input());
    }

    @Test
    void inAppendModeTheNewResultRowsSlideInToo(FxRobot robot) throws Exception {
        openAtFirstBatch(robot, SAMPLES.resolve("shop-big-orders"));
        assertEquals(OutputMode.APPEND, onFx(window.model().query()::getOutputMode));

        Drawn drawn = stepAndDraw(robot, () -> window.model().playback().stepForward());

        assertEquals(List.of("110", "112", "114"), drawn.result().stream().map(row -> row.item().cell(0)).toList());
        DrawnRow appended = drawn.result().get(2);
        assertTrue(appended.animating(), "order 114, appended by batch 1, slides in: " + appended);
        assertEquals(0.0, appended.opacity(), 1e-9);
        assertTrue(appended.translateY() > 0, appended.toString());
        assertInPlace(drawn.result().subList(0, 2));
        assertEquals(List.of(false, false, true), drawn.result().stream().map(DrawnRow::added).toList(),
                "only batch 1's order is drawn as added: " + drawn.result());
        assertTrue(ofBatch(drawn.input(), 1).stream().allMatch(DrawnRow::animating), drawn.input().toString());

        awaitStill();
        Drawn settled = onFx(this::drawn);
        assertInPlace(settled.input());
        assertInPlace(settled.result());
        screenshot(robot, window.scene(), "tables-append-animated-batch-1.png");

        List<ShownRow> atBatch1 = rows(robot, "#resultTable");
        Drawn back = stepAndDraw(robot, () -> window.model().playback().stepBack());
        assertEquals(List.of("110", "112"), back.result().stream().map(row -> row.item().cell(0)).toList());
        assertEquals(List.of(true, true), back.result().stream().map(DrawnRow::added).toList(),
                "batch 0's orders, selected again, are drawn as added: " + back.result());
        assertInPlace(back.result());
        List<ShownRow> atBatch0 = rows(robot, "#resultTable");
        assertSame(atBatch1.get(0), atBatch0.get(0), "stepping back dropped batch 1's row only");
        assertSame(atBatch1.get(1), atBatch0.get(1));

        Drawn toEnd = stepAndDraw(robot, () -> window.model().playback().last());
        assertEquals(List.of("110", "112", "114", "150"), toEnd.result().stream().map(row -> row.item().cell(0)).toList());
        assertEquals(List.of(false, false, false, true), toEnd.result().stream().map(DrawnRow::added).toList(),
                "the jump to batch 2 marks its order only: " + toEnd.result());
    }

    @Test
    void withAnimationsOffEveryRowIsInPlaceAtOnce(FxRobot robot) throws Exception {
        openAtFirstBatch(robot, TOTALS);
        CheckBox toggle = robot.lookup("#animationsToggle").queryAs(CheckBox.class);
        robot.clickOn(toggle);
        assertFalse(onFx(() -> window.model().display().animationsProperty().get()), "the switch turned them off");

        Drawn drawn = stepAndDraw(robot, () -> window.model().playback().stepForward());

        assertEquals(1, ofBatch(drawn.input(), 1).size(), "batch 1's row is drawn: " + drawn.input());
        assertEquals(5, drawn.input().size());
        assertInPlace(drawn.input());
        assertEquals(1, drawn.result().size());
        assertInPlace(drawn.result());
        Drawn jumped = stepAndDraw(robot, () -> window.model().playback().last());
        assertEquals(7, jumped.input().size());
        assertInPlace(jumped.input());
        screenshot(robot, window.scene(), "tables-animations-off.png");
    }

    @Test
    void steppingKeepsTheInputRowsOnShowAndANewReplayReplacesThem(FxRobot robot) throws Exception {
        openAtFirstBatch(robot, TOTALS);
        List<ShownRow> first = rows(robot, "#inputTable");
        assertEquals(4, first.size());

        robot.interact(() -> window.model().playback().last());
        List<ShownRow> last = rows(robot, "#inputTable");
        assertEquals(7, last.size());
        for (int i = 0; i < first.size(); i++) {
            assertSame(first.get(i), last.get(i), "row " + i + " stayed as it was, not rebuilt");
        }
        robot.interact(() -> window.model().playback().stepBack());
        List<ShownRow> back = rows(robot, "#inputTable");
        assertEquals(last.subList(0, 5), back, "stepping back dropped only batch 2's rows");
        for (int i = 0; i < back.size(); i++) {
            assertSame(last.get(i), back.get(i));
        }

        robot.interact(() -> window.model().query().outputModeProperty().set(OutputMode.COMPLETE));
        UiTestSupport.awaitReplay(window);
        List<ShownRow> rerun = rows(robot, "#inputTable");
        assertEquals(back.stream().map(ShownRow::cells).toList(), rerun.stream().map(ShownRow::cells).toList(),
                "the same input rows");
        assertNotSame(back.get(0), rerun.get(0), "but built again for the new replay");
        screenshot(robot, window.scene(), "tables-rebuilt-for-complete-mode.png");
    }
}
