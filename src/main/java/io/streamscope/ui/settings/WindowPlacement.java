package io.streamscope.ui.settings;

import javafx.geometry.Rectangle2D;

/**
 * Where the main window stands: its position and size, and whether it is maximized. A first start fits it to about
 * 80 % of the screen's visual bounds, centred ({@link #fitted}), maximized on a screen where that would be less than
 * {@link #ROOMY_WIDTH} × {@link #ROOMY_HEIGHT} (a 1280×720 projector, a 1366×768 laptop: four fifths of them cut
 * the tables to a few rows); a remembered placement is clamped to the screen it opens on ({@link #clampedTo}), so a
 * window saved on a larger or a second screen still opens whole.
 */
public record WindowPlacement(double x, double y, double width, double height, boolean maximized) {

    public static final double SHARE = 0.8;
    public static final double MIN_WIDTH = 720;
    public static final double MIN_HEIGHT = 480;
    /** The least room the window is laid out for at 100 % zoom: a teacher's 1280×720 projector, whole. */
    public static final double ROOMY_WIDTH = 1280;
    public static final double ROOMY_HEIGHT = 720;

    public static WindowPlacement fitted(Rectangle2D screen) {
        double width = Math.min(screen.getWidth(), Math.max(Math.min(MIN_WIDTH, screen.getWidth()), screen.getWidth() * SHARE));
        double height = Math.min(screen.getHeight(),
                Math.max(Math.min(MIN_HEIGHT, screen.getHeight()), screen.getHeight() * SHARE));
        boolean small = width < ROOMY_WIDTH || height < ROOMY_HEIGHT;
        return new WindowPlacement(screen.getMinX() + (screen.getWidth() - width) / 2,
                screen.getMinY() + (screen.getHeight() - height) / 2, width, height, small);
    }

    /** The same bounds, not maximized. */
    public WindowPlacement restored() {
        return new WindowPlacement(x, y, width, height, false);
    }

    /** This placement moved and shrunk where needed to lie on {@code screen}. */
    public WindowPlacement clampedTo(Rectangle2D screen) {
        double w = Math.min(Math.max(width, Math.min(MIN_WIDTH, screen.getWidth())), screen.getWidth());
        double h = Math.min(Math.max(height, Math.min(MIN_HEIGHT, screen.getHeight())), screen.getHeight());
        double left = Math.min(Math.max(x, screen.getMinX()), screen.getMaxX() - w);
        double top = Math.min(Math.max(y, screen.getMinY()), screen.getMaxY() - h);
        return new WindowPlacement(left, top, w, h, maximized);
    }

    public boolean valid() {
        return Double.isFinite(x) && Double.isFinite(y) && width > 0 && height > 0 && Double.isFinite(width)
                && Double.isFinite(height);
    }
}
