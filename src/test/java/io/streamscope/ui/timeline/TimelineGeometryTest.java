package io.streamscope.ui.timeline;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TimelineGeometryTest {

    /** 14px text, 1,075px wide: a 105px margin and 970px of plot. */
    private static TimelineGeometry geometry(int count, double start, double span) {
        return new TimelineGeometry(1075, 200, 14, 1, true, count, start, span);
    }

    @Test
    void onlyTheColumnsInTheWindowAreOnShow() {
        TimelineGeometry geo = geometry(10_000, 5_000.5, 10);

        assertEquals(105, geo.gutterWidth());
        assertEquals(97, geo.columnWidth(), 1e-9);
        assertEquals(5_000, geo.firstVisible());
        assertEquals(5_010, geo.lastVisible());
        assertEquals(5_000, geo.indexAt(105));
        assertEquals(5_001, geo.indexAt(105 + 97));
        assertEquals(-1, geo.indexAt(50), "the margin is no column");
    }

    @Test
    void columnWidthIsClampedAndTheRestStaysEmpty() {
        TimelineGeometry wide = geometry(3, 0, 3);
        assertEquals(14 * TimelineGeometry.MAX_COLUMN_EM, wide.columnWidth(), 1e-9);
        assertEquals(2, wide.lastVisible());
        assertEquals(-1, wide.indexAt(1070), "right of the last batch");
        assertEquals(2, wide.nearestIndexAt(1070));

        TimelineGeometry narrow = geometry(10_000, 0, 5_000);
        assertEquals(14 * TimelineGeometry.MIN_COLUMN_EM, narrow.columnWidth(), 1e-9);
    }

    /** A short window squeezes many partitions' lanes; a few lanes, which never take much, keep their height. */
    @Test
    void manyLanesMayBeSqueezedToThreeLanesHeight() {
        assertEquals(TimelineGeometry.prefHeight(14, 1, true), TimelineGeometry.minHeight(14, 1, true), 1e-9);
        assertEquals(TimelineGeometry.prefHeight(14, 3, false), TimelineGeometry.minHeight(14, 3, false), 1e-9);
        assertEquals(TimelineGeometry.prefHeight(14, 3, true), TimelineGeometry.minHeight(14, 16, true), 1e-9);
        assertEquals(3 * 14 * TimelineGeometry.INPUT_LANE_EM,
                TimelineGeometry.prefHeight(14, 16, true) - TimelineGeometry.minHeight(14, 16, true), 1e-9,
                "sixteen partitions prefer six lanes' height and give up three");
    }

    @Test
    void partsAreStackedTopToBottom() {
        TimelineGeometry geo = geometry(3, 0, 3);
        assertEquals(TimelineGeometry.Part.GUTTER, geo.partAt(10, 10));
        assertEquals(TimelineGeometry.Part.HEADER, geo.partAt(200, 5));
        assertEquals(TimelineGeometry.Part.INPUT, geo.partAt(200, geo.inputTop() + 1));
        assertEquals(TimelineGeometry.Part.OFFSETS, geo.partAt(200, geo.offsetsTop() + 1));
        assertEquals(TimelineGeometry.Part.COMMIT, geo.partAt(200, geo.commitTop() + 1));
        assertEquals(TimelineGeometry.Part.STATE, geo.partAt(200, geo.stateTop() + 1));
        assertEquals(TimelineGeometry.Part.WATERMARK, geo.partAt(200, geo.watermarkTop() + 1));
    }
}
