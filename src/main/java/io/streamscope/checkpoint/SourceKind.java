package io.streamscope.checkpoint;

/** What kind of streaming source a source index is, as far as its offsets and {@code sources/<i>/} tell. */
public enum SourceKind {
    KAFKA("kafka"),
    FILE("file"),
    RATE("rate"),
    RATE_MICRO_BATCH("rate-micro-batch"),
    /** A {@code LongOffset} source with no private metadata: MemoryStream in tests, or the socket source. */
    MEMORY("memory"),
    DELTA("delta"),
    UNKNOWN("unknown");

    private final String label;

    SourceKind(String label) {
        this.label = label;
    }

    /** The name used in the CLI JSON and the UI. */
    public String label() {
        return label;
    }
}
