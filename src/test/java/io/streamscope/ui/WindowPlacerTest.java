package io.streamscope.ui;

import io.streamscope.ui.settings.Settings;
import io.streamscope.ui.settings.WindowPlacement;
import javafx.geometry.Dimension2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The window is laid out at the size it keeps from its first pulse on: a size laid out and painted before the window
 * is placed or maximized is work thrown away, and on a desktop its frame is erased when the window manager resizes
 * the window (measured on the screen: the whole first frame 0.3 s later than with the window placed before show).
 */
@ExtendWith(ApplicationExtension.class)
class WindowPlacerTest {

    @Test
    void aMaximizedWindowIsLaidOutOnlyAtItsMaximizedSize(FxRobot robot) throws Exception {
        Rectangle2D screen = onFx(() -> Screen.getPrimary().getVisualBounds());
        WindowPlacement fitted = WindowPlacement.fitted(screen);
        assertEquals(true, fitted.maximized(), "the headless screen (" + screen + ") is a small one, maximized");

        List<Dimension2D> sizes = showPlaced(robot, fitted);

        assertEquals(List.of(new Dimension2D(screen.getWidth(), screen.getHeight())), sizes,
                "the sizes the scene was laid out at");
    }

    @Test
    void aRememberedWindowIsLaidOutOnlyAtItsRememberedSize(FxRobot robot) throws Exception {
        WindowPlacement saved = new WindowPlacement(40, 30, 1000, 700, false);

        List<Dimension2D> sizes = showPlaced(robot, saved);

        assertEquals(List.of(new Dimension2D(1000, 700)), sizes, "the sizes the scene was laid out at");
    }

    @Test
    void aMaximizedWindowIsRestoredToItsNormalBounds(FxRobot robot) throws Exception {
        Rectangle2D screen = onFx(() -> Screen.getPrimary().getVisualBounds());
        WindowPlacement fitted = WindowPlacement.fitted(screen);
        Settings settings = Settings.inMemory();
        Stage stage = showAsTheAppDoes(robot, fitted, settings, scene -> { });
        try {
            assertEquals(true, onFx(stage::isMaximized));

            robot.interact(() -> stage.setMaximized(false));
            WaitForAsyncUtils.waitForFxEvents(5);

            assertEquals(List.of(fitted.x(), fitted.y(), fitted.width(), fitted.height()),
                    onFx(() -> List.of(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight())),
                    "restored to the fitted 80 % of " + screen + ", not the whole screen it was shown maximized on");
            assertEquals(java.util.Optional.of(fitted.restored()), settings.window(), "and remembered so");
        } finally {
            robot.interact(stage::close);
        }
    }

    /** Shows a window as the app does and gives the distinct sizes its scene was laid out at, pulse by pulse. */
    private static List<Dimension2D> showPlaced(FxRobot robot, WindowPlacement placement) throws Exception {
        List<Dimension2D> sizes = new ArrayList<>();
        Stage stage = showAsTheAppDoes(robot, placement, Settings.inMemory(), scene ->
                scene.addPostLayoutPulseListener(() -> {
                    Dimension2D now = new Dimension2D(scene.getWidth(), scene.getHeight());
                    if (sizes.isEmpty() || !sizes.get(sizes.size() - 1).equals(now)) {
                        sizes.add(now);
                    }
                }));
        try {
            assertEquals(placement.maximized(), onFx(stage::isMaximized), "maximized");
            if (!placement.maximized()) {
                assertEquals(List.of(placement.x(), placement.y(), placement.width(), placement.height()),
                        onFx(() -> List.of(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight())),
                        "where the window is");
            }
            return onFx(() -> List.copyOf(sizes));
        } finally {
            robot.interact(stage::close);
        }
    }

    /**
     * Makes the main window at its placement's scene size, lets {@code beforeShow} see its scene, then shows, places
     * and remembers it as {@code StreamscopeApp.start} does; returns once the window has settled.
     */
    private static Stage showAsTheAppDoes(FxRobot robot, WindowPlacement placement, Settings settings,
                                          Consumer<Scene> beforeShow) throws Exception {
        AtomicReference<Stage> shown = new AtomicReference<>();
        robot.interact(() -> {
            try {
                Dimension2D size = WindowPlacer.sceneSize(placement);
                MainWindow window = MainWindow.create(WindowModel.create(settings), size.getWidth(), size.getHeight());
                beforeShow.accept(window.scene());
                Stage stage = new Stage();
                shown.set(stage);
                WindowPlacer.show(window, stage, placement);
                WindowPlacer.remember(stage, placement, settings);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        WaitForAsyncUtils.waitForFxEvents(5);
        return shown.get();
    }
}
