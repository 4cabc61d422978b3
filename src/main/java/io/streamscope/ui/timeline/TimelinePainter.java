package io.streamscope.ui.timeline;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.shape.StrokeLineJoin;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws the timeline onto a canvas: only the columns in the window, so the cost follows the width of the screen,
 * never the number of batches.
 */
final class TimelinePainter {

    private final Map<String, Double> widths = new HashMap<>();
    private Font font;
    private Font small;
    private Font bold;
    private Font smallBold;

    void setFont(Font base) {
        if (base.equals(font)) {
            return;
        }
        font = base;
        double size = base.getSize();
        small = Font.font(base.getFamily(), FontWeight.NORMAL, size * 0.82);
        bold = Font.font(base.getFamily(), FontWeight.BOLD, size);
        smallBold = Font.font(base.getFamily(), FontWeight.BOLD, size * 0.82);
        widths.clear();
    }

    /**
     * @param highlight where the selection band is drawn: the selected index, or between two while it glides
     * @param hover     the column under the mouse, or -1
     */
    private java.util.Map<Long, String> triggerMarks = java.util.Map.of();

    /** The trigger's mark per batch id ({@link TriggerMarks}). */
    void setTriggerMarks(java.util.Map<Long, String> marks) {
        triggerMarks = marks == null ? java.util.Map.of() : marks;
    }

    List<PaintedColumn> paint(GraphicsContext g, TimelineGeometry geo, TimelineData data, TimelinePalette colours,
                              int selected, double highlight, int hover) {
        double width = geo.width();
        double height = geo.height();
        g.clearRect(0, 0, width, height);
        if (data.isEmpty()) {
            return List.of(); // the placeholder says what to do
        }
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        List<PaintedColumn> painted = new ArrayList<>();
        double gutter = geo.gutterWidth();
        double column = geo.columnWidth();
        double em = geo.em();

        g.save();
        g.beginPath();
        g.rect(gutter, 0, width - gutter, height);
        g.clip();
        int first = geo.firstVisible();
        int last = geo.lastVisible();
        for (int i = first; i >= 0 && i <= last; i++) {
            TimelineBatch batch = data.batches().get(i);
            double x = geo.xOf(i);
            if (batch.willReplay()) {
                g.setFill(colours.replayFill());
                g.fillRect(x, 0, column, geo.bottom());
            } else if (i == hover && i != selected) {
                g.setFill(colours.hover());
                g.fillRect(x, 0, column, geo.bottom());
            }
        }
        if (selected >= 0) {
            double x = gutter + (highlight - geo.windowStart()) * column;
            g.setFill(colours.selection());
            g.fillRect(x, 0, column, geo.bottom());
        }
        gridLines(g, geo, data, colours);
        for (int i = first; i >= 0 && i <= last; i++) {
            painted.add(column(g, geo, data, colours, i, i == selected));
        }
        if (selected >= 0) {
            double x = gutter + (highlight - geo.windowStart()) * column;
            double line = Math.max(2, em * 0.16);
            g.setStroke(colours.selectionBorder());
            g.setLineWidth(line);
            g.strokeRect(x + line / 2, line / 2, column - line, geo.bottom() - line);
        }
        g.restore();
        gutter(g, geo, data, colours);
        return painted;
    }

    private void gridLines(GraphicsContext g, TimelineGeometry geo, TimelineData data, TimelinePalette colours) {
        g.setStroke(colours.grid());
        g.setLineWidth(1);
        double right = geo.width();
        double left = geo.gutterWidth();
        hline(g, left, right, geo.inputTop());
        hline(g, left, right, geo.offsetsTop());
        hline(g, left, right, geo.bottom());
        if (data.lanes().size() > 1 && geo.inputLaneHeight() >= geo.em() * 1.2) {
            for (int lane = 1; lane < data.lanes().size(); lane++) {
                double y = geo.inputTop() + lane * geo.inputLaneHeight();
                g.setLineDashes(2, 3);
                hline(g, left, right, y);
                g.setLineDashes();
            }
        }
        int first = geo.firstVisible();
        int last = geo.lastVisible();
        for (int i = first; i >= 0 && i <= last + 1; i++) {
            double x = Math.round(geo.xOf(i)) + 0.5;
            g.strokeLine(x, 0, x, geo.bottom());
        }
    }

