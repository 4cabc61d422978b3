package io.streamscope.ui.playback;

import io.streamscope.ui.display.DisplayViewModel;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

import java.util.List;

/**
 * The transport bar's captions ("Speed", "Output mode"), shown where the bar holds them in one row. A checkpoint from
 * production has batch ids in the thousands ("Batch 12345 of 0–12345"), and at 1280 px the bar had wrapped to a second
 * row, a row the tables lost on a projector; the captions go first, their tooltips stay. In presentation mode they
 * always go (the bar must fit in two lines of the large text).
 */
final class TransportCaptions {

    private final FlowPane bar;
    private final List<Label> captions;
    private final DisplayViewModel display;

    private TransportCaptions(FlowPane bar, List<Label> captions, DisplayViewModel display) {
        this.bar = bar;
        this.captions = captions;
        this.display = display;
    }

    /** Keeps {@code captions}, each inside a group of {@code bar}, shown while they fit, from now on. */
    static void install(FlowPane bar, DisplayViewModel display, Label... captions) {
        TransportCaptions fit = new TransportCaptions(bar, List.of(captions), display);
        // the bar's width, and its items' (a longer batch id, the zoom, a theme): a caption's own width comes back
        // into the sum while it is away, so hiding it changes no answer
        bar.widthProperty().addListener((property, old, width) -> fit.apply());
        for (Node item : bar.getChildren()) {
            if (item instanceof Region region) {
                region.widthProperty().addListener((property, old, width) -> fit.apply());
            }
        }
        display.presentationProperty().addListener((property, old, presenting) -> fit.apply());
        fit.apply();
    }

    private void apply() {
        boolean shown = !display.isPresentation() && oneRowWithCaptions();
        for (Label caption : captions) {
            caption.setVisible(shown);
            caption.setManaged(shown);
        }
    }

    /** Whether the bar's items with the captions fit in one row of its width (before its first layout: yes). */
    private boolean oneRowWithCaptions() {
        double width = bar.getWidth();
        if (width <= 0) {
            return true;
        }
        double needed = bar.snappedLeftInset() + bar.snappedRightInset();
        int items = 0;
        for (Node item : bar.getChildren()) {
            if (item.isManaged()) {
                needed += item.prefWidth(-1);
                items++;
            }
        }
        needed += bar.getHgap() * Math.max(0, items - 1);
        for (Label caption : captions) {
            if (!caption.isManaged() && caption.getParent() instanceof HBox group) {
                needed += caption.prefWidth(-1) + group.getSpacing();
            }
        }
        return needed <= width;
    }
}
