package io.streamscope.checkpoint;

import java.util.Collections;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The offsets and commits of a running query's checkpoint as a watcher has seen them: each log file already parsed
 * once it was whole, and those that stayed unreadable after retries. A reader given them reads no log file again and
 * leaves out the files still being written, which would otherwise look damaged.
 *
 * @param offsets           parsed {@code offsets/N}, by batch id
 * @param commits           parsed {@code commits/N}, by batch id
 * @param unreadableOffsets {@code offsets/N} files that stayed unreadable (the reader reports them as problems)
 * @param unreadableCommits likewise for {@code commits/N}
 */
public record KnownLogs(NavigableMap<Long, OffsetSeq> offsets, NavigableMap<Long, Commit> commits,
                        Set<Long> unreadableOffsets, Set<Long> unreadableCommits) {

    public KnownLogs {
        offsets = Collections.unmodifiableNavigableMap(new TreeMap<>(offsets));
        commits = Collections.unmodifiableNavigableMap(new TreeMap<>(commits));
        unreadableOffsets = Collections.unmodifiableSet(new TreeSet<>(unreadableOffsets));
        unreadableCommits = Collections.unmodifiableSet(new TreeSet<>(unreadableCommits));
    }
}
