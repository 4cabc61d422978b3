package io.streamscope.ui;

import io.streamscope.lesson.LessonStep;
import io.streamscope.ui.lesson.LessonController;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static io.streamscope.ui.UiTestSupport.shown;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lesson on a teacher's 1280×720 projector, in presentation mode with the lesson's panel under the tables: the step
 * where the restart runs batch 2 again shows every row the sink received, with why the batch ran twice said once, in
 * the timeline's strip across the window (above the output, in three lines of its height, it had pushed the sink's
 * rows out of sight), and the file it points at beside the step's text (under it, it took the sink's rows' height);
 * a wide file (offsets/1's conf line) stays under the text.
 */
@ExtendWith(ApplicationExtension.class)
class LessonOnAProjectorTest {

    @Start
    void start(Stage stage) {
        // the test opens its own window at the projector's size
    }

    @Test
    void theRestartStepShowsTheSinksRowsAndWhyTheBatchRanTwice(FxRobot robot) throws Exception {
        AtomicReference<MainWindow> made = new AtomicReference<>();
        AtomicReference<Stage> stage = new AtomicReference<>();
        robot.interact(() -> {
            MainWindow window = ProjectorLayoutTest.window(1280, 720, made, stage);
            window.model().display().presentationProperty().set(true);
            window.model().display().animationsProperty().set(false);
            window.lesson().start();
        });
        MainWindow window = made.get();
        try {
            LessonController lesson = window.lesson();
            LessonStep restart = onFx(() -> lesson.steps().get(11));
            assertEquals("The restart runs batch 2 again", restart.title());
            robot.interact(() -> {
                while (lesson.indexProperty().get() < 11) {
                    lesson.next();
                }
            });
            UiTestSupport.awaitLessonStep(window, restart);
            Scene scene = window.scene();
            TabPane output = robot.from(scene.getRoot()).lookup("#outputTabs").queryAs(TabPane.class);
            Tab sinkTab = onFx(() -> output.getTabs().stream().filter(tab -> "sinkTab".equals(tab.getId())).findFirst()
                    .orElseThrow());
            robot.interact(() -> output.getSelectionModel().select(sinkTab));
            UiTestSupport.awaitIdle(window);
            ProjectorLayoutTest.pulse(robot, scene);
            screenshot(robot, scene, "lesson/lesson-step-12-1280x720.png");

            TableView<?> sink = robot.from(scene.getRoot()).lookup("#sinkTable").queryAs(TableView.class);
            int received = onFx(() -> sink.getItems().size());
            assertEquals(2, received, "orders 150 and 151, as the sink received them in each run");
            assertEquals(received, (int) onFx(() -> ProjectorLayoutTest.visibleRows(sink)),
                    "every row the sink received in sight");
            Node panel = onFx(lesson::panel);
            double panelTop = onFx(() -> panel.localToScene(panel.getLayoutBounds()).getMinY());
            double sinkBottom = onFx(() -> sink.localToScene(sink.getLayoutBounds()).getMaxY());
            assertTrue(sinkBottom <= panelTop + 1, "the sink's table above the lesson's panel: " + sinkBottom
                    + " against " + panelTop);
            Label file = robot.from(scene.getRoot()).lookup("#lessonFileText").queryAs(Label.class);
            assertTrue(onFx(() -> file.getText().startsWith("commits/2:\nv1\n")), onFx(file::getText));
            double oneLine = onFx(() -> {
                Text line = new Text("{\"nextBatchWatermarkMs\":0}");
                line.setFont(file.getFont());
                return line.getLayoutBounds().getWidth();
            });
            assertTrue(onFx(file::getWidth) >= oneLine, "commits/2's lines whole: " + onFx(file::getWidth) + " px for "
                    + oneLine);
            double fileTop = onFx(() -> file.localToScene(file.getLayoutBounds()).getMinY());
            double textTop = onFx(() -> {
                Node text = scene.lookup("#lessonText");
                return text.localToScene(text.getLayoutBounds()).getMinY();
            });
            assertTrue(Math.abs(fileTop - textTop) < 2, "commits/2 beside the step's text, not under it");

            Label strip = robot.from(scene.getRoot()).lookup("#stripRunsLabel").queryAs(Label.class);
            assertTrue(onFx(() -> shown(strip)), "the strip says the batch ran twice");
            assertTrue(onFx(strip::getText).startsWith("Batch 2 ran twice: run 3 died before commits/2"),
                    onFx(strip::getText));
            Label banner = robot.from(scene.getRoot()).lookup("#batchRunsLabel").queryAs(Label.class);
            assertFalse(onFx(() -> shown(banner) && banner.isManaged()), "said once: not above the output as well");
            assertEquals(List.of(), onFx(() -> PresentationTextTest.cutLabels(scene.getRoot()))
                    .stream().filter(cut -> cut.contains("ran twice")).toList(), "the sentence whole");

            // out of presentation mode the strip folds away and the output says it again
            robot.interact(() -> window.model().display().presentationProperty().set(false));
            UiTestSupport.awaitIdle(window);
            assertTrue(onFx(() -> shown(banner) && banner.isManaged()), "above the output out of presentation mode");
            assertFalse(onFx(() -> shown(strip)), "the strip folded away with presentation mode");
            assertEquals(onFx(strip::getText), onFx(banner::getText));

            // offsets/1, whose conf line is wide, goes under the step's text, each line on one line of the panel
            robot.interact(() -> window.model().display().presentationProperty().set(true));
            robot.interact(() -> lesson.go(9));
            UiTestSupport.awaitLessonStep(window, onFx(() -> lesson.steps().get(9)));
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> onFx(() -> file.getText().contains("\n")));
            ProjectorLayoutTest.pulse(robot, scene);
            assertTrue(onFx(() -> file.getText().startsWith("offsets/1:\nv1\n")), onFx(file::getText));
            double textBottom = onFx(() -> {
                Node text = scene.lookup("#lessonText");
                return text.localToScene(text.getLayoutBounds()).getMaxY();
            });
            assertTrue(onFx(() -> file.localToScene(file.getLayoutBounds()).getMinY()) >= textBottom - 1,
                    "offsets/1 under the step's text");
            assertTrue(onFx(() -> file.localToScene(file.getLayoutBounds()).getMaxX()) <= scene.getWidth() + 1,
                    "offsets/1 within the window's width");
            // one line each: the conf line clipped at the panel's edge, the offsets whole
            String drawn = onFx(() -> ((Text) file.lookup(".text")).getText());
            assertTrue(drawn.endsWith("\n{\"orders\":{\"0\":5}}"), drawn);
            double lineHeight = onFx(() -> {
                Text line = new Text("v1");
                line.setFont(file.getFont());
                return line.getLayoutBounds().getHeight();
            });
            double textHeight = onFx(() -> file.getHeight() - file.snappedTopInset() - file.snappedBottomInset());
            assertTrue(textHeight < 4.5 * lineHeight, "four lines: " + textHeight + " px of " + lineHeight + " px lines");
            screenshot(robot, scene, "lesson/lesson-step-10-1280x720.png");
        } finally {
            robot.interact(() -> {
                window.lesson().stop();
                stage.get().close();
            });
        }
    }
}
