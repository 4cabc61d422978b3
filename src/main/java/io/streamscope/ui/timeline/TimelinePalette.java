package io.streamscope.ui.timeline;

import javafx.scene.paint.Color;

/** The timeline's colours, taken from the stylesheet (see {@link BatchTimeline}'s {@code -ss-…} properties). */
public record TimelinePalette(Color text, Color muted, Color grid, Color gutter, Color bar, Color offsets, Color commit,
                       Color replay, Color replayFill, Color badgeText, Color selection, Color selectionBorder,
                       Color hover, Color error) {
}
