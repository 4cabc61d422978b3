package io.streamscope.follow;

import io.streamscope.checkpoint.Commit;
import io.streamscope.checkpoint.CommitLogParser;
import io.streamscope.checkpoint.FormatException;
import io.streamscope.checkpoint.OffsetLogParser;
import io.streamscope.checkpoint.OffsetSeq;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Follows a checkpoint while its query writes it: each {@link #poll()} lists {@code offsets/} and {@code commits/}
 * (one listing each, no per-file status calls) and reports the batches planned and committed since the last poll, in
 * batch order, a batch's plan before its commit. Spark writes each log file under a temp name and renames it; a file
 * that does not parse yet (a store without atomic rename, a copy in progress) is tried again at the next poll and never
 * reported as a problem. Read-only.
 */
public final class CheckpointWatcher {

    /** A log file of a running query is small; anything larger is not one of Spark's. */
    private static final long MAX_LOG_BYTES = 64L * 1024 * 1024;

    private final Path checkpoint;
    private final TreeSet<Long> planned = new TreeSet<>();
    private final TreeSet<Long> committed = new TreeSet<>();

    public CheckpointWatcher(Path checkpoint) {
        this.checkpoint = checkpoint;
    }

    /** What appeared since the last poll (everything there is, at the first). */
    public List<CheckpointEvent> poll() {
        List<CheckpointEvent> events = new ArrayList<>();
        TreeSet<Long> commits = ids(checkpoint.resolve("commits"));
        TreeSet<Long> offsetIds = ids(checkpoint.resolve("offsets"));
        for (long id : offsetIds) {
            if (!planned.contains(id)) {
                Optional<OffsetSeq> offsets = read(checkpoint.resolve("offsets").resolve(Long.toString(id)), true)
                        .map(OffsetSeq.class::cast);
                if (offsets.isEmpty()) {
                    continue; // not complete yet: the next poll tries again
                }
                planned.add(id);
                events.add(new CheckpointEvent(CheckpointEvent.Kind.PLANNED, id, offsets.get().offsets(),
                        Optional.of(offsets.get().metadata().batchWatermarkMs())));
            }
        }
        for (long id : commits) {
            // a commit after its plan (or after retention purged the plan): never before a plan still being written
            if (!committed.contains(id) && (planned.contains(id) || !offsetIds.contains(id))) {
                Optional<Commit> commit = read(checkpoint.resolve("commits").resolve(Long.toString(id)), false)
                        .map(Commit.class::cast);
                if (commit.isEmpty()) {
                    continue;
                }
                committed.add(id);
                events.add(new CheckpointEvent(CheckpointEvent.Kind.COMMITTED, id, List.of(),
                        Optional.ofNullable(commit.get().nextBatchWatermarkMs())));
            }
        }
        events.sort(java.util.Comparator.comparingLong(CheckpointEvent::batchId)
                .thenComparing(CheckpointEvent::kind));
        return events;
    }

    /** Whether batch {@code id} has committed, as far as the polls so far saw. */
    public boolean committed(long id) {
        return committed.contains(id);
    }

    /** The numbered entries of a log folder; temp ({@code .N.<uuid>.tmp}) and {@code .crc} files are not batches. */
    private static TreeSet<Long> ids(Path folder) {
        TreeSet<Long> ids = new TreeSet<>();
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return ids;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (!name.isEmpty() && name.length() <= 18 && name.chars().allMatch(Character::isDigit)) {
                    ids.add(Long.parseLong(name));
                }
            }
        } catch (IOException e) {
            // a folder being created or removed: nothing to report this time
        }
        return ids;
    }

    private static Optional<Object> read(Path file, boolean offsets) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > MAX_LOG_BYTES) {
                return Optional.empty();
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) MAX_LOG_BYTES);
            }
            return Optional.of(offsets ? OffsetLogParser.parse(bytes) : CommitLogParser.parse(bytes));
        } catch (NoSuchFileException | FormatException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
