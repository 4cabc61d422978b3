package io.streamscope.ui;

import io.streamscope.ui.recent.RecentFolders;
import io.streamscope.ui.tables.ShownRow;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Presentation mode on real projector sizes: 16:9 at 1280×720 and 1920×1080, 4:3 at 1024×768, and a 1920×1080 screen
 * at 150 % and 200 % (1280×720 and 960×540 logical pixels). The input table shows every row of the shop totals at
 * batch 2, no cell of the input and result tables is cut short, and the result table's columns are on screen.
 */
@ExtendWith(ApplicationExtension.class)
class ProjectorLayoutTest {

    @Start
    void start(Stage stage) {
        // each test opens its own windows at the projector's size
    }

    record Size(int width, int height, String name) {
    }

    @Test
    void everyRowAndEveryColumnReadsOnEachProjector(FxRobot robot) throws Exception {
        List<String> report = new ArrayList<>();
        for (Size size : List.of(new Size(1280, 720, "1280x720"), new Size(1920, 1080, "1920x1080"),
                new Size(1024, 768, "1024x768"), new Size(960, 540, "1920x1080-at-200pct"))) {
            report.add(check(robot, size, "shop-totals-update", 7));
            report.add(check(robot, size, "shop-windowed", 7));
        }
        System.out.println("[projector] " + String.join("\n[projector] ", report));
    }

    @Test
    void leavingPresentationModeRestoresTheLayout(FxRobot robot) throws Exception {
        AtomicReference<MainWindow> made = new AtomicReference<>();
        AtomicReference<Stage> stage = new AtomicReference<>();
        robot.interact(() -> {
            MainWindow window = window(1280, 720, made, stage);
            window.model().timeline().requestBatch(2);
            window.model().open(SAMPLES.resolve("shop-totals-update"));
        });
        MainWindow window = made.get();
        try {
            UiTestSupport.awaitReplay(window);
            TableView<?> input = robot.from(window.scene().getRoot()).lookup("#inputTable").queryAs(TableView.class);
            List<Double> before = onFx(() -> input.getColumns().stream().map(TableColumn::getWidth).toList());
            robot.interact(() -> window.model().display().presentationProperty().set(true));
            UiTestSupport.awaitIdle(window);
            assertTrue(onFx(() -> robot.from(window.scene().getRoot()).lookup("#timelineStrip").query().isVisible()));
            assertFalse(onFx(() -> robot.from(window.scene().getRoot()).lookup("#batchTimeline").query().isVisible()
                    && robot.from(window.scene().getRoot()).lookup("#batchTimeline").query().getParent().isVisible()));
            robot.interact(() -> window.model().display().presentationProperty().set(false));
            UiTestSupport.awaitIdle(window);
            List<Double> after = onFx(() -> input.getColumns().stream().map(TableColumn::getWidth).toList());
            assertEquals(before, after, "the column widths of before presentation mode");
            assertTrue(onFx(() -> robot.from(window.scene().getRoot()).lookup("#batchTimeline").query().getParent().isVisible()));
            // the title follows the mode on show
            robot.interact(() -> window.model().query().outputModeProperty().set(io.streamscope.replay.OutputMode.COMPLETE));
            Label title = robot.from(window.scene().getRoot()).lookup("#checkpointTitleLabel").queryAs(Label.class);
            assertEquals("Totals per customer (complete mode)", onFx(title::getText));
        } finally {
            robot.interact(() -> stage.get().close());
        }
    }

    /** What {@code check} finds in a window of {@code size} on {@code checkpoint} once loaded; the window closed after. */
    static <T> T onCheckpoint(FxRobot robot, Size size, Path checkpoint, WindowCheck<T> check) throws Exception {
        AtomicReference<MainWindow> made = new AtomicReference<>();
        AtomicReference<Stage> stage = new AtomicReference<>();
        robot.interact(() -> window(size.width(), size.height(), made, stage).model().open(checkpoint));
        try {
            UiTestSupport.awaitLoaded(made.get());
            return check.in(made.get());
        } finally {
            robot.interact(() -> stage.get().close());
        }
    }

    /** A look at an open window. */
    interface WindowCheck<T> {
        T in(MainWindow window) throws Exception;
    }

