package io.streamscope.ui.display;

import javafx.beans.InvalidationListener;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Region;

import java.lang.reflect.Method;
import java.util.function.BooleanSupplier;

/**
 * A tab pane's headers narrowed where they would not all show: at 1280 px the inspector's seven titles ran past its
 * width, JavaFX cut the last one shown ("Doctor (") and hid the rest behind its overflow menu. With {@value #CROWDED}
 * on the pane's header area the stylesheet takes most of the padding beside each title away: not above and below it,
 * so the content does not move, and on the header area rather than the pane, so that only the headers are styled
 * again. Where even that is too narrow, JavaFX's overflow menu does as before. The class goes again when the titles
 * fit at their normal padding.
 * <p>
 * Whether they would fit at the normal padding is worked out from what shows now, so that narrowing them changes no
 * answer: each header's width less its padding, plus the normal padding, measured in ems while it was on show (it is
 * given in ems, so it follows the zoom).
 * <p>
 * Where the titles overflow, the selected one is brought whole into view again whenever the titles' widths or the
 * menu's button change ({@link #revealSelected}).
 */
public final class TabHeadersFit {

    static final String CROWDED = "crowded";
    /**
     * On the header area while every title fits beside no overflow menu: the stylesheet gives the menu's button no
     * width then. JavaFX decides whether the titles fit counting the button while it shows, so a button shown while
     * the pane was narrow stayed beside titles that had come to fit without it (the output tabs' three at 1280 px).
     * Not where the pane is sized to its titles ({@link #titlesWidth}, presentation mode's output tabs): sized without
     * the button, a pixel short of the width asked for, the titles no longer fitted and it came back, and so on.
     */
    static final String ALL_FIT = "all-titles-fit";

    private static final Method INVALIDATE_SCROLL_OFFSET = invalidateScrollOffset();

    private final TabPane pane;
    private final Runnable titlesResized;
    private final BooleanSupplier sizedToTitles;
    private Region headerArea;
    private Region headers;
    /** The normal padding beside a title (a header's own and its label's), in ems of the title's font; 0: not seen. */
    private double normalPaddingEm;

    private TabHeadersFit(TabPane pane, Runnable titlesResized, BooleanSupplier sizedToTitles) {
        this.pane = pane;
        this.titlesResized = titlesResized;
        this.sizedToTitles = sizedToTitles;
    }

    /** Keeps {@code pane}'s headers narrowed while they would not fit, from its first skin on. */
    public static void install(TabPane pane) {
        install(pane, () -> { }, () -> false);
    }

    /**
     * As {@link #install(TabPane)}, and runs {@code titlesResized} when the titles' width changes (a title's text, the
     * selected title's bold, the zoom, the narrowing itself), during a layout: {@link #titlesWidth} is new then.
     * While {@code sizedToTitles} holds, the pane is given the width of its titles, and JavaFX's own overflow menu
     * stays as it decides ({@link #ALL_FIT}).
     */
    public static void install(TabPane pane, Runnable titlesResized, BooleanSupplier sizedToTitles) {
        TabHeadersFit fit = new TabHeadersFit(pane, titlesResized, sizedToTitles);
        pane.skinProperty().addListener((property, old, skin) -> fit.attach());
        fit.attach();
    }

    private void attach() {
        if (pane.getSkin() == null || !(pane.lookup(".tab-header-area") instanceof Region area)
                || !(area.lookup(".headers-region") instanceof Region region)) {
            return;
        }
        headerArea = area;
        headers = region;
        // the pane's width, and its titles' (a count in a title, the zoom, a theme, a tab added)
        InvalidationListener refit = observable -> apply();
        headerArea.widthProperty().addListener(refit);
        headers.widthProperty().addListener(refit);
        headers.widthProperty().addListener(observable -> titlesResized.run());
        headers.widthProperty().addListener(observable -> revealSelected());
        if (headerArea.lookup(".control-buttons-tab") instanceof Region menu) {
            menu.widthProperty().addListener(observable -> revealSelected());
        }
        apply();
    }