    private static void hline(GraphicsContext g, double left, double right, double y) {
        double snapped = Math.round(y) + 0.5;
        g.strokeLine(left, snapped, right, snapped);
    }

    private PaintedColumn column(GraphicsContext g, TimelineGeometry geo, TimelineData data, TimelinePalette colours,
                                 int index, boolean selected) {
        TimelineBatch batch = data.batches().get(index);
        double em = geo.em();
        double x = geo.xOf(index);
        double width = geo.columnWidth();
        double pad = Math.min(em * 0.5, width * 0.12);
        double inner = width - 2 * pad;
        boolean roomy = inner >= em * 3;

        // Header: the batch id, then its processing time.
        g.setFill(selected ? colours.selectionBorder() : colours.text());
        String title = fit(bold, inner, "Batch " + batch.id(), "#" + batch.id(), String.valueOf(batch.id()));
        if (title != null) {
            g.setFont(bold);
            g.fillText(title, x + pad, em * 0.95);
        }
        // The trigger: the run that processed the batch (availableNow, once) or the interval since the one before.
        String trigger = triggerMarks.get(batch.id());
        String drawnTrigger = null;
        if (trigger != null && title != null) {
            g.setFont(small);
            double titleWidth = width(bold, title);
            double room = inner - titleWidth - em * 0.6;
            String mark = fit(small, Math.max(0, room - em * 0.5), trigger);
            if (mark != null) {
                double markWidth = width(small, mark) + em * 0.5;
                double mx = x + pad + inner - markWidth;
                g.setFill(colours.offsets());
                g.fillRoundRect(mx, em * 0.35, markWidth, em * 1.2, em * 0.5, em * 0.5);
                g.setFill(colours.badgeText());
                g.fillText(mark, mx + em * 0.25, em * 0.95);
                drawnTrigger = mark;
            }
        }
        if (roomy && batch.timestampMs() != 0) {
            String time = fit(small, inner, TimelineText.clock(batch.timestampMs()));
            if (time != null) {
                g.setFont(small);
                g.setFill(colours.muted());
                g.fillText(time, x + pad, em * 2.05);
            }
        }

        // Input: one bar per partition, its length the rows read, with the offsets above it.
        double laneHeight = geo.inputLaneHeight();
        boolean textInLanes = laneHeight >= em * 1.6;
        for (int lane = 0; lane < data.lanes().size(); lane++) {
            LaneCell cell = batch.cells().get(lane);
            if (cell == null) {
                continue;
            }
            double top = geo.inputTop() + lane * laneHeight;
            double barHeight = textInLanes ? em * 0.55 : Math.max(2, laneHeight * 0.6);
            double barTop = textInLanes ? top + laneHeight - barHeight - em * 0.3 : top + (laneHeight - barHeight) / 2;
            if (cell.hasRows()) {
                double length = data.maxRows() == 0 ? 0 : inner * cell.rows() / data.maxRows();
                g.setFill(colours.bar());
                if (cell.rows() > 0) {
                    g.fillRect(x + pad, barTop, Math.max(2, length), barHeight);
                } else {
                    g.setStroke(colours.muted());
                    g.setLineWidth(1);
                    g.strokeLine(x + pad + 0.5, barTop, x + pad + 0.5, barTop + barHeight);
                }
            } else {
                // Offsets that are not Kafka ranges, or a range whose start is unknown: a plain diamond mark.
                double size = Math.min(barHeight * 1.3, em * 0.7);
                diamond(g, x + pad + size / 2, barTop + barHeight / 2, size, colours.muted());
            }
            if (textInLanes) {
                double textY = top + em * 0.75;
                g.setFill(colours.text());
                if (cell.hasRows()) {
                    String rows = TimelineText.rows(cell.rows());
                    String offsets = cell.offsetsText();
                    String both = fit(small, inner, offsets + "  ·  " + rows, offsets + " · " + cell.rows(), offsets,
                            String.valueOf(cell.rows()));
                    if (both != null) {
                        g.setFont(small);
                        g.fillText(both, x + pad, textY);
                    }
                } else {
                    String text = fit(small, inner, cell.offsetsText(), ellipsis(cell.offsetsText(), 12),
                            ellipsis(cell.offsetsText(), 5));
                    if (text != null) {
                        g.setFont(small);
                        g.setFill(colours.muted());
                        g.fillText(text, x + pad, textY);
                    }
                }
            }
        }

        // Offsets written.
        double markSize = em * 0.62;
        double lane = geo.markLaneHeight();
        double y = geo.offsetsTop() + lane / 2;
        if (batch.offsetsWritten()) {
            dot(g, x + pad + markSize / 2, y, markSize, colours.offsets(), true);
            label(g, colours.text(), x + pad + markSize * 1.6, y, inner - markSize * 1.6, "offsets/" + batch.id(), "offsets");
        } else if (batch.offsetsDamaged()) {
            dot(g, x + pad + markSize / 2, y, markSize, colours.error(), false);
            label(g, colours.error(), x + pad + markSize * 1.6, y, inner - markSize * 1.6, "unreadable", "bad");
        } else {
            dot(g, x + pad + markSize / 2, y, markSize, colours.muted(), false);
            label(g, colours.muted(), x + pad + markSize * 1.6, y, inner - markSize * 1.6, "not on disk", "none");
        }

        // Commit, or the "will replay" badge.
        y = geo.commitTop() + lane / 2;
        boolean badge = false;
        if (batch.commitDamaged()) {
            check(g, x + pad, y, markSize, colours.error());
            label(g, colours.error(), x + pad + markSize * 1.6, y, inner - markSize * 1.6, "unreadable", "bad");
        } else if (batch.committed()) {
            check(g, x + pad, y, markSize, colours.commit());
            label(g, colours.text(), x + pad + markSize * 1.6, y, inner - markSize * 1.6, "commits/" + batch.id(), "commit");
        } else if (batch.willReplay()) {
            badge = true;
            replayBadge(g, colours, x + pad, y, inner, em);
        } else {
            dot(g, x + pad + markSize / 2, y, markSize, colours.muted(), false);
            label(g, colours.muted(), x + pad + markSize * 1.6, y, inner - markSize * 1.6, "no commit", "none");
        }

        // State version.
        if (data.hasState()) {
            y = geo.stateTop() + lane / 2;
            String version = "v" + batch.stateVersion();
            if (batch.stateVersionOnDisk()) {
                label(g, colours.text(), x + pad, y, inner, "version " + batch.stateVersion(), version);
            } else {
                label(g, colours.muted(), x + pad, y, inner, version + " not on disk", version + " gone", version);
            }
        }

        // Watermark.
        y = geo.watermarkTop() + lane / 2;
        label(g, batch.watermarkMs() == 0 ? colours.muted() : colours.text(), x + pad, y, inner,
                TimelineText.clock(batch.watermarkMs()));
        return new PaintedColumn(index, batch.id(), x, width, selected, badge, batch.committed(), drawnTrigger);
    }

