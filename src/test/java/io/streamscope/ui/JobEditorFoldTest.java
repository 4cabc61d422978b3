package io.streamscope.ui;

import io.streamscope.ui.display.JobEditorFold;
import io.streamscope.ui.settings.Settings;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.prefs.Preferences;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job editor on a short window: folded to its one-line bar (the job in a few words) so the tables keep three whole
 * rows; unfolded by its button, and that choice holds at any height and survives a restart; on a tall window it is open.
 */
@ExtendWith(ApplicationExtension.class)
class JobEditorFoldTest {

    @Start
    void start(Stage stage) {
        // each test opens its own windows
    }

    @Test
    void aShortWindowFoldsTheEditorAndTheUsersChoiceIsRemembered(FxRobot robot) throws Exception {
        Preferences node = Preferences.userRoot().node("io/streamscope/test-" + UUID.randomUUID());
        try {
            MainWindow first = open(robot, Settings.of(node), 1024, 548);
            Scene scene = first.scene();
            try {
                assertTrue(showing(robot, scene, "#jobFoldBar"), "the folded bar");
                assertFalse(showing(robot, scene, "#queryEditor"), "no editor in the bar");
                String summary = onFx(robot.from(scene.getRoot()).lookup("#jobSummaryLabel").queryAs(Label.class)::getText);
                assertTrue(summary.startsWith("Totals per customer, update mode") && summary.endsWith(" lines"), summary);
                screenshot(robot, scene, "job-editor-folded-1024x548.png");

                robot.clickOn(robot.from(scene.getRoot()).lookup("#unfoldJobEditorButton").queryAs(Node.class));
                ProjectorLayoutTest.pulse(robot, scene);
                assertTrue(showing(robot, scene, "#queryEditor"), "unfolded by its button");
                assertFalse(showing(robot, scene, "#jobFoldBar"));
                assertEquals(JobEditorFold.OPEN, onFx(first.model().display().jobEditorFoldProperty()::get));
                double editor = onFx(() -> robot.from(scene.getRoot()).lookup("#queryBar").queryAs(Node.class)
                        .getLayoutBounds().getHeight());
                assertTrue(editor >= WorkAreaLayout.OPEN_EDITOR_EM * 14 - 1, "room for the editor: " + editor + " px");
            } finally {
                close(robot, scene);
            }

            MainWindow again = open(robot, Settings.of(node), 1024, 548); // a restart on the same settings
            try {
                assertTrue(showing(robot, again.scene(), "#queryEditor"), "the choice survives a restart");
                robot.clickOn(robot.from(again.scene().getRoot()).lookup("#foldJobEditorButton").queryAs(Node.class));
                ProjectorLayoutTest.pulse(robot, again.scene());
                assertTrue(showing(robot, again.scene(), "#jobFoldBar"), "folded by its button");
                assertEquals(JobEditorFold.FOLDED, onFx(again.model().display().jobEditorFoldProperty()::get));
            } finally {
                close(robot, again.scene());
            }
            assertEquals("folded", Settings.of(node).jobEditor().orElseThrow());
        } finally {
            node.removeNode();
        }
    }

    @Test
    void aTallWindowKeepsTheEditorOpenAndTheTablesTheirRows(FxRobot robot) throws Exception {
        MainWindow window = open(robot, Settings.inMemory(), 1280, 800);
        try {
            assertTrue(showing(robot, window.scene(), "#queryEditor"));
            assertFalse(showing(robot, window.scene(), "#jobFoldBar"));
            TableView<?> input = robot.from(window.scene().getRoot()).lookup("#inputTable").queryAs(TableView.class);
            int rows = onFx(() -> NormalModeLayoutTest.wholeRows(input, window.scene()));
            assertTrue(rows >= NormalModeLayoutTest.ROWS, rows + " whole input rows");
        } finally {
            close(robot, window.scene());
        }
    }

    private static MainWindow open(FxRobot robot, Settings settings, int width, int height) throws Exception {
        AtomicReference<MainWindow> made = new AtomicReference<>();
        robot.interact(() -> {
            try {
                MainWindow window = MainWindow.create(WindowModel.create(settings), width, height);
                Stage stage = new Stage();
                stage.setScene(window.scene());
                stage.show();
                window.model().open(SAMPLES.resolve("shop-totals-update"));
                made.set(window);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        });
        UiTestSupport.awaitReplay(made.get());
        ProjectorLayoutTest.pulse(robot, made.get().scene());
        return made.get();
    }

    private static void close(FxRobot robot, Scene scene) {
        robot.interact(() -> ((Stage) scene.getWindow()).close());
    }

    private static boolean showing(FxRobot robot, Scene scene, String id) throws Exception {
        Node node = robot.from(scene.getRoot()).lookup(id).query();
        return onFx(() -> NormalModeLayoutTest.shownHeight(node, scene) > 0);
    }
}
