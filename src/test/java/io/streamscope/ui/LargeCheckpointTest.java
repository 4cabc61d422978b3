package io.streamscope.ui;

import io.streamscope.ui.timeline.BatchTimeline;
import io.streamscope.ui.timeline.PaintedColumn;
import io.streamscope.ui.timeline.TimelineViewModel;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.controlsfx.control.RangeSlider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** 10,000 batches: only the columns on show are drawn, whatever the zoom, and stepping still works at both ends. */
@ExtendWith(ApplicationExtension.class)
class LargeCheckpointTest {

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void forget() {
        WaitForAsyncUtils.clearExceptions();
    }

    @Test
    void tenThousandBatchesDrawOnlyTheWindow(FxRobot robot, @TempDir Path temp) throws Exception {
        Path folder = SyntheticCheckpoint.write(temp.resolve("big"), 10_000, 8, 10);
        UiTestSupport.open(robot, window, folder);
        TimelineViewModel timeline = window.model().timeline();
        BatchTimeline drawn = robot.lookup("#batchTimeline").queryAs(BatchTimeline.class);

        assertEquals(10_000, onFx(() -> timeline.batches().size()));
        assertEquals(9_999, onFx(timeline::getSelectedIndex));
        List<PaintedColumn> columns = onFx(drawn::paintedColumns);
        assertTrue(columns.size() < 20, columns.size() + " columns drawn");
        assertEquals(9_999L, columns.get(columns.size() - 1).batchId(), "the newest batch is on show");
        Label window = robot.lookup("#timelineWindowLabel").queryAs(Label.class);
        assertTrue(onFx(window::getText).endsWith("of 10,000"), onFx(window::getText));
        screenshot(robot, this.window.scene(), "ten-thousand-batches.png");

        robot.type(KeyCode.HOME);
        assertEquals(0, onFx(timeline::getSelectedIndex));
        assertEquals(0L, onFx(() -> drawn.paintedColumns().get(0).batchId()));
        robot.type(KeyCode.RIGHT);
        robot.type(KeyCode.END);
        assertEquals(9_999, onFx(timeline::getSelectedIndex));

        // Zoomed all the way out through the range slider: still only what fits at the narrowest column.
        RangeSlider range = robot.lookup("#timelineRange").queryAs(RangeSlider.class);
        robot.interact(() -> {
            range.setLowValue(0);
            range.setHighValue(10_000);
        });
        WaitForAsyncUtils.waitForFxEvents();
        int drawnWhenZoomedOut = onFx(() -> drawn.paintedColumns().size());
        assertTrue(drawnWhenZoomedOut > columns.size() && drawnWhenZoomedOut < 150, drawnWhenZoomedOut + " columns drawn");
        screenshot(robot, this.window.scene(), "ten-thousand-batches-zoomed-out.png");
    }
}
