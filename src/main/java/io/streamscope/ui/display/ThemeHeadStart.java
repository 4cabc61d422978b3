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
 * The FX thread waits for the read ({@link #awaitRead}) before it makes the window's nodes: reading the sheet registers
 * its pseudo-classes and style classes in JavaFX's tables of them, which are not made for two threads, and so do the
 * controls' classes as the window loads them. Here the read was done 60-130 ms before the toolkit was up.
 */
public final class ThemeHeadStart {

    private static volatile Thread reading;

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
        reading = thread;
        thread.start();
        return thread;
    }

    /** Returns once the read {@link #start} began has ended (at once where none was begun). */
    public static void awaitRead() {
        Thread thread = reading;
        if (thread == null) {
            return;
        }
        try {
            thread.join();
            reading = null;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
