package io.streamscope.topic;

import java.util.List;

/**
 * What reading one {@link OffsetRange} gave.
 *
 * @param range       the range asked for
 * @param recordsRead records delivered
 * @param missing     the parts of the range the source could not give, in offset order
 */
public record RangeRead(OffsetRange range, long recordsRead, List<MissingRange> missing) {

    public RangeRead {
        missing = List.copyOf(missing);
    }

    public long missingOffsets() {
        return missing.stream().mapToLong(MissingRange::size).sum();
    }

    /**
     * Offsets inside the readable part that held no record: compacted away, or transaction markers. Normal in Kafka,
     * and Spark counts them in {@code numInputRows} estimates from offsets, though it never read a row for them.
     */
    public long offsetsWithoutRecord() {
        return range.size() - missingOffsets() - recordsRead;
    }
}
