package io.streamscope.topic;

import io.streamscope.task.Progress;

import java.util.List;
import java.util.stream.Collectors;

/** Counts the offsets a read has covered (read, missing or empty) of all it asked for, and tells the listener. */
final class ProgressCounter {

    private final ReadOptions options;
    private final String what;
    private final long total;
    private long done;

    ProgressCounter(List<OffsetRange> ranges, ReadOptions options) {
        this.options = options;
        this.total = ranges.stream().mapToLong(OffsetRange::size).sum();
        this.what = "topic " + ranges.stream().map(range -> range.partition().topic()).distinct()
                .collect(Collectors.joining(", "));
    }

    void covered(long offsets) {
        done += offsets;
        options.progress().onProgress(new Progress(what, done, total, Progress.Unit.OFFSETS));
    }
}
