package io.streamscope.ui;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;

import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/** Turns a {@link Batch} into the text of its timeline row. Pure, so it is tested without JavaFX. */
public final class BatchRowFormatter {

    public static final String NO_VALUE = "—";
    public static final String COMMITTED_MARK = "✓";
    public static final String WILL_REPLAY = "will replay";
    /** What Spark writes in an offset line for a source that had no offset yet. */
    public static final String NO_OFFSET = "-";

    private BatchRowFormatter() {
    }

    public static BatchRow format(Batch batch) {
        return new BatchRow(batch.id(), endOffsets(batch.sources()),
                batch.numInputRows().map(String::valueOf).orElse(""),
                batch.committed(), batch.willReplay(),
                instant(batch.watermarkMs()), instant(batch.timestampMs()));
    }

    static String endOffsets(List<BatchSource> sources) {
        return sources.stream().map(source -> offset(source.endOffset())).collect(Collectors.joining("; "));
    }

    static String offset(JsonNode offset) {
        return offset == null || offset.isNull() ? NO_OFFSET : offset.toString();
    }

    /** ISO-8601 UTC; 0 is what Spark writes when there is no watermark or no metadata, so it shows as no value. */
    static String instant(long epochMs) {
        return epochMs == 0 ? NO_VALUE : Instant.ofEpochMilli(epochMs).toString();
    }
}
