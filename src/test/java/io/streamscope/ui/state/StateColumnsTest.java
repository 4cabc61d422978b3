package io.streamscope.ui.state;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StateColumnsTest {

    @Test
    void nestedStructsAreFlattenedIntoColumnsAndOtherValuesAreOneColumn() {
        StateColumns columns = StateColumns.of(List.of(
                new StateRowView(0, null, "{\"window\":{\"start\":\"2024-05-01T09:10:00.000Z\",\"end\":\"2024-05-01T09:20:00.000Z\"}}",
                        "{\"count\":2,\"total\":12.50,\"last\":null}", StateRowView.Change.ADDED),
                new StateRowView(1, null, "0a0b", "not json", StateRowView.Change.NONE)));
        assertEquals(List.of("window.start", "window.end", "key"), columns.keyFields());
        assertEquals(List.of("count", "total", "last", "value"), columns.valueFields());
        assertEquals(Map.of("count", "2", "total", "12.50", "last", "null"), columns.rows().get(0).value());
        assertEquals("0a0b", columns.rows().get(1).key().get("key"));
    }
}
