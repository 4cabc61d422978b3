package io.streamscope.ui;

import io.streamscope.ui.settings.Settings;
import io.streamscope.ui.settings.WindowPlacement;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.geometry.Dimension2D;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

import java.util.List;
import java.util.Optional;

/**
 * Puts the main window where it was last time, clamped to the screen it is on now, or, the first time, at about 80 %
 * of the primary screen's visual bounds, maximized on a small screen (a window manager's default would open it far
 * smaller, the tables off screen); then remembers every move and resize in the user's settings.
 */
final class WindowPlacer {

    private WindowPlacer() {
    }

    /** Where the window goes: as last time, clamped to the screen it is on now, or fitted to the primary screen. */
    static WindowPlacement placement(Settings settings) {
        Optional<WindowPlacement> saved = settings.window();
        Rectangle2D screen = screenOf(saved).getVisualBounds();
        return saved.map(p -> p.clampedTo(screen)).orElseGet(() -> WindowPlacement.fitted(screen));
    }

    /**
     * The size the window's scene will have once placed: a maximized window's is its screen's visual bounds (less the
     * window manager's frame, which is not known before the window is shown).
     */
    static Dimension2D sceneSize(WindowPlacement placement) {
        if (placement.maximized()) {
            Rectangle2D screen = screenOf(Optional.of(placement)).getVisualBounds();
            return new Dimension2D(screen.getWidth(), screen.getHeight());
        }
        return new Dimension2D(placement.width(), placement.height());
    }

    /**
     * Shows the window where {@code placement} puts it, its scene made at {@link #sceneSize}: placed before it is
     * shown, its first layout and paint are at the size it keeps. A maximized window gets no normal size before show:
     * that size would be laid out and painted, then erased when the window manager maximizes it, and laid out again.
     * Placed again once shown: a window manager may have sized a new window to its scene or ignored the hints.
     * A maximized window gets its normal bounds when it is first restored: shown without them, a window manager
     * restores it to the size it was mapped at, its whole screen.
     */
    static void show(MainWindow window, Stage stage, WindowPlacement placement) {
        stage.setX(placement.x()); // a maximized window too: it is maximized on the screen it starts on
        stage.setY(placement.y());
        place(stage, placement);
        window.show(stage);
        place(stage, placement);
        if (placement.maximized()) {
            stage.maximizedProperty().addListener(new InvalidationListener() {
                @Override
                public void invalidated(Observable maximized) {
                    if (!stage.isMaximized()) {
                        stage.maximizedProperty().removeListener(this);
                        place(stage, placement.restored());
                    }
                }
            });
        }
    }

    /** A normal window's bounds, or a maximized window's state alone (a move would take it off its maximized place). */
    private static void place(Stage stage, WindowPlacement placement) {
        if (!placement.maximized()) {
            stage.setX(placement.x());
            stage.setY(placement.y());
            stage.setWidth(placement.width());
            stage.setHeight(placement.height());
        }
        stage.setMaximized(placement.maximized());
    }

    /**
     * Saves the placement whenever it changes (a maximized window keeps the size it had before: at first the normal
     * bounds {@code placement} gave it).
     */
    static void remember(Stage stage, WindowPlacement placement, Settings settings) {
        double[] normal = placement.maximized()
                ? new double[] {placement.x(), placement.y(), placement.width(), placement.height()}
                : new double[] {stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()};
        InvalidationListener save = changed -> {
            if (!stage.isMaximized() && !stage.isFullScreen() && !stage.isIconified()) {
                normal[0] = stage.getX();
                normal[1] = stage.getY();
                normal[2] = stage.getWidth();
                normal[3] = stage.getHeight();
            }
            settings.saveWindow(new WindowPlacement(normal[0], normal[1], normal[2], normal[3], stage.isMaximized()));
        };
        for (var property : List.of(stage.xProperty(), stage.yProperty(), stage.widthProperty(), stage.heightProperty(),
                stage.maximizedProperty())) {
            property.addListener(save);
        }
    }

    /** The screen a placement lies on, or the primary screen for none (or one off every screen). */
    private static Screen screenOf(Optional<WindowPlacement> placement) {
        if (placement.isPresent()) {
            WindowPlacement p = placement.get();
            List<Screen> screens = Screen.getScreensForRectangle(p.x(), p.y(), Math.max(1, p.width()),
                    Math.max(1, p.height()));
            if (!screens.isEmpty()) {
                return screens.get(0);
            }
        }
        return Screen.getPrimary();
    }
}
