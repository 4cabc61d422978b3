package io.streamscope.ui.tables;

/**
 * A cell's time as a class reads it on a projector: a timestamp as its clock, a window as its two clocks; the full
 * value stays on hover.
 */
public final class ClockText {

    private static final java.util.regex.Pattern TIMESTAMP =
            java.util.regex.Pattern.compile("\\d{4}-\\d\\d-\\d\\d[T ](\\d\\d:\\d\\d)(:\\d\\d)?(\\.\\d+)?(Z|[+-]\\d\\d:?\\d\\d)?");

    /** A window struct once its times are short: {@code {"start":"09:10","end":"09:20"}} reads {@code 09:10–09:20}. */
    private static final java.util.regex.Pattern WINDOW =
            java.util.regex.Pattern.compile("\\{\"start\":\"([0-9:]+)\",\"end\":\"([0-9:]+)\"}");

    private ClockText() {
    }

    /** {@code 2026-01-22T09:01:00Z} → {@code 09:01}; {@code …09:04:30Z} → {@code 09:04:30}; other text as it is. */
    public static String of(String text) {
        if (text == null || text.length() < 16) {
            return text;
        }
        java.util.regex.Matcher m = TIMESTAMP.matcher(text);
        StringBuilder shortened = new StringBuilder();
        boolean any = false;
        while (m.find()) {
            String seconds = m.group(2);
            m.appendReplacement(shortened, m.group(1) + (seconds == null || seconds.equals(":00") ? "" : seconds));
            any = true;
        }
        if (!any) {
            return text;
        }
        m.appendTail(shortened);
        java.util.regex.Matcher window = WINDOW.matcher(shortened);
        return window.matches() ? window.group(1) + "–" + window.group(2) : shortened.toString();
    }
}
