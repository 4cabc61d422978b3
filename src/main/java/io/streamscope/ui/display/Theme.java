package io.streamscope.ui.display;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;

import java.util.Arrays;
import java.util.Optional;

/**
 * The window's themes, from AtlantaFX: Primer Light (the default), Primer Dark, and the projector theme, Primer Light
 * with {@code styles/projector.css} on top (AtlantaFX's looked-up colours made stronger: black text and borders, a
 * deep blue accent, a yellow selection and focus ring that survive a washed-out projector). Presentation mode always
 * uses the projector theme; the app's own stylesheets stay on top of every theme and take their colours from
 * AtlantaFX's looked-up colours ({@code -color-fg-default}, {@code -color-accent-emphasis}, …), so every view
 * restyles with it.
 */
public enum Theme {

    PRIMER_LIGHT("primer-light", "Primer Light", new PrimerLight().getUserAgentStylesheet(), null),
    PRIMER_DARK("primer-dark", "Primer Dark", new PrimerDark().getUserAgentStylesheet(), null),
    PROJECTOR("projector", "Projector (high contrast)", new PrimerLight().getUserAgentStylesheet(),
            "/styles/projector.css");

    public static final Theme DEFAULT = PRIMER_LIGHT;

    private final String id;
    private final String label;
    private final String userAgentStylesheet;
    private final String stylesheet;

    Theme(String id, String label, String userAgentStylesheet, String stylesheet) {
        this.id = id;
        this.label = label;
        this.userAgentStylesheet = userAgentStylesheet;
        this.stylesheet = stylesheet;
    }

    /** How the theme is kept in the user's settings. */
    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    /** AtlantaFX's stylesheet, for {@code Application.setUserAgentStylesheet}. */
    public String userAgentStylesheet() {
        return userAgentStylesheet;
    }

    /** The app's sheet that this theme adds on top of the app's own (a resource name), if any. */
    public Optional<String> stylesheet() {
        return Optional.ofNullable(stylesheet);
    }

    public boolean dark() {
        return this == PRIMER_DARK;
    }

    public static Optional<Theme> find(String id) {
        return Arrays.stream(values()).filter(theme -> theme.id.equals(id)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
