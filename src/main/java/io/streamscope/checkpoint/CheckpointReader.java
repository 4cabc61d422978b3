package io.streamscope.checkpoint;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

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
        Path root = folder.toAbsolutePath().normalize();
        FolderKind.requireCheckpoint(root);
        Findings findings = new Findings();
        FolderAccess access = new FolderAccess(root, findings);

        String queryId = readQueryId(access);
        NavigableMap<Long, Path> offsetFiles = LogFolder.batchFiles(access, root.resolve("offsets"), false);
        boolean hasCommitLog = Files.isDirectory(root.resolve("commits"));
        NavigableMap<Long, Path> commitFiles = LogFolder.batchFiles(access, root.resolve("commits"), false);

        NavigableMap<Long, OffsetSeq> offsets = new TreeMap<>();
        for (Map.Entry<Long, Path> file : offsetFiles.entrySet()) {
            parse(access, file.getValue(), OffsetLogParser::parse).ifPresent(seq -> offsets.put(file.getKey(), seq));
        }
        NavigableMap<Long, Commit> commits = new TreeMap<>();
        for (Map.Entry<Long, Path> file : commitFiles.entrySet()) {
            commits.put(file.getKey(), parse(access, file.getValue(), CommitLogParser::parse).orElseGet(Commit::unreadable));
        }

        int sourceCount = SourceReader.countSources(access, offsets.values());
        List<SourceInfo> sources = SourceReader.read(access, sourceCount, offsets.values());

        NavigableMap<Long, BatchAssembler.LogEntries> entries = new TreeMap<>();
        TreeSet<Long> ids = new TreeSet<>(offsetFiles.keySet());
        ids.addAll(commitFiles.keySet());
        for (long id : ids) {
            entries.put(id, new BatchAssembler.LogEntries(offsetFiles.containsKey(id),
                    Optional.ofNullable(offsets.get(id)), Optional.ofNullable(commits.get(id))));
        }
        NavigableMap<Long, Batch> batches = BatchAssembler.assemble(entries, sources, hasCommitLog, findings);

        List<StateOperatorInfo> operators = StateDiscovery.discover(access);
        noteStateAheadOfCommits(operators, batches, findings);
        return new Checkpoint(root, queryId, sources, batches, operators, findings.problems(), findings.notes());
    }

    private static String readQueryId(FolderAccess access) {
        Path file = access.root().resolve("metadata");
        if (!Files.exists(file)) {
            access.findings().note("metadata", "no metadata file: the query id is unknown (Spark would start a new query id)");
            return null;
        }
        return parse(access, file, QueryMetadataParser::parseQueryId).orElse(null);
    }

    /** A parser of one file's bytes. */
    private interface FileParser<T> {
        T parse(byte[] bytes) throws FormatException;
    }

    private static <T> Optional<T> parse(FolderAccess access, Path file, FileParser<T> parser) {
        Optional<byte[]> bytes = access.read(file);
        if (bytes.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(parser.parse(bytes.get()));
        } catch (FormatException e) {
            access.findings().problem(access.relative(file), e);
            return Optional.empty();
        } catch (RuntimeException e) {
            access.findings().problem(access.relative(file), null, "unreadable: " + e);
            return Optional.empty();
        }
    }

    private static void noteStateAheadOfCommits(List<StateOperatorInfo> operators, NavigableMap<Long, Batch> batches,
                                                Findings findings) {
        long lastCommitted = batches.descendingMap().values().stream().filter(Batch::committed)
                .mapToLong(Batch::id).findFirst().orElse(-1);
        for (StateOperatorInfo operator : operators) {
            for (StateStoreInfo store : operator.stores()) {
                if (!store.versions().isEmpty() && store.versions().last() > lastCommitted + 1) {
                    findings.note("state/" + operator.operatorId(), "store " + store.storeName() + " has version "
                            + store.versions().last() + ", written by batch " + (store.versions().last() - 1)
                            + " which has not committed; Spark overwrites it when the batch re-runs");
                }
            }
        }
    }
}
