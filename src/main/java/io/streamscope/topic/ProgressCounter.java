package io.streamscope.topic;

import java.util.List;

/** Counts the offsets a read has covered and the records it delivered, and tells the listener. */
final class ProgressCounter {

    private final ReadOptions options;
    private final long total;
    private long done;
    private long records;

    ProgressCounter(List<OffsetRange> ranges, ReadOptions options) {
        this.options = options;
        this.total = ranges.stream().mapToLong(OffsetRange::size).sum();
    }

    void covered(long offsets, long newRecords) {
        done += offsets;
        records += newRecords;
        options.progress().onProgress(new ReadProgress(records, done, total));
    }
}
