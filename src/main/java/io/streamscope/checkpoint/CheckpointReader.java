package io.streamscope.checkpoint;

import io.streamscope.task.HeldProgress;
import io.streamscope.task.Work;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Reads a checkpoint folder into a {@link Checkpoint}. It never throws on bad content: each damaged file becomes a
 * {@link Problem} and everything else is still read. It never writes, renames or deletes anything.
 */
public final class CheckpointReader {

    private CheckpointReader() {
    }

    /**
     * @throws NotACheckpointException when {@code folder} is not a checkpoint at all (with the reason)
     */
    public static Checkpoint read(Path folder) throws NotACheckpointException {
        return read(folder, null, Work.NONE);
    }

    /**
     * Likewise, telling {@code work} how many of the offsets and commits files are read (both folders are listed
     * first, so the total is known) and asking its cancellation before each file.
     *
     * @throws java.util.concurrent.CancellationException when {@code work} is cancelled
     */
    public static Checkpoint read(Path folder, Work work) throws NotACheckpointException {
        return read(folder, null, work);
    }

    /**
     * Reads a running query's checkpoint again with the offsets and commits a watcher has already seen whole: no log
     * file is read twice, and a file still being written (not yet known) is left out rather than taken for damage.
     * The rest (metadata, sources, state) is read as {@link #read(Path)} reads it.
     *
     * @param known null to read the logs from the folder
     */
    public static Checkpoint read(Path folder, KnownLogs known) throws NotACheckpointException {
        return read(folder, known, Work.NONE);
    }

    /** The reading behind the others: {@code known} logs taken as seen (null: read them), progress told to {@code work}. */
    public static Checkpoint read(Path folder, KnownLogs known, Work work) throws NotACheckpointException {
        Path root = folder.toAbsolutePath().normalize();
        FolderKind.requireCheckpoint(root);
        Findings findings = new Findings();
        FolderAccess access = new FolderAccess(root, findings);

        String queryId = readQueryId(access);
        // state/ is listed on another core while the logs are read; its findings join the others where they always did,
        // its progress (partition folders) follows the logs' (files) on the bar
        Findings stateFindings = new Findings();
        HeldProgress stateProgress = new HeldProgress(work);
        CompletableFuture<StateDiscovery.Discovery> discovery = CompletableFuture.supplyAsync(
                () -> StateDiscovery.discoverAll(access.reportingTo(stateFindings), stateProgress.work()));
        // The files are looked at (one lstat each) by the threads that read them, not one after another here.
        NavigableMap<Long, Path> offsetFiles = known == null ? LogFolder.unlookedBatchFiles(access, root.resolve("offsets"))
                : LogFolder.knownFiles(root.resolve("offsets"), known.offsets().keySet(), known.unreadableOffsets());
        boolean hasCommitLog = access.isFolder(root.resolve("commits"));
        NavigableMap<Long, Path> commitFiles = known == null ? LogFolder.unlookedBatchFiles(access, root.resolve("commits"))
                : LogFolder.knownFiles(root.resolve("commits"), known.commits().keySet(), known.unreadableCommits());

        LogProgress progress = new LogProgress(work, offsetFiles.size() + commitFiles.size());
        // Read and parsed on every core, in file order (OrderedFileParsing): the answer and its problems as one thread's.
        List<LogFile<OffsetSeq>> offsets = readLog(access, "offsets/", offsetFiles, known == null ? null : known.offsets(),
                OffsetLogParser::parseText, progress);
        List<LogFile<Commit>> commits = readLog(access, "commits/", commitFiles, known == null ? null : known.commits(),
                CommitLogParser::parseText, progress);
        progress.done("state/");
        stateProgress.release();

        List<OffsetSeq> parsedOffsets = new ArrayList<>(offsets.size());
        for (LogFile<OffsetSeq> file : offsets) {
            file.read().ifPresent(parsedOffsets::add);
        }
        int sourceCount = SourceReader.countSources(access, parsedOffsets);
        SourceReader.Signs signs = new SourceReader.Signs();
        List<SourceInfo> sources = SourceReader.read(access, sourceCount, parsedOffsets, signs);

        List<BatchAssembler.LogEntries> entries = entries(offsets, commits);
        StateDiscovery.Discovery state = joined(discovery);
        findings.addAll(stateFindings);
        List<StateOperatorInfo> operators = state.operators();
        NavigableMap<Long, Batch> batches = BatchAssembler.assemble(entries, sources, hasCommitLog,
                spark21Signs(access, hasCommitLog, signs, operators), findings);
        work.check();

        notePartialVersions(state.partialVersions(), batches, findings);
        noteStateAheadOfCommits(operators, state.partialVersions(), batches, findings);
        return new Checkpoint(root, queryId, sources, batches, operators, findings.problems(), findings.notes(), state.listings());
    }

