package io.streamscope.ui;

import io.streamscope.replay.OutputMode;
import io.streamscope.ui.ProjectorLayoutTest.Size;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Presentation mode on a 1280×720 projector gives the output side the width of the result's columns: with two of
 * them (complete mode) its tab strip cut the first title to "ble · Complete" (Sink output chosen), with four the last
 * to "D". The side now gets at the least the width its titles take, narrowed as the normal mode's crowded ones. A
 * join's eight result columns were wider than the side can be: the result is shown smaller until they fit. Spark's
 * refusal in the result table's place shows whole at whatever width the side settles to.
 */
@ExtendWith(ApplicationExtension.class)
class PresentationOutputFitTest {

    private static final Size PROJECTOR = new Size(1280, 720, "1280x720");

    @Start
    void start(Stage stage) {
        // each test opens its own window at the projector's size
    }

    @Test
    void everyOutputTabTitleShowsWholeWhateverTheResultsWidth(FxRobot robot) throws Exception {
        List<String> seen = new ArrayList<>();
        for (OutputMode mode : List.of(OutputMode.APPEND, OutputMode.COMPLETE)) {
            for (String tab : List.of("#resultTab", "#sinkTab")) {
                seen.add(mode + " " + tab + onPresented(robot, "shop-totals-update", mode, window -> {
                    TabPane tabs = robot.from(window.scene().getRoot()).lookup("#outputTabs").queryAs(TabPane.class);
                    robot.interact(() -> tabs.getSelectionModel().select(
                            tabs.getTabs().stream().filter(t -> t.getId().equals(tab.substring(1))).findFirst().orElseThrow()));
                    settle(robot, window.scene());
                    screenshot(robot, window.scene(), "presentation-output-tabs-" + mode + "-" + tab.substring(1) + ".png");
                    // sized to its titles, the side keeps JavaFX's overflow menu where JavaFX shows it (TabHeadersFit)
                    return onFx(() -> TabHeadersLayoutTest.describe(tabs)).replace(" narrowed", "").replace(" + menu", "");
                }));
            }
        }
        assertEquals(List.of(
                "APPEND #resultTab: Result table · Append, Sink output, Decode whole",
                "APPEND #sinkTab: Result table · Append, Sink output, Decode whole",
                "COMPLETE #resultTab: Result table · Complete, Sink output, Decode whole",
                "COMPLETE #sinkTab: Result table · Complete, Sink output, Decode whole"), seen);
    }

    @Test
    void aJoinsEightResultColumnsAllShowAtASmallerSize(FxRobot robot) throws Exception {
        String seen = onPresented(robot, "shop-join-inner", OutputMode.APPEND, window -> {
            TableView<?> result = robot.from(window.scene().getRoot()).lookup("#resultTable").queryAs(TableView.class);
            settle(robot, window.scene());
            screenshot(robot, window.scene(), "presentation-join-result-1280x720.png");
            return onFx(() -> {
                double columns = result.getColumns().stream().filter(TableColumn::isVisible)
                        .mapToDouble(TableColumn::getWidth).sum();
                double full = window.model().display().fontSizeProperty().get() * 0.9; // presentation.css's table text
                double size = ((javafx.scene.control.Labeled) result.lookup(".table-cell")).getFont().getSize();
                String text = size >= 0.7 * full - 0.01 && size < full ? "smaller, not under 70 %"
                        : Math.round(100 * size / full) + " %";
                return "text " + text + ", " + result.getColumns().stream().filter(TableColumn::isVisible).count() + " columns in "
                        + (columns <= result.getWidth() ? "the table's width" : "more than its width")
                        + ", cut " + ProjectorLayoutTest.truncated(result)
                        + ", off screen " + ProjectorLayoutTest.offScreen(result, window.scene());
            });
        });
        // at the full size they took 1,080 px, where the output side has at most 70 % of 1280 (the last cut, under a bar)
        assertEquals("text smaller, not under 70 %, 8 columns in the table's width, cut [], off screen []", seen);
    }

    @Test
    void sparksRefusalShowsWholeAsTheOutputSideNarrows(FxRobot robot) throws Exception {
        // the tabs had kept the height they were given at the side's width before: narrower, the refusal wrapped to
        // a line more and read "Append output mode not supported when there are streaming aggregations on streaming ..."
        List<String> cut = onPresented(robot, "shop-totals-update", OutputMode.APPEND, window -> {
            Parent output = robot.from(window.scene().getRoot()).lookup("#outputTabs").queryAs(TabPane.class);
            String refusal = onFx(() -> ((Label) output.lookup("#refusalLabel")).getText());
            assertTrue(refusal.startsWith("Append output mode not supported"), refusal);
            settle(robot, window.scene());
            int lines = onFx(() -> wrappedLines(output));
            SplitPane split = robot.from(window.scene().getRoot()).lookup("#tablesSplit").queryAs(SplitPane.class);
            robot.interact(() -> split.setDividerPositions(0.62)); // the presenter drags the divider
            settle(robot, window.scene());
            assertTrue(onFx(() -> wrappedLines(output)) > lines, "narrower, more lines");
            screenshot(robot, window.scene(), "presentation-refusal-narrowed-1280x720.png");
            return onFx(() -> PresentationTextTest.cutLabels(output));
        });
        assertEquals(List.of(), cut);
    }

    /** The lines the refusal wraps to at its width (its text's height over one line's). */
    private static int wrappedLines(Parent output) {
        Label label = (Label) output.lookup("#refusalLabel");
        double width = label.getWidth() - label.snappedLeftInset() - label.snappedRightInset();
        Text text = new Text(label.getText());
        text.setFont(label.getFont());
        double line = text.getLayoutBounds().getHeight();
        text.setWrappingWidth(width);
        return (int) Math.round(text.getLayoutBounds().getHeight() / line);
    }

    /** What {@code check} finds in a presentation window at 1280×720 on {@code sample} at batch 0 in {@code mode}. */
    private static <T> T onPresented(FxRobot robot, String sample, OutputMode mode, ProjectorLayoutTest.WindowCheck<T> check)
            throws Exception {
        AtomicReference<Stage> stage = new AtomicReference<>();
        MainWindow window = ProjectorLayoutTest.presented(robot, PROJECTOR, sample, 0, stage);
        try {
            UiTestSupport.awaitReplay(window);
            if (mode != window.model().query().getOutputMode()) {
                int before = UiTestSupport.published(window);
                robot.interact(() -> window.model().query().outputModeProperty().set(mode));
                UiTestSupport.awaitReplayAfter(window, before);
            }
            UiTestSupport.awaitIdle(window);
            return check.in(window);
        } finally {
            robot.interact(() -> stage.get().close());
        }
    }

    /** Pulses until the fits run after a layout (each a later event) have settled. */
    private static void settle(FxRobot robot, Scene scene) {
        for (int i = 0; i < 3; i++) {
            ProjectorLayoutTest.pulse(robot, scene);
            robot.interact(() -> { });
        }
    }
}