    private void replayBadge(GraphicsContext g, TimelinePalette colours, double x, double y, double inner, double em) {
        String text = fit(smallBold, inner - em * 0.9, TimelineText.WILL_REPLAY, "replay", "↻");
        double textWidth = text == null ? 0 : width(smallBold, text);
        double badgeWidth = Math.min(inner, textWidth + em * 0.9);
        double badgeHeight = em * 1.25;
        g.setFill(colours.replay());
        g.fillRoundRect(x, y - badgeHeight / 2, Math.max(em * 0.6, badgeWidth), badgeHeight, badgeHeight, badgeHeight);
        if (text != null) {
            g.setFill(colours.badgeText());
            g.setFont(smallBold);
            g.fillText(text, x + em * 0.45, y);
        }
    }

    private void label(GraphicsContext g, Color colour, double x, double y, double room, String... candidates) {
        String text = fit(small, room, candidates);
        if (text != null) {
            g.setFill(colour);
            g.setFont(small);
            g.fillText(text, x, y);
        }
    }

    private void gutter(GraphicsContext g, TimelineGeometry geo, TimelineData data, TimelinePalette colours) {
        double gutter = geo.gutterWidth();
        double em = geo.em();
        g.setFill(colours.gutter());
        g.fillRect(0, 0, gutter, geo.height());
        g.setStroke(colours.grid());
        g.setLineWidth(1);
        double edge = Math.round(gutter) - 0.5;
        g.strokeLine(edge, 0, edge, geo.height());
        hline(g, 0, gutter, geo.inputTop());
        hline(g, 0, gutter, geo.offsetsTop());
        hline(g, 0, gutter, geo.bottom());
        double room = gutter - em * 1.2;
        double x = em * 0.7;
        g.setFill(colours.muted());
        title(g, x, em * 1.35, room, "Batch");
        double laneHeight = geo.inputLaneHeight();
        if (data.lanes().isEmpty()) {
            title(g, x, geo.inputTop() + geo.inputHeight() / 2, room, "Input");
        } else if (laneHeight >= em * 1.1) {
            for (int lane = 0; lane < data.lanes().size(); lane++) {
                title(g, x, geo.inputTop() + lane * laneHeight + laneHeight / 2, room, data.lanes().get(lane).label(),
                        ellipsis(data.lanes().get(lane).label(), 9));
            }
        } else {
            title(g, x, geo.inputTop() + geo.inputHeight() / 2, room, data.lanes().size() + " partitions", "Input");
        }
        double lane = geo.markLaneHeight();
        title(g, x, geo.offsetsTop() + lane / 2, room, "Offsets");
        title(g, x, geo.commitTop() + lane / 2, room, "Commit");
        if (data.hasState()) {
            title(g, x, geo.stateTop() + lane / 2, room, "State");
        }
        title(g, x, geo.watermarkTop() + lane / 2, room, "Watermark", "WM");
    }