    /** A file of a log: its batch id, and its value, or empty where it could not be read (a problem says why). */
    private record LogFile<T>(long id, Optional<T> read) {
    }

    /**
     * Reads the files of one log on every core, in file order: each as {@code known} has it (a watcher's), else looked
     * at and parsed. A file that is not {@link FolderAccess#followableListed} (a link out of the folder, remarked on)
     * is left out of the answer, which holds every other file of {@code files}, in batch id order.
     *
     * @param known null: read every file from the folder
     */
    private static <T> List<LogFile<T>> readLog(FolderAccess access, String folder, NavigableMap<Long, Path> files,
                                                Map<Long, T> known, FileParser<T> parser, LogProgress progress) {
        return OrderedFileParsing.parseAll(access, List.copyOf(files.entrySet()), (a, file) -> {
            progress.next(folder + file.getKey());
            T seen = known == null ? null : known.get(file.getKey());
            if (seen != null) {
                return new LogFile<>(file.getKey(), Optional.of(seen));
            }
            if (known == null && !a.followableListed(file.getValue())) {
                return null;
            }
            return new LogFile<>(file.getKey(), parse(a, file.getValue(), parser));
        });
    }

    /**
     * Each batch id of either log with what the two hold for it, in id order, walking both (each in id order) once.
     * A commit file that could not be read still counts as a commit ({@link Commit#unreadable}).
     */
    private static List<BatchAssembler.LogEntries> entries(List<LogFile<OffsetSeq>> offsets, List<LogFile<Commit>> commits) {
        List<BatchAssembler.LogEntries> entries = new ArrayList<>(Math.max(offsets.size(), commits.size()));
        BothLogs both = new BothLogs(offsets, commits);
        while (both.hasNext()) {
            entries.add(both.next());
        }
        return entries;
    }

    /** The two logs' files taken an id at a time (methods called per id, which the JIT compiles early, not a loop's body). */
    private static final class BothLogs {
        private final List<LogFile<OffsetSeq>> offsets;
        private final List<LogFile<Commit>> commits;
        private int o;
        private int c;

        BothLogs(List<LogFile<OffsetSeq>> offsets, List<LogFile<Commit>> commits) {
            this.offsets = offsets;
            this.commits = commits;
        }

        boolean hasNext() {
            return o < offsets.size() || c < commits.size();
        }

        BatchAssembler.LogEntries next() {
            boolean offsetsFile = o < offsets.size() && (c == commits.size() || offsets.get(o).id() <= commits.get(c).id());
            boolean commitFile = c < commits.size() && (o == offsets.size() || commits.get(c).id() <= offsets.get(o).id());
            long id = offsetsFile ? offsets.get(o).id() : commits.get(c).id();
            Optional<OffsetSeq> offset = offsetsFile ? offsets.get(o++).read() : Optional.empty();
            Optional<Commit> commit = commitFile ? Optional.of(commits.get(c++).read().orElseGet(Commit::unreadable))
                    : Optional.empty();
            return new BatchAssembler.LogEntries(id, offsetsFile, offset, commit);
        }
    }

