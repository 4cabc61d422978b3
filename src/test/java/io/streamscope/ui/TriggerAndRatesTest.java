package io.streamscope.ui;

import io.streamscope.ui.timeline.BatchTimeline;
import io.streamscope.ui.timeline.PaintedColumn;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The trigger on the timeline's canvas (availableNow: a badge per run) and the progress tab's rates with their source. */
@ExtendWith(ApplicationExtension.class)
class TriggerAndRatesTest {

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void clear() {
        WaitForAsyncUtils.clearExceptions();
    }

    @Test
    void availableNowRunsAreOnTheCanvasAndSparksRatesSayWhereTheyComeFrom(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        UiTestSupport.awaitReplay(window);
        BatchTimeline timeline = robot.lookup("#batchTimeline").queryAs(BatchTimeline.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> onFx(() -> timeline.paintedColumns().stream()
                .allMatch(column -> column.triggerMark() != null)));
        assertEquals(List.of("run 1", "run 2", "run 3"), onFx(() -> timeline.paintedColumns().stream()
                .map(PaintedColumn::triggerMark).toList()), "availableNow: three runs of one batch each");
        screenshot(robot, window.scene(), "timeline-trigger-runs.png");

        TabPane tabs = robot.lookup("#inspectorTabs").queryAs(TabPane.class);
        robot.interact(() -> tabs.getTabs().stream().filter(tab -> "progressTab".equals(tab.getId())).findFirst()
                .ifPresent(tab -> tabs.getSelectionModel().select(tab)));
        WaitForAsyncUtils.waitForFxEvents();
        Label rates = robot.lookup("#progressRatesLabel").queryAs(Label.class);
        String text = onFx(rates::getText);
        assertTrue(text.startsWith("Rates (Spark's progress.jsonl): inputRowsPerSecond "), text);
        assertTrue(text.contains("processedRowsPerSecond"), text);
    }
}
