package io.streamscope.ui.display;

import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

import java.util.List;

/**
 * How the window looks, not what it shows: presentation mode, zoom, animations on or off, and whether the inspector
 * is unfolded. Views honour these; nothing here knows a control.
 */
public final class DisplayViewModel {

    /** Root font size in pixels at 100 %: a desktop size, and twice that in presentation mode. */
    public static final double DESKTOP_FONT_PX = 14;
    public static final double PRESENTATION_FONT_PX = 28;
    /** The zoom steps, like a browser's, from 50 to 250 %. */
    public static final List<Integer> ZOOM_STEPS = List.of(50, 67, 75, 80, 90, 100, 110, 125, 150, 175, 200, 250);

    private final BooleanProperty presentation = new SimpleBooleanProperty(this, "presentation", false);
    /** The theme the user chose (remembered in their settings). */
    private final javafx.beans.property.ObjectProperty<Theme> theme =
            new javafx.beans.property.SimpleObjectProperty<>(this, "theme", Theme.DEFAULT);
    /** The theme on show: the chosen one, the projector theme in presentation mode. */
    private final javafx.beans.property.ReadOnlyObjectWrapper<Theme> shownTheme =
            new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "shownTheme", Theme.DEFAULT);
    private final BooleanProperty animations = new SimpleBooleanProperty(this, "animations", true);
    private final BooleanProperty inspectorShown = new SimpleBooleanProperty(this, "inspectorShown", true);
    /** The user's choice for the job editor (remembered in their settings). */
    private final javafx.beans.property.ObjectProperty<JobEditorFold> jobEditorFold =
            new javafx.beans.property.SimpleObjectProperty<>(this, "jobEditorFold", JobEditorFold.AUTO);
    /** Whether the job editor shows as its one-line bar now: the choice applied to the room the window has. */
    private final BooleanProperty jobEditorFolded = new SimpleBooleanProperty(this, "jobEditorFolded", false);
    private final ReadOnlyIntegerWrapper zoom = new ReadOnlyIntegerWrapper(this, "zoom", 100);
    private final ReadOnlyDoubleWrapper fontSize = new ReadOnlyDoubleWrapper(this, "fontSize", DESKTOP_FONT_PX);
    private final ReadOnlyStringWrapper zoomText = new ReadOnlyStringWrapper(this, "zoomText", "100 %");
    private boolean inspectorBeforePresentation = true;
    /** Presentation mode's root font size at 100 %, fitted to the window (a 720p projector gets less than 1080p). */
    private final javafx.beans.property.DoubleProperty presentationFont =
            new javafx.beans.property.SimpleDoubleProperty(this, "presentationFont", PRESENTATION_FONT_PX);
    /** The smallest presentation font: still twice a laptop's text seen from the back of a room. */
    public static final double LEAST_PRESENTATION_FONT_PX = 15;

    public DisplayViewModel() {
        fontSize.bind(Bindings.createDoubleBinding(
                () -> (presentation.get() ? presentationFont.get() : DESKTOP_FONT_PX) * zoom.get() / 100.0, presentation, zoom,
                presentationFont));
        zoomText.bind(zoom.asString("%d %%"));
        shownTheme.bind(Bindings.createObjectBinding(
                () -> presentation.get() ? Theme.PROJECTOR : theme.get() == null ? Theme.DEFAULT : theme.get(),
                presentation, theme));
        presentation.addListener((property, old, on) -> {
            if (on) {
                inspectorBeforePresentation = inspectorShown.get();
                inspectorShown.set(false); // secondary panels fold away; Ctrl+I brings the inspector back
            } else {
                inspectorShown.set(inspectorBeforePresentation);
            }
        });
    }

    /**
     * Fits presentation mode's text to a window of {@code width} × {@code height} pixels: the largest size at which
     * the transport bar, the timeline strip, the tables' headers and at least eight rows fit (about 30 lines of
     * text in the height, 52 em across), at most {@link #PRESENTATION_FONT_PX}. 1280×720 gets 24 px, 1920×1080 28 px,
     * 1024×768 about 20 px.
     */
    public void fitPresentationTo(double width, double height) {
        if (width <= 0 || height <= 0) {
            return;
        }
        double fitting = Math.min(height / 30.0, width / 52.0);
        presentationFont.set(Math.floor(Math.max(LEAST_PRESENTATION_FONT_PX, Math.min(PRESENTATION_FONT_PX, fitting))));
    }

    public javafx.beans.property.ReadOnlyDoubleProperty presentationFontProperty() {
        return presentationFont;
    }

    /** The theme the user chose; presentation mode shows the projector theme instead and restores this on leaving. */
    public javafx.beans.property.ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    /** The theme on show. */
    public javafx.beans.property.ReadOnlyObjectProperty<Theme> shownThemeProperty() {
        return shownTheme.getReadOnlyProperty();
    }

    public void togglePresentation() {
        presentation.set(!presentation.get());
    }

    public void zoomIn() {
        for (int step : ZOOM_STEPS) {
            if (step > zoom.get()) {
                zoom.set(step);
                return;
            }
        }
    }

    public void zoomOut() {
        for (int i = ZOOM_STEPS.size() - 1; i >= 0; i--) {
            if (ZOOM_STEPS.get(i) < zoom.get()) {
                zoom.set(ZOOM_STEPS.get(i));
                return;
            }
        }
    }

    public void resetZoom() {
        zoom.set(100);
    }

    /** Sets the zoom, clamped to 50–250 %. */
    public void setZoom(int percent) {
        zoom.set(Math.max(ZOOM_STEPS.get(0), Math.min(ZOOM_STEPS.get(ZOOM_STEPS.size() - 1), percent)));
    }

    public BooleanProperty presentationProperty() {
        return presentation;
    }

    public boolean isPresentation() {
        return presentation.get();
    }

    /** Whether views may animate (glides, fades, slides); off, everything changes at once. */
    public BooleanProperty animationsProperty() {
        return animations;
    }

    public javafx.beans.property.ObjectProperty<JobEditorFold> jobEditorFoldProperty() {
        return jobEditorFold;
    }

    /** Written by the window's layout ({@code ui.WorkAreaLayout}), read by the job editor's view. */
    public BooleanProperty jobEditorFoldedProperty() {
        return jobEditorFolded;
    }

    /** The user folds or unfolds the job editor: their choice from now on, at any height. */
    public void foldJobEditor(boolean folded) {
        jobEditorFold.set(folded ? JobEditorFold.FOLDED : JobEditorFold.OPEN);
    }

    public BooleanProperty inspectorShownProperty() {
        return inspectorShown;
    }

    public ReadOnlyIntegerProperty zoomProperty() {
        return zoom.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty zoomTextProperty() {
        return zoomText.getReadOnlyProperty();
    }

    /** The root font size in pixels: every size in the stylesheets is in em, so the layout reflows with it. */
    public ReadOnlyDoubleProperty fontSizeProperty() {
        return fontSize.getReadOnlyProperty();
    }
}
