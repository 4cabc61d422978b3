package io.streamscope.ui.display;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DisplayViewModelTest {

    @Test
    void presentationDoublesTheTextAndFoldsTheInspectorAway() {
        DisplayViewModel display = new DisplayViewModel();
        double desk = display.fontSizeProperty().get();

        display.togglePresentation();

        assertTrue(display.isPresentation());
        assertTrue(display.fontSizeProperty().get() >= 2 * desk, display.fontSizeProperty().get() + " vs " + desk);
        assertFalse(display.inspectorShownProperty().get());
        display.inspectorShownProperty().set(true); // Ctrl+I brings it back on the projector
        display.togglePresentation();
        assertTrue(display.inspectorShownProperty().get(), "leaving restores what the desk had");
        assertEquals(desk, display.fontSizeProperty().get());
    }

    @Test
    void zoomStepsFromFiftyToTwoHundredFiftyPercent() {
        DisplayViewModel display = new DisplayViewModel();
        display.zoomIn();
        assertEquals(110, display.zoomProperty().get());
        assertEquals("110 %", display.zoomTextProperty().get());
        assertEquals(DisplayViewModel.DESKTOP_FONT_PX * 1.1, display.fontSizeProperty().get(), 1e-9);
        for (int i = 0; i < 20; i++) {
            display.zoomIn();
        }
        assertEquals(250, display.zoomProperty().get());
        for (int i = 0; i < 20; i++) {
            display.zoomOut();
        }
        assertEquals(50, display.zoomProperty().get());
        display.resetZoom();
        assertEquals(100, display.zoomProperty().get());
        display.setZoom(1_000);
        assertEquals(250, display.zoomProperty().get());
        display.presentationProperty().set(true);
        assertEquals(DisplayViewModel.PRESENTATION_FONT_PX * 2.5, display.fontSizeProperty().get(), 1e-9);
    }

    @Test
    void animationsAreOnUntilSwitchedOff() {
        DisplayViewModel display = new DisplayViewModel();
        assertTrue(display.animationsProperty().get());
        display.animationsProperty().set(false);
        assertFalse(display.animationsProperty().get());
    }
}