    /**
     * Has JavaFX scroll the titles to the selected one at the next layout. It does so itself when the selection or the
     * pane's width changes, measuring the overflow menu's button as it is at that moment: a button that then showed,
     * or titles narrowed after, left the selected title under the button (at 1280 px in presentation mode, a lesson
     * step's "Restarts" read "Resta"). The call is to the header area's own method (JavaFX's skin, not its API, opened
     * to the app as for ControlsFX); where it cannot be reached, JavaFX scrolls as before.
     */
    private void revealSelected() {
        if (INVALIDATE_SCROLL_OFFSET != null && INVALIDATE_SCROLL_OFFSET.getDeclaringClass().isInstance(headerArea)) {
            try {
                INVALIDATE_SCROLL_OFFSET.invoke(headerArea);
                headers.requestLayout();
            } catch (ReflectiveOperationException | RuntimeException unreachable) {
                // JavaFX's own scrolling stands
            }
        }
    }

    private static Method invalidateScrollOffset() {
        try {
            Method method = Class.forName("javafx.scene.control.skin.TabPaneSkin$TabHeaderArea")
                    .getDeclaredMethod("invalidateScrollOffset");
            method.setAccessible(true);
            return method;
        } catch (ReflectiveOperationException | RuntimeException unreachable) {
            return null;
        }
    }

    private void apply() {
        double width = headerArea.getWidth();
        if (width <= 0) {
            return;
        }
        boolean crowded = headerArea.getStyleClass().contains(CROWDED);
        double needed = neededAtNormalPadding(crowded);
        if (needed <= 0) {
            return; // no header measured yet
        }
        // as JavaFX's TabPaneSkin decides whether the tabs fit: less than the header area's width
        boolean crowd = needed >= width;
        mark(CROWDED, crowd);
        // the titles as they are now (narrowed or not), with no menu beside them
        mark(ALL_FIT, !sizedToTitles.getAsBoolean() && headers.prefWidth(-1) + around(headerArea, headers) < width);
    }

    private void mark(String styleClass, boolean on) {
        if (on != headerArea.getStyleClass().contains(styleClass)) {
            if (on) {
                headerArea.getStyleClass().add(styleClass);
            } else {
                headerArea.getStyleClass().remove(styleClass);
            }
        }
    }

    /**
     * The header area's width with every title at its normal padding and no overflow menu: the headers' widths, the
     * area's insets and the gap JavaFX keeps before the menu's place; 0 when no header has been measured yet.
     */
    private double neededAtNormalPadding(boolean crowded) {
        double titles = 0;
        int count = 0;
        for (Node header : headers.getChildrenUnmodifiable()) {
            if (!header.isVisible() || !(header instanceof Region tab) || !(tab.lookup(".tab-label") instanceof Labeled label)) {
                continue;
            }
            double fontSize = label.getFont().getSize();
            double padding = padding(tab, label);
            if (!crowded && padding > 0 && fontSize > 0) { // measured anew while shown: a theme may pad otherwise
                normalPaddingEm = padding / fontSize;
            }
            titles += tab.prefWidth(-1) - padding + normalPaddingEm * fontSize;
            count++;
        }
        if (count == 0 || normalPaddingEm == 0) {
            return 0;
        }
        return titles + around(headerArea, headers);
    }

    /**
     * The width {@code pane} needs to show every title whole at the padding its titles have now (narrowed or not); 0
     * before its skin. Presentation mode gives the output tabs that much at the least. The overflow menu's button,
     * while it shows, counts: JavaFX hides it only once the titles fit beside it.
     */
    public static double titlesWidth(TabPane pane) {
        if (!(pane.lookup(".tab-header-area") instanceof Region area)) {
            return 0;
        }
        return area.prefWidth(-1) + 1; // JavaFX's test is "less than", not "up to"
    }

    /** The header area's width besides its headers and its menu: its insets and the gap JavaFX keeps before the menu. */
    private static double around(Region headerArea, Region headers) {
        Region menu = headerArea.lookup(".control-buttons-tab") instanceof Region buttons ? buttons : null;
        double menuWidth = menu == null ? 0 : menu.prefWidth(-1);
        // the area's pref width is its headers, its menu (when shown), its insets and JavaFX's spacer
        return headerArea.prefWidth(-1) - headers.prefWidth(-1) - menuWidth;
    }

    private static double padding(Region tab, Labeled label) {
        return tab.snappedLeftInset() + tab.snappedRightInset() + label.snappedLeftInset() + label.snappedRightInset();
    }
}