    /** A window at the projector's size (on FX; drawn without a window where larger than the headless screen). */
    static MainWindow window(int width, int height, AtomicReference<MainWindow> made,
                                     AtomicReference<Stage> stage) {
        try {
            MainWindow window = MainWindow.create(WindowModel.create(RecentFolders.inMemory()), width, height);
            Stage projector = new Stage();
            javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getBounds();
            if (width <= screen.getWidth() && height <= screen.getHeight()) {
                projector.setScene(window.scene());
                projector.show();
            } // larger than the headless screen (1280×800): the scene is laid out and drawn without a window
            made.set(window);
            stage.set(projector);
            return window;
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A window of {@code size} in presentation mode opening the bundled {@code sample} at {@code batch}; its stage in {@code stage}. */
    static MainWindow presented(FxRobot robot, Size size, String sample, long batch, AtomicReference<Stage> stage) {
        AtomicReference<MainWindow> made = new AtomicReference<>();
        robot.interact(() -> {
            MainWindow window = window(size.width(), size.height(), made, stage);
            window.model().display().presentationProperty().set(true);
            window.model().timeline().requestBatch(batch);
            window.model().open(SAMPLES.resolve(sample));
        });
        return made.get();
    }

    private String check(FxRobot robot, Size size, String sample, int rows) throws Exception {
        AtomicReference<Stage> stage = new AtomicReference<>();
        MainWindow window = presented(robot, size, sample, 2, stage);
        try {
            UiTestSupport.awaitReplay(window);
            UiTestSupport.awaitIdle(window);
            Scene scene = window.scene();
            pulse(robot, scene);
            TableView<?> input = robot.from(scene.getRoot()).lookup("#inputTable").queryAs(TableView.class);
            TableView<?> result = robot.from(scene.getRoot()).lookup("#resultTable").queryAs(TableView.class);
            int visible = onFx(() -> visibleRows(input));
            assertTrue(visible >= rows, size.name() + " " + sample + ": " + visible + " input rows visible, not " + rows);
            int room = onFx(() -> rowsThatFit(input));
            if (size.height() >= 720) {
                assertTrue(room >= 8, size.name() + " " + sample + ": room for " + room + " input rows, not 8");
            }
            List<String> cut = onFx(() -> {
                List<String> found = new ArrayList<>(truncated(input));
                found.addAll(truncated(result));
                return found;
            });
            assertTrue(cut.isEmpty(), size.name() + " " + sample + ": cut short " + cut);
            List<String> off = onFx(() -> offScreen(result, scene));
            assertTrue(off.isEmpty(), size.name() + " " + sample + ": result columns off screen " + off);
            double font = onFx(() -> window.model().display().fontSizeProperty().get());
            screenshot(robot, scene, "presentation-" + size.name() + "-" + sample + ".png");
            return size.name() + " " + sample + ": font " + font + " px, room for " + room + " rows, " + visible
                    + " input rows visible of "
                    + onFx(() -> input.getItems().size()) + ", input table height "
                    + Math.round(onFx(input::getHeight)) + " px";
        } finally {
            robot.interact(() -> stage.get().close());
        }
    }

    /** Lays the scene out and draws it, as a window's pulse would (a scene without a window has no pulse). */
    static void pulse(FxRobot robot, Scene scene) {
        for (int i = 0; i < 3; i++) {
            robot.interact(() -> {
                scene.getRoot().applyCss();
                scene.getRoot().layout();
                scene.snapshot(null);
            });
        }
    }

    /** How many rows the table's area holds under its header (its fixed row height). */
    static int rowsThatFit(TableView<?> table) {
        Node header = table.lookup(".column-header-background");
        double headerHeight = header == null ? 0 : header.getLayoutBounds().getHeight();
        Node hbar = table.lookup(".scroll-bar:horizontal");
        double bar = hbar != null && hbar.isVisible() ? hbar.getLayoutBounds().getHeight() : 0;
        return (int) Math.floor((table.getHeight() - headerHeight - bar) / table.getFixedCellSize());
    }

    /** Rows of the table fully inside its visible area. */
    static int visibleRows(TableView<?> table) {
        Bounds area = table.localToScene(table.getLayoutBounds());
        int count = 0;
        for (Node node : table.lookupAll(".table-row-cell")) {
            if (node instanceof TableRow<?> row && !row.isEmpty() && row.getItem() != null && row.isVisible()) {
                Bounds b = row.localToScene(row.getLayoutBounds());
                if (b.getMinY() >= area.getMinY() - 1 && b.getMaxY() <= area.getMaxY() + 1 && b.getHeight() > 0) {
                    count++;
                }
            }
        }
        return count;
    }

    /** Cells whose text is wider than the cell leaves for it, or shown with an ellipsis. */
    static List<String> truncated(TableView<?> table) {
        List<String> cut = new ArrayList<>();
        if (!table.isVisible()) {
            return cut;
        }
        for (Node node : table.lookupAll(".table-cell")) {
            if (node instanceof TableCell<?, ?> cell && cell.getText() != null && !cell.getText().isEmpty()
                    && cell.isVisible()) {
                Text text = new Text(cell.getText());
                text.setFont(cell.getFont());
                double needed = text.getLayoutBounds().getWidth();
                double room = cell.getWidth() - cell.snappedLeftInset() - cell.snappedRightInset();
                Node shown = cell.lookup(".text");
                boolean ellipsis = shown instanceof Text t && !t.getText().equals(cell.getText());
                if (needed > room + 0.5 || ellipsis) {
                    cut.add(cell.getText() + " (" + Math.round(needed) + " in " + Math.round(room) + ")");
                }
            }
        }
        for (TableColumn<?, ?> column : table.getColumns()) {
            Node header = table.lookup(".column-header .label");
            Text text = new Text(column.getText());
            if (header instanceof Label label) {
                text.setFont(label.getFont());
            }
            if (text.getLayoutBounds().getWidth() > column.getWidth() - 4) {
                cut.add("header " + column.getText());
            }
        }
        return cut;
    }

    static List<String> offScreen(TableView<?> table, Scene scene) {
        List<String> off = new ArrayList<>();
        if (!table.isVisible()) {
            return off;
        }
        for (Node node : table.lookupAll(".column-header")) {
            Bounds b = node.localToScene(node.getLayoutBounds());
            if (b.getWidth() > 0 && (b.getMinX() < -1 || b.getMaxX() > scene.getWidth() + 1)) {
                off.add(node.getId() + " " + b);
            }
        }
        Bounds area = table.localToScene(table.getLayoutBounds());
        if (area.getMaxX() > scene.getWidth() + 1) {
            off.add("table " + area);
        }
        return off;
    }

    @SuppressWarnings("unused")
    private static Path samples() {
        return SAMPLES;
    }

    @SuppressWarnings("unused")
    private static ShownRow none() {
        return null;
    }
}
