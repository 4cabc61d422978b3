package io.streamscope.ui;

import io.streamscope.ui.ProjectorLayoutTest.Size;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every tab's title whole on a projector. At 1280×720 the inspector's seven titles ran past its width: JavaFX showed
 * "Doctor (" and hid "Notes (1)" behind its overflow menu, and the output tabs' "Decode" was cut to a "D". The titles
 * now narrow their padding where they would not fit (TabHeadersFit), and keep it where they do; and the overflow menu's
 * button shows only where a title does not (JavaFX had kept it beside titles that came to fit without it).
 */
@ExtendWith(ApplicationExtension.class)
class TabHeadersLayoutTest {

    @Start
    void start(Stage stage) {
        // each check opens its own window
    }

    @Test
    void everyTitleShowsWholeAndIsNarrowedOnlyWhereItMustBe(FxRobot robot) throws Exception {
        Path crash = SAMPLES.resolve("shop-copy-crash"); // a doctor finding and a note: the longest titles
        List<String> seen = new ArrayList<>();
        for (Size size : List.of(new Size(1280, 720, "1280x720"), new Size(1920, 1080, "1920x1080"))) {
            seen.addAll(look(robot, crash, size));
        }
        assertEquals(List.of(
                "1280x720 #inspectorTabs narrowed: State, Files, Conf, Progress, Restarts, Doctor (1), Notes (1) whole",
                "1280x720 #outputTabs narrowed: Result table · Append, Sink output, Decode whole",
                "1920x1080 #inspectorTabs: State, Files, Conf, Progress, Restarts, Doctor (1), Notes (1) whole",
                "1920x1080 #outputTabs: Result table · Append, Sink output, Decode whole"), seen);
    }

    @Test
    void theTitlesTakeTheirPaddingBackWhenTheInspectorIsWidenedAndGiveItUpWhenNarrowed(FxRobot robot) throws Exception {
        Size projector = new Size(1280, 720, "1280x720");
        List<String> seen = ProjectorLayoutTest.onCheckpoint(robot, projector, SAMPLES.resolve("shop-copy-crash"), window -> {
            SplitPane split = robot.from(window.scene().getRoot()).lookup("#mainSplit").queryAs(SplitPane.class);
            TabPane inspector = robot.from(window.scene().getRoot()).lookup("#inspectorTabs").queryAs(TabPane.class);
            List<String> widths = new ArrayList<>();
            for (double divider : new double[] {0.6, 0.35, 0.6, 0.8}) {
                robot.interact(() -> split.setDividerPositions(divider));
                ProjectorLayoutTest.pulse(robot, window.scene());
                widths.add(divider + onFx(() -> describe(inspector)));
            }
            return widths;
        });
        String all = "State, Files, Conf, Progress, Restarts, Doctor (1), Notes (1)";
        assertEquals(List.of("0.6 narrowed: " + all + " whole", "0.35: " + all + " whole",
                "0.6 narrowed: " + all + " whole"), seen.subList(0, 3));
        // a fifth of the window: JavaFX's overflow menu over narrowed titles
        assertTrue(seen.get(3).startsWith("0.8 narrowed: State,") && seen.get(3).contains("hidden")
                && seen.get(3).endsWith(" + menu"), seen.get(3));
    }

    private static List<String> look(FxRobot robot, Path checkpoint, Size size) throws Exception {
        return ProjectorLayoutTest.onCheckpoint(robot, size, checkpoint, window -> {
            ProjectorLayoutTest.pulse(robot, window.scene());
            List<String> seen = new ArrayList<>();
            for (String id : List.of("#inspectorTabs", "#outputTabs")) {
                TabPane pane = robot.from(window.scene().getRoot()).lookup(id).queryAs(TabPane.class);
                seen.add(size.name() + " " + id + onFx(() -> describe(pane)));
            }
            screenshot(robot, window.scene(), "tab-headers-" + checkpoint.getFileName() + "-" + size.name() + ".png");
            return seen;
        });
    }

    /**
     * " narrowed: A, B whole": whether the titles are narrowed, then each title and where it shows ({@link #titles}),
     * then " + menu" where the overflow menu's button shows.
     */
    static String describe(TabPane pane) {
        List<Title> titles = titles(pane);
        boolean allWhole = titles.stream().allMatch(Title::whole);
        return (pane.lookup(".tab-header-area").getStyleClass().contains("crowded") ? " narrowed: " : ": ")
                + String.join(", ", titles.stream().map(Title::toString).toList()) + (allWhole ? " whole" : "")
                + (shows(menu(pane), strip(pane)) ? " + menu" : "");
    }

    /** The selected title where it does not show whole ("Restarts cut"); nothing where it does. */
    static List<String> selectedTitleCut(TabPane pane) {
        return titles(pane).stream().filter(title -> title.selected() && !title.whole()).map(Title::toString).toList();
    }

    /** A tab's title and where it shows: "whole", "cut" or "hidden". */
    record Title(String text, String place, boolean selected) {
        boolean whole() {
            return place.equals("whole");
        }

        @Override
        public String toString() {
            return text + (whole() ? "" : " " + place);
        }
    }

    /**
     * Each title and where it shows: "whole" inside the pane's header strip (left of the overflow menu's button when
     * that shows), "cut" partly, "hidden" not at all.
     */
    private static List<Title> titles(TabPane pane) {
        Bounds strip = strip(pane);
        double right = strip.getMaxX();
        Node menu = menu(pane);
        if (shows(menu, strip)) {
            right = Math.min(right, menu.localToScene(menu.getLayoutBounds()).getMinX());
        }
        List<Title> titles = new ArrayList<>();
        for (Node header : pane.lookupAll(".tab-header-area .tab")) {
            Labeled label = (Labeled) header.lookup(".tab-label");
            Bounds at = header.localToScene(header.getLayoutBounds());
            String place = at.getMinX() >= strip.getMinX() - 0.5 && at.getMaxX() <= right + 0.5 ? "whole"
                    : at.getMaxX() <= strip.getMinX() || at.getMinX() >= right ? "hidden" : "cut";
            boolean selected = header.getPseudoClassStates().stream()
                    .anyMatch(state -> state.getPseudoClassName().equals("selected"));
            titles.add(new Title(label.getText(), place, selected));
        }
        return titles;
    }

    private static Bounds strip(TabPane pane) {
        return pane.localToScene(pane.getLayoutBounds());
    }

    private static Node menu(TabPane pane) {
        return pane.lookup(".control-buttons-tab .tab-down-button");
    }

    /** Whether the overflow menu's button is drawn: it and the region holding it visible, of some width, in the strip. */
    private static boolean shows(Node menu, Bounds strip) {
        return menu != null && menu.isVisible() && menu.getParent() != null && menu.getParent().isVisible()
                && menu.getLayoutBounds().getWidth() > 0
                && menu.localToScene(menu.getLayoutBounds()).getMaxX() <= strip.getMaxX() + 0.5;
    }
}
