package io.streamscope.ui.display;

import com.sun.javafx.css.StyleManager;
import javafx.application.Application;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The head start leaves JavaFX holding the very stylesheet the window's {@code Application.setUserAgentStylesheet}
 * then keeps (not read again), and a different theme is still read as before.
 */
@ExtendWith(ApplicationExtension.class)
class ThemeHeadStartTest {

    @Start
    void start(Stage stage) {
    }

    @Test
    void theWindowKeepsTheStylesheetReadAhead(FxRobot robot) throws Exception {
        String before = onFx(Application::getUserAgentStylesheet);
        try {
            ThemeHeadStart.start(() -> Theme.PRIMER_DARK).join(30_000);
            Object readAhead = onFx(() -> containers().get(0));
            assertEquals(1, onFx(() -> containers().size()));

            robot.interact(() -> Application.setUserAgentStylesheet(Theme.PRIMER_DARK.userAgentStylesheet()));
            assertSame(readAhead, onFx(() -> containers().get(0)),
                    "the window's own setting keeps what was read ahead");

            robot.interact(() -> Application.setUserAgentStylesheet(Theme.PRIMER_LIGHT.userAgentStylesheet()));
            assertNotSame(readAhead, onFx(() -> containers().get(0)),
                    "another theme is read");
        } finally {
            robot.interact(() -> Application.setUserAgentStylesheet(before));
        }
    }

    @Test
    void theWindowCanWaitForTheRead(FxRobot robot) throws Exception {
        String before = onFx(Application::getUserAgentStylesheet);
        try {
            ThemeHeadStart.start(() -> {
                try {
                    Thread.sleep(300); // a read still under way when the FX thread begins the window
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
                return Theme.PRIMER_DARK;
            });
            ThemeHeadStart.awaitRead();
            Object readAhead = containers().get(0);
            assertEquals(1, containers().size());
            robot.interact(() -> Application.setUserAgentStylesheet(Theme.PRIMER_DARK.userAgentStylesheet()));
            assertSame(readAhead, onFx(() -> containers().get(0)), "the dark theme was read when the wait ended");
        } finally {
            robot.interact(() -> Application.setUserAgentStylesheet(before));
        }
    }

    /** JavaFX's user-agent stylesheets as it holds them (its own class, so seen as objects). */
    private static java.util.List<?> containers() {
        Object containers = StyleManager.getInstance().platformUserAgentStylesheetContainers;
        return (java.util.List<?>) containers;
    }
}
