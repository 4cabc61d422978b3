package io.streamscope.topic;

import java.util.List;

/**
 * The records one source of a batch read from one partition.
 *
 * @param sourceIndex  the checkpoint source
 * @param range        the offsets the batch read, {@code [start, end)}
 * @param startAssumed the partition first appears in this batch, so its start is taken as 0 (Spark reads a new
 *                     partition from its earliest offset, which the checkpoint does not record)
 * @param records      the records, in offset order
 * @param missing      the offsets of the range that the source could not give, and why
 */
public record PartitionRecords(int sourceIndex, OffsetRange range, boolean startAssumed, List<TopicRecord> records,
                               List<MissingRange> missing) {

    public PartitionRecords {
        records = List.copyOf(records);
        missing = List.copyOf(missing);
    }
}
