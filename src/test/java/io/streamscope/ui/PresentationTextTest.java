package io.streamscope.ui;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Presentation mode's text whole on a 1280×720 projector: no label on show cut to an ellipsis, on samples of every
 * kind (an aggregation, a window, a join, a crashed copy, transformWithState whose job cannot run here). The result
 * table's height had been fitted to its rows only, and the refusal that stands in for a job that cannot run was cut to
 * its first line.
 */
@ExtendWith(ApplicationExtension.class)
class PresentationTextTest {

    @Start
    void start(Stage stage) {
        // each check opens its own window
    }

    @Test
    void noLabelOnShowIsCut(FxRobot robot) throws Exception {
        Map<String, List<String>> cut = new java.util.TreeMap<>();
        for (String sample : List.of("shop-totals-update", "shop-windowed", "shop-join-inner", "shop-copy-crash", "shop-tws")) {
            ProjectorLayoutTest.Size projector = new ProjectorLayoutTest.Size(1280, 720, "1280x720");
            cut.put(sample, ProjectorLayoutTest.onCheckpoint(robot, projector, SAMPLES.resolve(sample), window -> {
                robot.interact(() -> {
                    window.model().display().presentationProperty().set(true);
                    window.model().timeline().select(2);
                });
                UiTestSupport.awaitIdle(window);
                ProjectorLayoutTest.pulse(robot, window.scene());
                UiTestSupport.screenshot(robot, window.scene(), "presentation-text-" + sample + ".png");
                return onFx(() -> cutLabels(window.scene().getRoot()));
            }));
        }
        assertEquals(Map.of("shop-copy-crash", List.of(), "shop-join-inner", List.of(), "shop-totals-update", List.of(),
                "shop-tws", List.of(), "shop-windowed", List.of()), cut);
    }

    /**
     * Labels on show whose text is drawn other than it is (an ellipsis), table cells aside (they show on hover), and a
     * lesson's file excerpt, whose lines are clipped to the panel's width by design (each already at most 160 chars).
     */
    static List<String> cutLabels(Parent root) {
        List<String> cut = new ArrayList<>();
        ArrayDeque<Node> todo = new ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            Node node = todo.poll();
            if (!node.isVisible()) {
                continue;
            }
            if (node instanceof Labeled label && !(label instanceof IndexedCell)
                    && !label.getStyleClass().contains("lesson-file") && label.getText() != null
                    && !label.getText().isBlank() && label.lookup(".text") instanceof Text drawn
                    && !drawn.getText().equals(label.getText())) {
                cut.add(label.getText() + " → " + drawn.getText());
            }
            if (node instanceof Parent parent) {
                todo.addAll(parent.getChildrenUnmodifiable());
            }
        }
        return cut;
    }
}
