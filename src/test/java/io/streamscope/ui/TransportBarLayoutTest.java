package io.streamscope.ui;

import io.streamscope.ui.ProjectorLayoutTest.Size;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The transport bar in one row. A checkpoint from production has batch ids in the thousands, and at 1280 px its label
 * ("Batch 9999 of 0–9999") had wrapped Lesson to a second row: the captions Speed and Output mode now go first. Where
 * the bar has room (the shop sample at 1280 px, any checkpoint at 1920 px) they stay.
 */
@ExtendWith(ApplicationExtension.class)
class TransportBarLayoutTest {

    @Start
    void start(Stage stage) {
        // each check opens its own window
    }

    @Test
    void theBarKeepsOneRowAndItsCaptionsWhereTheyFit(FxRobot robot, @TempDir Path dir) throws Exception {
        Path production = SyntheticCheckpoint.write(dir.resolve("long-running"), 10_000, 1, 5);
        List<String> seen = new ArrayList<>();
        seen.add(look(robot, production, new Size(1280, 720, "1280x720")));
        seen.add(look(robot, production, new Size(1920, 1080, "1920x1080")));
        seen.add(look(robot, SAMPLES.resolve("shop-totals-update"), new Size(1280, 720, "1280x720")));
        assertEquals(List.of("1280x720: 1 row, captions away", "1920x1080: 1 row, captions shown",
                "1280x720: 1 row, captions shown"), seen);
    }

    /** Rows of the bar's items: an item wholly below the band of those before it starts a new one. */
    private static int rows(Parent bar) {
        List<javafx.geometry.Bounds> items = bar.getChildrenUnmodifiable().stream().filter(Node::isManaged)
                .map(Node::getBoundsInParent).sorted(java.util.Comparator.comparingDouble(javafx.geometry.Bounds::getMinY))
                .toList();
        int rows = 0;
        double bandBottom = Double.NEGATIVE_INFINITY;
        for (javafx.geometry.Bounds item : items) {
            if (item.getMinY() >= bandBottom - 0.5) {
                rows++;
            }
            bandBottom = Math.max(bandBottom, item.getMaxY());
        }
        return rows;
    }

    /** "1280x720: 1 row, captions shown": the bar's rows (its items' tops) and whether its captions show. */
    private static String look(FxRobot robot, Path checkpoint, Size size) throws Exception {
        return ProjectorLayoutTest.onCheckpoint(robot, size, checkpoint, window -> {
            ProjectorLayoutTest.pulse(robot, window.scene());
            Parent bar = robot.from(window.scene().getRoot()).lookup("#transportBar").queryAs(Parent.class);
            int rows = onFx(() -> rows(bar));
            boolean captions = onFx(() -> robot.from(bar).lookup("#speedCaption").query().isVisible()
                    && robot.from(bar).lookup("#modeCaption").query().isVisible());
            screenshot(robot, window.scene(), "transport-" + checkpoint.getFileName() + "-" + size.name() + ".png");
            return size.name() + ": " + rows + " row" + (rows == 1 ? "" : "s") + ", captions " + (captions ? "shown" : "away");
        });
    }
}
