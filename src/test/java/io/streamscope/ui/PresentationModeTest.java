package io.streamscope.ui;

import io.streamscope.replay.OutputMode;
import io.streamscope.ui.display.SceneStyle;
import io.streamscope.ui.recent.RecentFolders;
import io.streamscope.ui.timeline.BatchTimeline;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
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
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Presentation mode: twice the text, high contrast, full screen, and everything still driven from the keyboard. */
@ExtendWith(ApplicationExtension.class)
class PresentationModeTest {

    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws IOException {
        this.stage = stage;
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void leavePresentationMode(FxRobot robot) {
        robot.interact(() -> window.model().display().presentationProperty().set(false));
        WaitForAsyncUtils.clearExceptions();
    }

    private double fontSize(FxRobot robot, String id) throws Exception {
        Label label = robot.lookup(id).queryAs(Label.class);
        return onFx(() -> label.getFont().getSize());
    }

    @Test
    void f11EnlargesTheTextTwiceOrMoreAndFoldsThePanelsAway(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        double label = fontSize(robot, "#batchLabel");
        BatchTimeline timeline = robot.lookup("#batchTimeline").queryAs(BatchTimeline.class);
        double timelineHeight = onFx(timeline::getHeight);

        robot.type(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(onFx(window.model().display()::isPresentation));
        assertTrue(onFx(stage::isFullScreen));
        // fitted to the screen: 24 px on the headless 1280×800 (28 px from 1456×840 up), so 1.7× or more
        assertTrue(fontSize(robot, "#batchLabel") >= 1.7 * label, fontSize(robot, "#batchLabel") + " vs " + label);
        assertTrue(onFx(() -> !timeline.getParent().isVisible()) && timelineHeight > 0,
                "the timeline folds to its compact strip");
        assertTrue(onFx(() -> robot.lookup("#timelineStrip").query().isVisible()), "the compact strip");
        assertTrue(onFx(() -> window.scene().getStylesheets().stream()
                .anyMatch(sheet -> sheet.endsWith(SceneStyle.PRESENTATION_STYLESHEET))), "the high-contrast sheet");
        assertFalse(onFx(() -> robot.lookup("#headerBar").query().isVisible()), "the header folds away");
        assertTrue(onFx(() -> robot.lookup("#inspectorTabs").tryQuery().map(Node::getScene).isEmpty()),
                "the inspector folds away");
        screenshot(robot, window.scene(), "presentation-mode.png");

        // Zoom: Ctrl+= larger, Ctrl+- smaller, Ctrl+0 back.
        double presented = fontSize(robot, "#batchLabel");
        robot.press(KeyCode.CONTROL).type(KeyCode.EQUALS).release(KeyCode.CONTROL);
        assertEquals(110, onFx(window.model().display().zoomProperty()::get));
        assertTrue(fontSize(robot, "#batchLabel") > presented);
        robot.press(KeyCode.CONTROL).type(KeyCode.MINUS).type(KeyCode.MINUS).release(KeyCode.CONTROL);
        assertEquals(90, onFx(window.model().display().zoomProperty()::get));
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT0).release(KeyCode.CONTROL);
        assertEquals(100, onFx(window.model().display().zoomProperty()::get));
        Label zoom = robot.lookup("#zoomLabel").queryAs(Label.class);
        assertEquals("Zoom 100 %", onFx(zoom::getText));

        // Ctrl+I unfolds the inspector again on the projector.
        robot.press(KeyCode.CONTROL).type(KeyCode.I).release(KeyCode.CONTROL);
        assertTrue(onFx(() -> robot.lookup("#inspectorTabs").query().getScene() != null));

        robot.type(KeyCode.ESCAPE);
        assertFalse(onFx(window.model().display()::isPresentation), "Esc leaves presentation mode");
        assertFalse(onFx(stage::isFullScreen));
        assertEquals(label, fontSize(robot, "#batchLabel"));
        assertTrue(onFx(() -> robot.lookup("#headerBar").query().isVisible()));
    }

    @Test
    void everyControlIsReachedAndWorkedFromTheKeyboard(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        robot.type(KeyCode.F11);
        robot.type(KeyCode.LEFT); // batch 1: every playback button enabled
        assertEquals(1, onFx(window.model().timeline()::getSelectedIndex));

        Set<String> reached = new LinkedHashSet<>();
        for (int i = 0; i < 30; i++) {
            robot.type(KeyCode.TAB);
            Node focus = onFx(() -> window.scene().getFocusOwner());
            if (focus != null && focus.getId() != null) {
                reached.add(focus.getId());
            }
        }
        for (String id : List.of("firstButton", "stepBackButton", "playButton", "stepForwardButton", "lastButton",
                "speedSelector", "animationsToggle", "presentationToggle")) {
            assertTrue(reached.contains(id), id + " is not reached by Tab: " + reached);
        }
        assertTrue(reached.stream().anyMatch(id -> id.endsWith("ModeButton")), "the output mode: " + reached);

        // Enter presses the focused button.
        robot.interact(() -> robot.lookup("#stepForwardButton").query().requestFocus());
        robot.type(KeyCode.ENTER);
        assertEquals(2, onFx(window.model().timeline()::getSelectedIndex));
        robot.interact(() -> robot.lookup("#firstButton").query().requestFocus());
        robot.type(KeyCode.ENTER);
        assertEquals(0, onFx(window.model().timeline()::getSelectedIndex));
        screenshot(robot, window.scene(), "presentation-keyboard-focus.png");
    }

    @Test
    void readableOnA1280By720Projector(FxRobot robot) throws Exception {
        AtomicReference<MainWindow> projected = new AtomicReference<>();
        AtomicReference<Stage> projector = new AtomicReference<>();
        robot.interact(() -> {
            try {
                MainWindow other = MainWindow.create(WindowModel.create(RecentFolders.inMemory()));
                Stage small = new Stage();
                small.setScene(other.scene());
                small.setWidth(1280);
                small.setHeight(720);
                small.show();
                other.model().display().presentationProperty().set(true);
                other.model().open(SAMPLES.resolve("shop-totals-update"));
                projected.set(other);
                projector.set(small);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        MainWindow other = projected.get();
        try {
            UiTestSupport.awaitLoaded(other);
            Scene scene = other.scene();
            assertEquals(720, onFx(scene::getHeight), 1);
            List<String> outside = new ArrayList<>();
            for (String id : List.of("#firstButton", "#stepBackButton", "#playButton", "#stepForwardButton",
                    "#lastButton", "#batchLabel", "#outputModeSelector", "#presentationToggle", "#batchTimeline",
                    "#statusBar", "#resultTable", "#inputTable")) {
                Node node = robot.from(scene.getRoot()).lookup(id).query();
                assertNotNull(node, id);
                Bounds bounds = onFx(() -> node.localToScene(node.getLayoutBounds()));
                if (bounds.getMinX() < 0 || bounds.getMinY() < 0 || bounds.getMaxX() > 1281 || bounds.getMaxY() > 721
                        || bounds.getHeight() < 10) {
                    outside.add(id + " " + bounds);
                }
            }
            assertTrue(outside.isEmpty(), "not on the projector: " + outside);
            StatusBar status = robot.from(scene.getRoot()).lookup("#statusBar").query();
            assertTrue(onFx(status::isVisible));
            screenshot(robot, scene, "presentation-1280x720.png");
        } finally {
            robot.interact(() -> projector.get().close());
        }
    }

    /**
     * The running example on a 1280×720 projector: batch 0 in update mode, and batch 2 in complete mode, put three rows
     * in the result table and three in the state under it. The state had taken its whole height first, and the result
     * table showed two rows and a half of three (its first one under its header).
     */
    @Test
    void theResultTableKeepsRoomForItsRowsOverTheStateUnderIt(FxRobot robot) throws Exception {
        ProjectorLayoutTest.Size projector = new ProjectorLayoutTest.Size(1280, 720, "1280x720");
        List<String> seen = ProjectorLayoutTest.onCheckpoint(robot, projector, SAMPLES.resolve("shop-totals-update"), window -> {
            robot.interact(() -> {
                window.model().display().animationsProperty().set(false); // rows measured where they rest, not sliding in
                window.model().display().presentationProperty().set(true);
            });
            List<String> fits = new ArrayList<>();
            for (var step : List.of(Map.entry(OutputMode.UPDATE, 0),
                    Map.entry(OutputMode.UPDATE, 2),
                    Map.entry(OutputMode.COMPLETE, 2))) {
                robot.interact(() -> {
                    window.model().query().outputModeProperty().set(step.getKey());
                    window.model().timeline().select(step.getValue());
                });
                UiTestSupport.awaitIdle(window);
                TableView<?> result = robot.from(window.scene().getRoot()).lookup("#resultTable").queryTableView();
                TableView<?> state = robot.from(window.scene().getRoot()).lookup("#presentationStateTable").queryTableView();
                WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !onFx(state.getItems()::isEmpty));
                ProjectorLayoutTest.pulse(robot, window.scene());
                fits.add(onFx(() -> step.getKey() + " batch " + step.getValue() + ": result " + result.getItems().size()
                        + " rows, " + wholeRows(result) + " whole; state " + state.getItems().size() + " rows, "
                        + wholeRows(state) + " whole"));
                screenshot(robot, window.scene(), "presentation-1280x720-" + step.getKey() + "-" + step.getValue() + ".png");
            }
            robot.interact(() -> window.model().display().presentationProperty().set(false));
            TabPane tabs = robot.from(window.scene().getRoot()).lookup("#outputTabs").queryAs(TabPane.class);
            fits.add(onFx(() -> tabs.getMinHeight() == Region.USE_COMPUTED_SIZE
                    && tabs.getPrefHeight() == Region.USE_COMPUTED_SIZE ? "normal mode: the tabs' own height"
                    : "normal mode: min " + tabs.getMinHeight() + ", pref " + tabs.getPrefHeight()));
            return fits;
        });
        assertEquals(List.of("UPDATE batch 0: result 3 rows, 3 whole; state 3 rows, 3 whole",
                "UPDATE batch 2: result 2 rows, 2 whole; state 3 rows, 3 whole",
                "COMPLETE batch 2: result 3 rows, 3 whole; state 3 rows, 3 whole", "normal mode: the tabs' own height"), seen);
    }

    /**
     * The strip at the top of presentation mode on a 1280×720 projector, on the crash sample (whose batch 2 will
     * replay): each step's selected batch and the neighbours shown lie whole inside the window. The strip had shown
     * five batches whatever the width, and "batch 2: 5 → 7 (2 rows) ⟳ will replay" ran past the edge as "will repla".
     */
    @Test
    void theStripShowsTheSelectedBatchAndTheNeighboursThatFitWhole(FxRobot robot) throws Exception {
        ProjectorLayoutTest.Size projector = new ProjectorLayoutTest.Size(1280, 720, "1280x720");
        List<String> seen = ProjectorLayoutTest.onCheckpoint(robot, projector, SAMPLES.resolve("shop-copy-crash"), window -> {
            robot.interact(() -> window.model().display().presentationProperty().set(true));
            List<String> steps = new ArrayList<>();
            for (int batch = 0; batch <= 2; batch++) {
                int selected = batch;
                robot.interact(() -> window.model().timeline().select(selected));
                UiTestSupport.awaitIdle(window);
                ProjectorLayoutTest.pulse(robot, window.scene());
                Node strip = robot.from(window.scene().getRoot()).lookup("#timelineStrip").query();
                steps.add(onFx(() -> {
                    double right = window.scene().getWidth();
                    List<String> shown = new ArrayList<>();
                    for (Node cell : strip.lookupAll(".strip-batch")) {
                        if (cell.isVisible() && cell instanceof Label label) {
                            Bounds at = cell.localToScene(cell.getLayoutBounds());
                            String text = label.getText();
                            shown.add(text.substring(0, text.indexOf(':')) + (at.getMaxX() <= right + 0.5 ? "" : " cut")
                                    + (label.getId() != null ? " (selected)" : ""));
                        }
                    }
                    return String.join(", ", shown);
                }));
            }
            return steps;
        });
        assertEquals(3, seen.size());
        for (int batch = 0; batch <= 2; batch++) {
            assertTrue(seen.get(batch).contains("batch " + batch + " (selected)"), seen.get(batch));
            assertFalse(seen.get(batch).contains("cut"), seen.get(batch));
        }
        assertTrue(seen.stream().anyMatch(step -> step.split(",").length > 1), "a neighbour where it fits: " + seen);
    }

    /**
     * The strip's lines above the tables, never over them: on the join sample (two topics, two lanes) at 1280×720 the
     * lag line wrapped to a second line that the strip was not given, and it was drawn over the tables' titles.
     */
    @Test
    void theStripsLinesLieAboveTheTables(FxRobot robot) throws Exception {
        ProjectorLayoutTest.Size projector = new ProjectorLayoutTest.Size(1280, 720, "1280x720");
        AtomicReference<MainWindow> made = new AtomicReference<>();
        AtomicReference<Stage> stage = new AtomicReference<>();
        robot.interact(() -> { // as --presentation starts it: presenting before the checkpoint is in
            MainWindow window = ProjectorLayoutTest.window(projector.width(), projector.height(), made, stage);
            window.model().display().presentationProperty().set(true);
            window.model().open(SAMPLES.resolve("shop-join-inner"));
        });
        MainWindow window = made.get();
        try {
            UiTestSupport.awaitLoaded(window);
            robot.interact(() -> window.model().timeline().select(2));
            UiTestSupport.awaitIdle(window);
            ProjectorLayoutTest.pulse(robot, window.scene());
            Node strip = robot.from(window.scene().getRoot()).lookup("#timelineStrip").query();
            Node tables = robot.from(window.scene().getRoot()).lookup("#workSplit").query();
            Node output = robot.from(window.scene().getRoot()).lookup("#outputTabs").query();
            screenshot(robot, window.scene(), "presentation-1280x720-join.png");
            String seen = onFx(() -> {
                double top = Math.min(tables.localToScene(tables.getLayoutBounds()).getMinY(),
                        output.localToScene(output.getLayoutBounds()).getMinY());
                List<String> over = new ArrayList<>();
                for (Node line : strip.lookupAll(".label")) {
                    if (line.isVisible() && line.localToScene(line.getLayoutBounds()).getMaxY() > top + 0.5) {
                        over.add(((Label) line).getText());
                    }
                }
                return over.isEmpty() ? "every line above the tables" : "over the tables: " + over;
            });
            assertEquals("every line above the tables", seen);
        } finally {
            robot.interact(() -> stage.get().close());
        }
    }

    /** The table's rows shown whole: inside its rows' viewport (under its headers, clear of its scroll bars). */
    private static int wholeRows(TableView<?> table) {
        Node viewport = table.lookup(".clipped-container");
        double top = viewport.localToScene(viewport.getLayoutBounds()).getMinY();
        double bottom = viewport.localToScene(viewport.getLayoutBounds()).getMaxY();
        int whole = 0;
        for (Node node : table.lookupAll(".table-row-cell")) {
            if (node instanceof TableRow<?> row && !row.isEmpty() && row.isVisible()) {
                Bounds at = row.localToScene(row.getLayoutBounds());
                if (at.getMinY() >= top - 0.5 && at.getMaxY() <= bottom + 0.5) {
                    whole++;
                }
            }
        }
        return whole;
    }
}
