package io.streamscope.ui;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import io.streamscope.ui.display.Theme;
import io.streamscope.ui.settings.Settings;
import io.streamscope.ui.timeline.BatchTimeline;
import io.streamscope.ui.timeline.TimelinePalette;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.UUID;
import java.util.prefs.Preferences;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Themes: the selector restyles every view (a table row's background, the header, the timeline's canvas palette),
 * the choice survives a restart (a new window on the same settings node), and presentation mode shows the projector
 * theme and gives the chosen one back on leaving.
 */
@ExtendWith(ApplicationExtension.class)
class ThemeJourneyTest {

    /** The user's settings, a node of this test's own (the user's real ones are never touched). */
    private Preferences node;
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        node = Preferences.userRoot().node("io/streamscope/test-" + UUID.randomUUID());
        window = MainWindow.create(WindowModel.create(Settings.of(node)));
        window.show(stage);
    }

    @AfterEach
    void forget(FxRobot robot) throws Exception {
        robot.interact(() -> {
            window.model().display().presentationProperty().set(false);
            window.model().display().themeProperty().set(Theme.DEFAULT); // the user-agent sheet is the application's
        });
        WaitForAsyncUtils.clearExceptions();
        node.removeNode();
    }

    @SuppressWarnings("unchecked")
    private static ComboBox<Theme> selector(FxRobot robot, MainWindow window) {
        return robot.from(window.scene().getRoot()).lookup("#themeSelector").queryAs(ComboBox.class);
    }

    /** The background of a row of batch 1 in the input table (its batch tint, the theme's). */
    private static Paint rowBackground(FxRobot robot, MainWindow window) throws Exception {
        TableView<?> input = robot.from(window.scene().getRoot()).lookup("#inputTable").queryAs(TableView.class);
        robot.interact(() -> input.scrollTo(4)); // batch 1's row
        WaitForAsyncUtils.waitFor(20, java.util.concurrent.TimeUnit.SECONDS, () -> onFx(() -> firstRow(input) != null));
        return onFx(() -> {
            var fills = firstRow(input).getBackground().getFills();
            return fills.get(fills.size() - 1).getFill();
        });
    }

    private static TableRow<?> firstRow(TableView<?> table) {
        for (Node row : table.lookupAll(".table-row-cell")) {
            if (row instanceof TableRow<?> cell && row.isVisible() && cell.getItem() != null
                    && cell.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("batch-odd"))
                    && cell.getBackground() != null && !cell.getBackground().getFills().isEmpty()) {
                return cell;
            }
        }
        return null;
    }

    private static Paint background(FxRobot robot, MainWindow window, String id) throws Exception {
        Region region = robot.from(window.scene().getRoot()).lookup(id).queryAs(Region.class);
        return onFx(() -> region.getBackground().getFills().get(0).getFill());
    }

    private static TimelinePalette palette(FxRobot robot, MainWindow window) throws Exception {
        BatchTimeline timeline = robot.from(window.scene().getRoot()).lookup("#batchTimeline").queryAs(BatchTimeline.class);
        return onFx(timeline::palette);
    }

    private static void choose(FxRobot robot, MainWindow window, Theme theme) {
        robot.interact(() -> selector(robot, window).setValue(theme));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aThemeSwitchRestylesEveryViewAndSurvivesARestart(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        UiTestSupport.awaitReplay(window);
        assertEquals(Theme.PRIMER_LIGHT, onFx(() -> selector(robot, window).getValue()), "Primer Light by default");
        assertEquals(new PrimerLight().getUserAgentStylesheet(), onFx(Application::getUserAgentStylesheet));
        Paint lightRow = rowBackground(robot, window);
        Paint lightHeader = background(robot, window, "#headerBar");
        TimelinePalette light = palette(robot, window);
        screenshot(robot, window.scene(), "theme-primer-light.png");

        choose(robot, window, Theme.PRIMER_DARK);
        assertEquals(new PrimerDark().getUserAgentStylesheet(), onFx(Application::getUserAgentStylesheet));
        Paint darkRow = rowBackground(robot, window);
        assertNotEquals(lightRow, darkRow, "the table's rows restyle");
        assertTrue(((javafx.scene.paint.Color) darkRow).getBrightness() < 0.3, "dark rows: " + darkRow);
        assertNotEquals(lightHeader, background(robot, window, "#headerBar"), "the header restyles");
        TimelinePalette dark = palette(robot, window);
        assertNotEquals(light.text(), dark.text(), "the timeline's text");
        assertNotEquals(light.gutter(), dark.gutter(), "the timeline's gutter");
        assertTrue(dark.text().getBrightness() > 0.7, "light text on the dark canvas: " + dark.text());
        screenshot(robot, window.scene(), "theme-primer-dark.png");

        // a restart: a new window on the same settings
        Stage first = (Stage) window.scene().getWindow();
        MainWindow[] restarted = new MainWindow[1];
        robot.interact(() -> {
            first.close();
            try {
                restarted[0] = MainWindow.create(WindowModel.create(Settings.of(node)));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            restarted[0].show(new Stage());
        });
        MainWindow again = restarted[0];
        window = again;
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Theme.PRIMER_DARK, onFx(() -> selector(robot, again).getValue()), "remembered");
        assertEquals(new PrimerDark().getUserAgentStylesheet(), onFx(Application::getUserAgentStylesheet));
        assertEquals(dark.text(), palette(robot, again).text());
    }

    @Test
    void presentationModeShowsTheProjectorThemeAndGivesTheChosenOneBack(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        UiTestSupport.awaitReplay(window);
        choose(robot, window, Theme.PRIMER_DARK);
        TimelinePalette dark = palette(robot, window);
        String projectorSheet = Theme.PROJECTOR.stylesheet().orElseThrow();

        robot.interact(() -> window.model().display().presentationProperty().set(true));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Theme.PROJECTOR, onFx(window.model().display().shownThemeProperty()::get));
        assertEquals(new PrimerLight().getUserAgentStylesheet(), onFx(Application::getUserAgentStylesheet));
        assertTrue(onFx(() -> window.scene().getStylesheets().stream().anyMatch(sheet -> sheet.endsWith(projectorSheet))));
        TimelinePalette projector = palette(robot, window);
        assertEquals(javafx.scene.paint.Color.BLACK, projector.text(), "black on white");
        assertEquals(Theme.PRIMER_DARK, onFx(() -> selector(robot, window).getValue()), "the choice stays the user's");
        screenshot(robot, window.scene(), "theme-projector.png");

        robot.interact(() -> window.model().display().presentationProperty().set(false));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Theme.PRIMER_DARK, onFx(window.model().display().shownThemeProperty()::get));
        assertEquals(new PrimerDark().getUserAgentStylesheet(), onFx(Application::getUserAgentStylesheet));
        assertFalse(onFx(() -> window.scene().getStylesheets().stream().anyMatch(sheet -> sheet.endsWith(projectorSheet))));
        assertEquals(dark, palette(robot, window), "the dark canvas again");
        assertEquals("primer-dark", onFx(() -> Settings.of(node).theme().orElse(null)), "presentation mode chose nothing");
    }
}
