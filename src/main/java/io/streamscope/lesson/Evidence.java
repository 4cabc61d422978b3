package io.streamscope.lesson;

/**
 * What a lesson step points at on the screen, so the window can highlight it and a test can check it exists.
 *
 * @param kind   what sort of thing it is
 * @param target the window's node id ({@code inputTable}, {@code batchTimeline}, …) or, for a file, its path in the
 *               sample
 * @param detail which part of it: a row's key ({@code customer_id=1}), a column, a badge name; empty for all of it
 */
public record Evidence(Kind kind, String target, String detail) {

    public enum Kind { ROW, CELL, FILE, BADGE, PANEL }
}
