package io.streamscope.replay;

/**
 * An input row of a batch that a stateful operator dropped, and why, for the window to mark and explain.
 *
 * @param inputIndex  the row's index in the batch's {@link BatchStep#inputRows()}
 * @param reason      late (behind the watermark) or a duplicate
 * @param explanation one or two sentences for a person: what the row's time or key is, and the rule
 */
public record DroppedRow(int inputIndex, Reason reason, String explanation) {

    public enum Reason { LATE, DUPLICATE }
}
