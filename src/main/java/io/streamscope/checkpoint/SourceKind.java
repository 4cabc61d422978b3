package io.streamscope.checkpoint;

/**
 * What kind of streaming source a source index is, only as certain as its offsets and {@code sources/<i>/} allow:
 * where the files cannot tell two kinds apart, the kind says so instead of guessing.
 */
public enum SourceKind {
    KAFKA("kafka", "a Kafka source"),
    FILE("file", "a file source (its offsets index the file-source log in sources/<i>/)"),
    RATE("rate", "a rate source (sources/<i>/0 holds its start time)"),
    RATE_MICRO_BATCH("rate-micro-batch", "a rate-micro-batch source"),
    /**
     * A {@code LongOffset} source with no private metadata: socket, MemoryStream in tests, or a rate source whose
     * {@code sources/<i>/0} is gone; the offset log alone cannot tell which.
     */
    PLAIN_NUMBER("rate, socket or memory",
            "a source whose offsets are plain numbers (rate, socket or memory: the files cannot tell)"),
    DELTA("delta", "a Delta Lake table source"),
    ICEBERG("iceberg", "an Apache Iceberg table source"),
    UNKNOWN("unknown", "a source whose offsets Streamscope does not recognise (shown as Spark wrote them)");

    private final String label;
    private final String description;

    SourceKind(String label, String description) {
        this.label = label;
        this.description = description;
    }

    /** The name used in the CLI JSON and the UI. */
    public String label() {
        return label;
    }

    /** A phrase for people: what the files say the source is, and how sure that is. */
    public String description() {
        return description;
    }
}