    /** The discovery's result, or what it threw (a cancellation, a bug) as it threw it. */
    private static StateDiscovery.Discovery joined(CompletableFuture<StateDiscovery.Discovery> discovery) {
        try {
            return discovery.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error cause) {
                throw cause;
            }
            throw e;
        }
    }

    /** Besides offsets without conf, what in the files points at Spark 2.1 (each a reason, for the note). */
    private static List<String> spark21Signs(FolderAccess access, boolean hasCommitLog, SourceReader.Signs signs,
                                             List<StateOperatorInfo> operators) {
        List<String> reasons = new java.util.ArrayList<>(signs.spark21);
        if (!hasCommitLog) {
            reasons.add("no commits/ folder, which Spark 2.2 and later create");
        }
        boolean stores = operators.stream().anyMatch(op -> !op.stores().isEmpty());
        boolean schemas = operators.stream().flatMap(op -> op.stores().stream()).anyMatch(store -> !store.schemaFiles().isEmpty());
        if (stores && !schemas) {
            reasons.add("state without schema files, which Spark 3.1 and later write");
        }
        return reasons.size() >= 2 || !signs.spark21.isEmpty() ? reasons : List.of();
    }

    private static String readQueryId(FolderAccess access) {
        Path file = access.root().resolve("metadata");
        if (!Files.exists(file)) {
            access.findings().note("metadata", "no metadata file: the query id is unknown (Spark would start a new query id)");
            return null;
        }
        return parse(access, file, QueryMetadataParser::parseQueryIdText).orElse(null);
    }

    /** A parser of one file's text. */
    private interface FileParser<T> {
        T parse(LogText text) throws FormatException;
    }

    private static <T> Optional<T> parse(FolderAccess access, Path file, FileParser<T> parser) {
        Optional<LogText> text = access.readText(file, FolderAccess.MAX_TEXT_LOG_BYTES);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(parser.parse(text.get()));
        } catch (FormatException e) {
            access.findings().problem(access.relative(file), e);
            return Optional.empty();
        } catch (RuntimeException | StackOverflowError e) {
            access.findings().problem(access.relative(file), null, "unreadable: " + e);
            return Optional.empty();
        }
    }

    /**
     * A newest state version in some partitions only. Written by a batch that never committed, it is a crash while
     * the batch's tasks wrote state (Spark writes the version again in every partition when the batch re-runs);
     * retention never removes the newest version, so it is not that. Written by a committed batch, the partitions
     * without it cannot give the state after that batch: damage.
     */
    private static void notePartialVersions(List<StateDiscovery.PartialVersion> partial, NavigableMap<Long, Batch> batches,
                                            Findings findings) {
        for (StateDiscovery.PartialVersion version : partial) {
            long batchId = version.version() - 1;
            Batch batch = batches.get(batchId);
            String store = "store " + version.storeName() + " of operator " + version.operatorId();
            String where = "version " + version.version() + " of " + store + " is in partition" + plural(version.present())
                    + " " + list(version.present()) + " only, not in " + list(version.missing());
            if (batch != null && batch.committed()) {
                findings.warning("state/" + version.operatorId(), null, where + ", although batch " + batchId
                        + " committed: the state after batch " + batchId + " cannot be rebuilt in those partitions"
                        + " (files deleted or lost in a copy?)");
            } else {
                findings.note("state/" + version.operatorId(), "a batch that died while writing state: batch " + batchId
                        + " stopped before it committed, and " + where
                        + (version.tempFiles().isEmpty() ? "" : " (an interrupted write left " + String.join(", ", version.tempFiles()) + ")")
                        + ". Not retention, which never removes the newest version: Spark writes the version again in every"
                        + " partition when the batch re-runs");
            }
        }
    }

    private static String plural(List<Integer> partitions) {
        return partitions.size() == 1 ? "" : "s";
    }

    private static String list(List<Integer> partitions) {
        if (partitions.size() > 12) {
            return partitions.subList(0, 12).toString().replace("]", ", … (" + partitions.size() + " in all)]");
        }
        return partitions.toString();
    }

    private static void noteStateAheadOfCommits(List<StateOperatorInfo> operators, List<StateDiscovery.PartialVersion> partial,
                                                NavigableMap<Long, Batch> batches, Findings findings) {
        long lastCommitted = batches.descendingMap().values().stream().filter(Batch::committed)
                .mapToLong(Batch::id).findFirst().orElse(-1);
        for (StateOperatorInfo operator : operators) {
            for (StateStoreInfo store : operator.stores()) {
                boolean remarked = partial.stream().anyMatch(p -> p.operatorId() == operator.operatorId()
                        && p.storeName().equals(store.storeName()));
                if (!remarked && !store.versions().isEmpty() && store.versions().last() > lastCommitted + 1) {
                    findings.note("state/" + operator.operatorId(), "store " + store.storeName() + " has version "
                            + store.versions().last() + ", written by batch " + (store.versions().last() - 1)
                            + " which has not committed; Spark overwrites it when the batch re-runs");
                }
            }
        }
    }
}
