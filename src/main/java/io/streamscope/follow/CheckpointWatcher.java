package io.streamscope.follow;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.Commit;
import io.streamscope.checkpoint.CommitLogParser;
import io.streamscope.checkpoint.FormatException;
import io.streamscope.checkpoint.KnownLogs;
import io.streamscope.checkpoint.OffsetLogParser;
import io.streamscope.checkpoint.OffsetSeq;
import io.streamscope.checkpoint.QueryMetadataParser;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * Follows a checkpoint while its query writes it: each {@link #poll()} lists {@code offsets/} and {@code commits/}
 * (one listing each, no per-file status calls), reads only the files it has not seen whole yet, and reports what
 * appeared since the last poll in the order Spark writes it: the query's metadata, then per batch its plan, the state
 * versions it completed (listed only when a batch commits) and its commit. Spark writes each log file under a temp
 * name ({@code .N.<uuid>.tmp}) and renames it; a file that does not parse yet (a store without atomic rename, a copy
 * in progress) is tried again at the next poll and never reported as a problem, unless it stays unreadable and
 * unchanged through several polls and a patience time: then it is a {@link CheckpointEvent.Problem}, said once.
 * Works on any {@link Path} (local or another {@link java.nio.file.FileSystem}); read-only. Not thread-safe: one
 * follower polls it.
 */
public final class CheckpointWatcher {

    /** A log file of a running query is small; anything larger is not one of Spark's. */
    private static final int MAX_LOG_BYTES = 64 * 1024 * 1024;
    /** Polls a file must fail unchanged before it is damage rather than a write in progress. */
    private static final int TRIES = 3;
    static final Duration DEFAULT_PATIENCE = Duration.ofSeconds(5);

    /** A file that did not parse: its length then, since when it has not changed, how often it failed so. */
    private record Attempt(int length, long unchangedSince, int tries) {
    }

    private final Path checkpoint;
    private final LongSupplier nanoClock;
    private final long patienceNanos;
    private final TreeMap<Long, OffsetSeq> planned = new TreeMap<>();
    private final TreeMap<Long, Commit> committed = new TreeMap<>();
    private final TreeSet<Long> unreadableOffsets = new TreeSet<>();
    private final TreeSet<Long> unreadableCommits = new TreeSet<>();
    private final Map<String, Attempt> attempts = new HashMap<>();
    private final Map<StateVersions.Store, Long> stateReported = new HashMap<>();
    private boolean metadataDone;
    private boolean listingFailed;
    private boolean stateVersions = true;

    public CheckpointWatcher(Path checkpoint) {
        this(checkpoint, System::nanoTime, DEFAULT_PATIENCE);
    }

    /**
     * @param nanoClock what "unchanged for the patience time" is measured with (a test's clock)
     * @param patience  how long a file may stay unreadable and unchanged before it is a problem
     */
    public CheckpointWatcher(Path checkpoint, LongSupplier nanoClock, Duration patience) {
        this.checkpoint = checkpoint;
        this.nanoClock = nanoClock;
        this.patienceNanos = patience.toNanos();
    }

    /**
     * A watcher that goes on from a checkpoint already read (the window's open one): the log files it read whole are
     * known, so the first poll reports only what is new since and reads none of them again. A file it could not read
     * is not taken as known: it may have been caught mid-write, and is tried again.
     */
    public static CheckpointWatcher continuing(Checkpoint read) {
        CheckpointWatcher watcher = new CheckpointWatcher(read.path());
        for (Batch batch : read.batches().values()) {
            batch.offsets().ifPresent(offsets -> watcher.planned.put(batch.id(), offsets));
            batch.commit().filter(commit -> commit.version() != 0).ifPresent(commit -> watcher.committed.put(batch.id(), commit));
        }
        watcher.metadataDone = read.queryId() != null;
        long newest = watcher.committed.isEmpty() ? 0 : watcher.committed.lastKey() + 1;
        for (StateOperatorInfo operator : read.stateOperators()) {
            for (StateStoreInfo store : operator.stores()) {
                store.versions().headSet(newest + 1).stream().reduce((a, b) -> b).ifPresent(version ->
                        watcher.stateReported.put(new StateVersions.Store(operator.operatorId(), store.storeName()), version));
            }
        }
        return watcher;
    }

    /**
     * This watcher, reporting no {@link CheckpointEvent.StateVersion}: it then never lists {@code state/}. For a
     * follower that reads the checkpoint again after each poll that found a commit (the window's follow mode), whose
     * read lists the store folders anyway; on S3 each listing of a 200-partition store is some 200 requests.
     */
    public CheckpointWatcher withoutStateVersions() {
        stateVersions = false;
        return this;
    }

    public Path checkpoint() {
        return checkpoint;
    }

    /** What appeared since the last poll (everything there is, at the first). */
    public List<CheckpointEvent> poll() {
        listingFailed = false;
        List<CheckpointEvent> events = new ArrayList<>();
        if (!metadataDone) {
            readMetadata(events);
        }
        TreeSet<Long> commitIds = ids(checkpoint.resolve("commits"));
        TreeSet<Long> offsetIds = ids(checkpoint.resolve("offsets"));
        for (long id : offsetIds) {
            if (!planned.containsKey(id) && !unreadableOffsets.contains(id)) {
                String path = "offsets/" + id;
                read(path, id, bytes -> OffsetLogParser.parse(bytes), unreadableOffsets, events).ifPresent(offsets -> {
                    planned.put(id, offsets);
                    events.add(new CheckpointEvent.Planned(id, offsets.offsets(), offsets.metadata().batchWatermarkMs(),
                            offsets.metadata().batchTimestampMs()));
                });
            }
        }
        boolean newCommit = false;
        for (long id : commitIds) {
            // a commit after its plan (or after retention purged the plan): never before a plan still being written
            boolean planKnown = planned.containsKey(id) || unreadableOffsets.contains(id) || !offsetIds.contains(id);
            if (!committed.containsKey(id) && !unreadableCommits.contains(id) && planKnown) {
                Optional<Commit> commit = read("commits/" + id, id, bytes -> CommitLogParser.parse(bytes),
                        unreadableCommits, events);
                if (commit.isPresent()) {
                    committed.put(id, commit.get());
                    events.add(new CheckpointEvent.Committed(id, Optional.ofNullable(commit.get().nextBatchWatermarkMs())));
                    newCommit = true;
                }
            }
        }
        if (newCommit && stateVersions) {
            addStateVersions(events);
        }
        events.sort(Comparator.comparingLong(CheckpointEvent::batchId).thenComparingInt(CheckpointEvent::order));
        return events;
    }

    /** Whether batch {@code id} has committed, as far as the polls so far saw. */
    public boolean committed(long id) {
        return committed.containsKey(id);
    }

    /** Whether the last poll could not list a folder that exists (a store throttling, a network fault). */
    public boolean lastPollFailed() {
        return listingFailed;
    }

    /** The logs seen whole so far, for a reader that should not read them again. */
    public KnownLogs known() {
        return new KnownLogs(planned, committed, unreadableOffsets, unreadableCommits);
    }

    private void readMetadata(List<CheckpointEvent> events) {
        Path file = checkpoint.resolve("metadata");
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        TreeSet<Long> failed = new TreeSet<>();
        read("metadata", -1, QueryMetadataParser::parseQueryId, failed, events).ifPresent(queryId -> {
            metadataDone = true;
            events.add(new CheckpointEvent.Metadata(queryId));
        });
        metadataDone |= !failed.isEmpty(); // said as a problem once: not tried again
    }

    private void addStateVersions(List<CheckpointEvent> events) {
        long newestVersion = committed.lastKey() + 1;
        StateVersions.complete(checkpoint).forEach((store, versions) -> {
            long reported = stateReported.getOrDefault(store, 0L);
            for (long version : versions.subSet(reported, false, newestVersion, true)) {
                events.add(new CheckpointEvent.StateVersion(store.operatorId(), store.storeName(), version));
                stateReported.put(store, version);
            }
        });
    }

    /** One file's bytes in, its parse out. */
    private interface Parser<T> {
        T parse(byte[] bytes) throws FormatException;
    }

    /**
     * The parsed file, or empty while it is not whole. A file that fails {@link #TRIES} times without its length
     * changing for the patience time goes into {@code givenUp} with a problem event.
     */
    private <T> Optional<T> read(String relative, long batchId, Parser<T> parser, TreeSet<Long> givenUp,
                                 List<CheckpointEvent> events) {
        Path file = checkpoint.resolve(relative);
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_LOG_BYTES + 1);
        } catch (NoSuchFileException e) {
            return Optional.empty(); // renamed away or purged between the listing and the read
        } catch (IOException e) {
            return failed(relative, batchId, -1, "cannot be read: " + e, givenUp, events);
        }
        if (bytes.length > MAX_LOG_BYTES) {
            return failed(relative, batchId, bytes.length, "larger than " + MAX_LOG_BYTES + " bytes, not one of Spark's log files",
                    givenUp, events);
        }
        try {
            T parsed = parser.parse(bytes);
            attempts.remove(relative);
            return Optional.of(parsed);
        } catch (FormatException e) {
            return failed(relative, batchId, bytes.length, (e.where() == null ? "" : e.where() + ": ") + e.getMessage(),
                    givenUp, events);
        } catch (RuntimeException e) {
            return failed(relative, batchId, bytes.length, "unreadable: " + e, givenUp, events);
        }
    }

    private <T> Optional<T> failed(String relative, long batchId, int length, String message, TreeSet<Long> givenUp,
                                   List<CheckpointEvent> events) {
        long now = nanoClock.getAsLong();
        Attempt before = attempts.get(relative);
        Attempt next = before == null || before.length() != length ? new Attempt(length, now, 1)
                : new Attempt(length, before.unchangedSince(), before.tries() + 1);
        if (next.tries() >= TRIES && now - next.unchangedSince() >= patienceNanos) {
            attempts.remove(relative);
            givenUp.add(batchId);
            events.add(new CheckpointEvent.Problem(relative, batchId, message));
        } else {
            attempts.put(relative, next);
        }
        return Optional.empty();
    }

    /** The numbered entries of a log folder; temp ({@code .N.<uuid>.tmp}) and {@code .crc} files are not batches. */
    private TreeSet<Long> ids(Path folder) {
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
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            listingFailed = true; // nothing to report this time; the follower backs off
        }
        return ids;
    }
}
