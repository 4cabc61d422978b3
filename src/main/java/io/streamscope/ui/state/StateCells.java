package io.streamscope.ui.state;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One state row's cells: its key and value fields flattened ({@code window.start}), and the value's fields before
 * the batch, so that an updated cell reads {@code 12.50 → 47.49}. Times read as date and clock in UTC
 * ({@code 2026-01-22 09:10}); the detail pane keeps Spark's text.
 */
public record StateCells(StateRowView view, Map<String, String> key, Map<String, String> value, Map<String, String> oldValue) {

    private static final Pattern TIMESTAMP = Pattern.compile("(\\d{4}-\\d\\d-\\d\\d)T(\\d\\d:\\d\\d)(:\\d\\d)?(\\.\\d+)?Z");

    static StateCells of(StateRowView view) {
        return new StateCells(view, StateColumns.flatten(view.key(), "key"), StateColumns.flatten(view.value(), "value"),
                view.oldValue() == null ? Map.of() : StateColumns.flatten(view.oldValue(), "value"));
    }

    public String keyCell(String field) {
        return readable(key.getOrDefault(field, ""));
    }

    /** The value field, as {@code old → new} when the batch changed it. */
    public String valueCell(String field) {
        String now = value.getOrDefault(field, "");
        boolean changed = (view.change() == StateRowView.Change.UPDATED || view.change() == StateRowView.Change.APPENDED)
                && !Objects.equals(oldValue.get(field), value.get(field));
        return changed ? readable(oldValue.getOrDefault(field, "")) + " → " + readable(now) : readable(now);
    }

    /** {@code 2026-01-22T09:10:00.000Z} → {@code 2026-01-22 09:10}; seconds kept when not :00. */
    static String readable(String text) {
        if (text == null || text.length() < 17) {
            return text;
        }
        Matcher m = TIMESTAMP.matcher(text);
        StringBuilder out = new StringBuilder();
        boolean any = false;
        while (m.find()) {
            String seconds = m.group(3) == null || m.group(3).equals(":00") ? "" : m.group(3);
            m.appendReplacement(out, m.group(1) + " " + m.group(2) + seconds);
            any = true;
        }
        if (!any) {
            return text;
        }
        m.appendTail(out);
        return out.toString();
    }
}
