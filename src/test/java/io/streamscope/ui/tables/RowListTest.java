package io.streamscope.ui.tables;

import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RowListTest {

    private final RowList list = new RowList();
    private final List<String> changes = new ArrayList<>();

    RowListTest() {
        list.addListener((ListChangeListener<ShownRow>) change -> {
            StringBuilder text = new StringBuilder();
            while (change.next()) {
                text.append(change.wasRemoved() ? "-" + change.getFrom() + "x" + change.getRemovedSize() : "")
                        .append(change.wasAdded() ? "+" + change.getFrom() + "x" + change.getAddedSize() : "");
            }
            changes.add(text.toString());
        });
    }

    private static List<ShownRow> rows(long batchId, int count) {
        List<ShownRow> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(new ShownRow(List.of(batchId + "." + i), batchId, i == 0, Set.of(), ""));
        }
        return rows;
    }

    @Test
    void addingAndDroppingARunIsOneChangeEach() {
        List<ShownRow> first = rows(0, 3);
        List<ShownRow> second = rows(1, 4);
        list.addAll(first);
        list.addAll(second);
        list.remove(3, 7);

        assertEquals(List.of("+0x3", "+3x4", "-3x4"), changes);
        assertEquals(first, list);
    }

    @Test
    void theRemovedRowsAreReportedInOrder() {
        List<ShownRow> all = rows(0, 5);
        list.addAll(all);
        List<ShownRow> removed = new ArrayList<>();
        list.addListener((ListChangeListener<ShownRow>) change -> {
            while (change.next()) {
                removed.addAll(change.getRemoved());
            }
        });

        list.remove(2, 5);

        assertEquals(all.subList(2, 5), removed);
        assertEquals(all.subList(0, 2), list);
    }

    @Test
    void setAllAndClearStillWork() {
        list.addAll(rows(0, 2));
        List<ShownRow> other = rows(1, 3);
        list.setAll(other);
        assertEquals(other, list);
        assertEquals("-0x2+0x3", changes.get(1), "one change replacing the rows");
        list.clear();
        assertEquals(0, list.size());
        list.subList(0, 0).clear();
        assertEquals(3, changes.size(), "clearing nothing is no change");
    }

    @Test
    void aRangeOutsideTheListFails() {
        list.addAll(rows(0, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> list.remove(1, 3));
        assertEquals(2, list.size());
    }
}
