package io.streamscope.replay;

import java.util.Locale;

/** Which result rows a micro-batch writes to the sink. */
public enum OutputMode {
    /** Only rows that will never change again: new rows of a stateless query, groups closed by the watermark. */
    APPEND("Append"),
    /** The rows the batch added or changed. */
    UPDATE("Update"),
    /** The whole result table, every batch. */
    COMPLETE("Complete");

    private final String sparkName;

    OutputMode(String sparkName) {
        this.sparkName = sparkName;
    }

    /** As Spark prints it in its messages ({@code OutputMode.toString}). */
    public String sparkName() {
        return sparkName;
    }

    /** The lower-case name used in the sidecar and on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode {@code text} names, in any case and with spaces around it; empty for none or an unknown one. */
    public static java.util.Optional<OutputMode> find(String text) {
        if (text == null || text.isBlank()) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(parse(text));
        } catch (IllegalArgumentException unknown) {
            return java.util.Optional.empty();
        }
    }

    public static OutputMode parse(String text) {
        for (OutputMode mode : values()) {
            if (mode.name().equalsIgnoreCase(text.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown output mode \"" + text + "\" (append, update or complete)");
    }
}
