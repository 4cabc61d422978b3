package io.streamscope.ui.display;

import javafx.beans.value.ObservableValue;
import javafx.event.EventHandler;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * A control's tooltip made when the pointer first comes over the control, not with it: a {@link Tooltip} is a pop-up
 * window with a scene of its own, and making one applies CSS against the whole theme. Made with their controls, the
 * window's buttons' and the state table's cells' tooltips were 4 % of the FX thread's time to the first frame. The text
 * is the control's accessible help at once (what a screen reader would otherwise read from the tooltip).
 * In FXML, inside the control's element: {@code <HoverTooltip.text>First batch (Home)</HoverTooltip.text>}.
 */
public final class HoverTooltip {

    private static final String TEXT = "streamscope.hoverTooltip.text";
    private static final String MAKER = "streamscope.hoverTooltip.maker";

    private HoverTooltip() {
    }

    /** Shows {@code text} as the control's tooltip from the next hover on; null or empty: no tooltip. */
    public static void setText(Control control, String text) {
        boolean none = text == null || text.isEmpty();
        control.setAccessibleHelp(none ? null : text);
        if (none) {
            control.getProperties().remove(TEXT);
            control.setTooltip(null);
            return;
        }
        control.getProperties().put(TEXT, text);
        if (control.getTooltip() != null) {
            control.getTooltip().setText(text);
        } else if (!control.getProperties().containsKey(MAKER)) {
            EventHandler<MouseEvent> maker = event -> {
                if (control.getTooltip() == null && getText(control) != null) {
                    control.setTooltip(new Tooltip(getText(control)));
                }
            };
            control.getProperties().put(MAKER, maker);
            control.addEventHandler(MouseEvent.MOUSE_ENTERED, maker);
        }
    }

    /** Shows {@code text}'s value as the control's tooltip, now and whenever it changes ({@link #setText}). */
    public static void follow(Control control, ObservableValue<String> text) {
        setText(control, text.getValue());
        text.addListener((property, old, value) -> setText(control, value));
    }

    /** The text {@link #setText} gave, whether or not its tooltip has been made yet. */
    public static String getText(Control control) {
        return (String) control.getProperties().get(TEXT);
    }
}
