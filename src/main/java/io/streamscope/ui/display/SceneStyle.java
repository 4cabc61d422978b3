package io.streamscope.ui.display;

import javafx.css.PseudoClass;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;

import java.net.URL;
import java.util.Locale;
import java.util.Objects;

/**
 * Applies a {@link DisplayViewModel} to a window: the root font size (every stylesheet size is in em, so layouts
 * reflow with it), the presentation stylesheet and pseudo-class, the theme ({@link Theme}), full screen, and
 * {@code :short} on the root of a window under {@value #SHORT_BELOW_EM} ems high in normal mode.
 */
public final class SceneStyle {

    public static final String PRESENTATION_STYLESHEET = "/styles/presentation.css";
    private static final PseudoClass PRESENTATION = PseudoClass.getPseudoClass("presentation");
    private static final PseudoClass DARK = PseudoClass.getPseudoClass("dark");
    /** A window this few root ems high (a 1280×720 projector's 1024×576 window) tightens its bars' padding. */
    private static final PseudoClass SHORT = PseudoClass.getPseudoClass("short");
    static final double SHORT_BELOW_EM = 45;

    private SceneStyle() {
    }

    public static void bind(Scene scene, DisplayViewModel display) {
        Parent root = scene.getRoot();
        String presentationCss = resource(PRESENTATION_STYLESHEET);
        Runnable font = () -> root.setStyle(String.format(Locale.ROOT, "-fx-font-size: %.2fpx;", display.fontSizeProperty().get()));
        Runnable mode = () -> {
            boolean on = display.isPresentation();
            root.pseudoClassStateChanged(PRESENTATION, on);
            if (on && !scene.getStylesheets().contains(presentationCss)) {
                scene.getStylesheets().add(presentationCss);
            } else if (!on) {
                scene.getStylesheets().remove(presentationCss);
            }
        };
        display.fontSizeProperty().addListener((property, old, size) -> font.run());
        Runnable fit = () -> {
            display.fitPresentationTo(scene.getWidth(), scene.getHeight());
            // normal mode's only: presentation mode fits its own sizes to the screen (presentation.css)
            root.pseudoClassStateChanged(SHORT, !display.isPresentation()
                    && scene.getHeight() < SHORT_BELOW_EM * display.fontSizeProperty().get());
        };
        display.fontSizeProperty().addListener((property, old, size) -> fit.run());
        scene.widthProperty().addListener((property, old, width) -> fit.run());
        scene.heightProperty().addListener((property, old, height) -> fit.run());
        fit.run();
        display.presentationProperty().addListener((property, old, on) -> mode.run());
        display.presentationProperty().addListener((property, old, on) -> fit.run());
        font.run();
        mode.run();
        bindTheme(scene, display);
    }

    /**
     * Sets the theme's user-agent stylesheet before the first control is made: else JavaFX's Control class loads its
     * own (Modena, 40 ms at start-up) only for {@link #bind} to replace it.
     */
    public static void preferTheme(DisplayViewModel display) {
        javafx.application.Application.setUserAgentStylesheet(display.shownThemeProperty().get().userAgentStylesheet());
    }

    /**
     * The theme on show: AtlantaFX's stylesheet as the user-agent stylesheet (as AtlantaFX prescribes; it is the
     * application's, so every window follows), the theme's own sheet after the app's (the projector's contrast), and
     * {@code :dark} on the root for a dark theme.
     */
    static void bindTheme(Scene scene, DisplayViewModel display) {
        Runnable apply = () -> applyTheme(scene, display.shownThemeProperty().get());
        display.shownThemeProperty().addListener((property, old, theme) -> apply.run());
        apply.run();
    }

    private static void applyTheme(Scene scene, Theme theme) {
        javafx.application.Application.setUserAgentStylesheet(theme.userAgentStylesheet());
        for (Theme other : Theme.values()) {
            other.stylesheet().filter(sheet -> other != theme).map(SceneStyle::resource)
                    .ifPresent(scene.getStylesheets()::remove);
        }
        theme.stylesheet().map(SceneStyle::resource).ifPresent(sheet -> {
            if (!scene.getStylesheets().contains(sheet)) {
                // after the app's own sheet, before presentation mode's sizes
                int at = scene.getStylesheets().indexOf(resource(PRESENTATION_STYLESHEET));
                scene.getStylesheets().add(at < 0 ? scene.getStylesheets().size() : at, sheet);
            }
        });
        scene.getRoot().pseudoClassStateChanged(DARK, theme.dark());
    }

    /** Presentation mode is full screen; leaving full screen some other way leaves presentation mode too. */
    public static void bindFullScreen(Stage stage, DisplayViewModel display) {
        stage.setFullScreenExitHint("Presentation mode: F11 or Esc to leave");
        stage.setFullScreenExitKeyCombination(KeyCombination.NO_MATCH); // Esc and F11 are the window's own keys
        display.presentationProperty().addListener((property, old, on) -> {
            if (stage.isFullScreen() != on) {
                stage.setFullScreen(on);
            }
        });
        stage.fullScreenProperty().addListener((property, old, full) -> {
            if (!full && display.isPresentation()) {
                display.presentationProperty().set(false);
            }
        });
        if (display.isPresentation()) {
            stage.setFullScreen(true);
        }
    }

    private static String resource(String name) {
        URL url = Objects.requireNonNull(SceneStyle.class.getResource(name), () -> name + " is not on the class path");
        return url.toExternalForm();
    }
}
