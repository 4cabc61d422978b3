package io.streamscope.ui.display;

import java.util.List;
import java.util.function.Supplier;

/**
 * Reads the theme's user-agent stylesheet (AtlantaFX's: 200 KB of binary CSS, its rules sorted into JavaFX's selector
 * partitions) on a thread of its own while JavaFX starts, so that the window's {@code Application.setUserAgentStylesheet}
 * finds it in place: JavaFX's {@code StyleManager} keeps the user-agent stylesheets it has, and given the same again
 * only compares their checksums. On the FX thread the read was a tenth of its time to the first frame. A head start
 * only: where {@code StyleManager} (JavaFX's, not its API) cannot be reached, the FX thread reads the sheet as before,
 * and a theme guessed wrong is replaced by the one the window sets.
 */
public final class ThemeHeadStart {

    private ThemeHeadStart() {
    }

    /** Starts reading the user-agent stylesheet of the theme {@code first} gives (asked on the new thread, returned). */
    public static Thread start(Supplier<Theme> first) {
        Thread thread = new Thread(() -> {
            try {
                com.sun.javafx.css.StyleManager.getInstance()
                        .setUserAgentStylesheets(List.of(first.get().userAgentStylesheet()));
            } catch (RuntimeException | LinkageError unreachable) {
                // no head start: the FX thread reads the stylesheet when the window sets its theme
            }
        }, "streamscope-theme");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