    private void title(GraphicsContext g, double x, double y, double room, String... candidates) {
        String text = fit(smallBold, room, candidates);
        if (text != null) {
            g.setFont(smallBold);
            g.fillText(text, x, y);
        }
    }

    private static void dot(GraphicsContext g, double cx, double cy, double size, Color colour, boolean filled) {
        if (filled) {
            g.setFill(colour);
            g.fillOval(cx - size / 2, cy - size / 2, size, size);
        } else {
            g.setStroke(colour);
            g.setLineWidth(Math.max(1.5, size * 0.16));
            g.strokeOval(cx - size / 2, cy - size / 2, size, size);
        }
    }

    private static void diamond(GraphicsContext g, double cx, double cy, double size, Color colour) {
        double r = size / 2;
        g.setFill(colour);
        g.fillPolygon(new double[] {cx - r, cx, cx + r, cx}, new double[] {cy, cy - r, cy, cy + r}, 4);
    }

    private static void check(GraphicsContext g, double x, double cy, double size, Color colour) {
        g.setStroke(colour);
        g.setLineWidth(Math.max(2, size * 0.28));
        g.setLineCap(StrokeLineCap.ROUND);
        g.setLineJoin(StrokeLineJoin.ROUND);
        g.strokePolyline(new double[] {x + size * 0.05, x + size * 0.4, x + size * 1.05},
                new double[] {cy + size * 0.02, cy + size * 0.38, cy - size * 0.42}, 3);
        g.setLineCap(StrokeLineCap.SQUARE);
    }

    /** The first candidate that fits in {@code room}, or null. */
    private String fit(Font font, double room, String... candidates) {
        for (String candidate : candidates) {
            if (candidate != null && width(font, candidate) <= room) {
                return candidate;
            }
        }
        return null;
    }

    private static String ellipsis(String text, int length) {
        return text.length() <= length ? text : text.substring(0, Math.max(1, length - 1)) + "…";
    }

    double width(Font font, String text) {
        String key = font.getSize() + (font == bold || font == smallBold ? "b" : "") + "|" + text;
        Double cached = widths.get(key);
        if (cached != null) {
            return cached;
        }
        if (widths.size() > 4096) {
            widths.clear();
        }
        Text measure = new Text(text);
        measure.setFont(font);
        double width = measure.getLayoutBounds().getWidth();
        widths.put(key, width);
        return width;
    }
}
