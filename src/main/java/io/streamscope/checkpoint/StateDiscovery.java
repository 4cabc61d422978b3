package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.task.Progress;
import io.streamscope.task.Work;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Finds the stateful operators under {@code state/}: {@code <op>/<partition>/[<store>/]} folders, the versions of
 * their files, the provider that wrote them, operator metadata and schema files. It lists and reads small files
 * only; decoding rows is {@code checkpoint.state}'s job.
 */
final class StateDiscovery {

    /** The named stores of a stream-stream join (state formats 1 and 2), the only ones before operator metadata. */
    private static final java.util.Set<String> JOIN_STORES = java.util.Set.of("left-keyToNumValues",
            "left-keyWithIndexToValue", "right-keyToNumValues", "right-keyWithIndexToValue");

    private StateDiscovery() {
    }

    /** Operator metadata ({@code _metadata/metadata} v1 or {@code _metadata/v2/<n>}), as far as read here. */
    private record OperatorMetadata(int version, String operatorName, Map<String, Integer> partitionsByStore,
                                    Map<String, String> stateVariables) {
    }

    /**
     * A state version that some partitions of a store have and others do not: the newest version of the store,
     * written by a batch that stopped while its tasks were writing state (a crash), or damage when that batch
     * committed.
     *
     * @param operatorId   the operator
     * @param storeName    the store
     * @param version      the newest version
     * @param present      partitions that have it
     * @param missing      partitions whose newest version is older
     * @param tempFiles    temp files left in the store's folders (relative paths)
     */
    record PartialVersion(int operatorId, String storeName, long version, List<Integer> present, List<Integer> missing,
                          List<String> tempFiles) {
    }

    /** What was found under {@code state/}. */
    record Discovery(List<StateOperatorInfo> operators, List<PartialVersion> partialVersions, StateFileListings listings) {
    }

    static List<StateOperatorInfo> discover(FolderAccess access) {
        return discoverAll(access, Work.NONE).operators();
    }

    /**
     * Lists {@code state/} and each operator's folder first (asking {@code work}'s cancellation before each), so the
     * number of partition folders is known, then tells {@code work} how many of them are read, asking before each.
     *
     * @throws java.util.concurrent.CancellationException when {@code work} is cancelled
     */
    static Discovery discoverAll(FolderAccess access, Work work) {
        return discoverAll(access, work, true);
    }

    /** {@link #discoverAll(FolderAccess, Work)}, with a wide local store's partitions read on one thread if not {@code inRuns}. */
    static Discovery discoverAll(FolderAccess access, Work work, boolean inRuns) {
        Path stateDir = access.root().resolve("state");
        List<StateOperatorInfo> operators = new ArrayList<>();
        List<PartialVersion> partial = new ArrayList<>();
        StateFileListings listings = new StateFileListings();
        if (!access.isFolder(stateDir)) {
            return new Discovery(operators, partial, listings);
        }
        Map<Integer, Path> operatorDirs = new TreeMap<>();
        Map<Integer, List<Path>> partitionEntries = new TreeMap<>();
        long partitionFolders = 0;
        for (Path operatorDir : access.list(stateDir)) {
            String name = operatorDir.getFileName().toString();
            if (Files.isSymbolicLink(operatorDir)) {
                access.noteLink(operatorDir, "a symbolic link in state/, not an operator (Spark writes no links); not followed");
                continue;
            }
            Long operatorId = LogFolder.parseBatchId(name);
            if (operatorId == null || operatorId > Integer.MAX_VALUE
                    || !Files.isDirectory(operatorDir, LinkOption.NOFOLLOW_LINKS)) {
                access.findings().note(access.relative(operatorDir), "not an operator folder (Spark writes state/<operator id>/);"
                        + " ignored");
                continue;
            }
            work.check();
            List<Path> entries = access.list(operatorDir);
            operatorDirs.put(operatorId.intValue(), operatorDir);
            partitionEntries.put(operatorId.intValue(), entries);
            partitionFolders += entries.stream().filter(entry -> LogFolder.parseBatchId(entry.getFileName().toString()) != null).count();
        }
        LogProgress progress = new LogProgress(work, partitionFolders, Progress.Unit.PARTITIONS);
        operatorDirs.forEach((operatorId, operatorDir) ->
                operators.add(readOperator(access, operatorId, operatorDir, partitionEntries.get(operatorId), partial, progress,
                        work, inRuns, listings)));
        progress.done("batches");
        return new Discovery(operators, partial, listings);
    }

    private static StateOperatorInfo readOperator(FolderAccess access, int operatorId, Path operatorDir,
                                                  List<Path> partitionEntries, List<PartialVersion> partial,
                                                  LogProgress progress, Work work, boolean inRuns,
                                                  StateFileListings listings) {
        Optional<OperatorMetadata> metadata = readOperatorMetadata(access, operatorDir);
        java.util.Set<String> knownStores = metadata.map(m -> m.partitionsByStore().keySet()).orElse(java.util.Set.of());
        java.util.function.Predicate<String> storeFolder = name -> knownStores.contains(name) || JOIN_STORES.contains(name);
        Map<String, StoreFacts> stores = PartitionFolders.read(access, operatorId, partitionEntries, storeFolder, progress, work,
                inRuns, listings);
        StoreFacts defaults = stores.get(PartitionFolders.DEFAULT_STORE);
        if (defaults != null && stores.size() > 1 && defaults.versions.isEmpty() && defaults.schemaFiles.isEmpty()) {
            stores.remove(PartitionFolders.DEFAULT_STORE); // the partition folders only hold named stores (stream-stream join)
        }
        addSchemaV3Files(access, operatorDir, stores);
        if (metadata.isEmpty()) {
            access.findings().note("state/" + operatorId, "no operator metadata file (Spark writes one from 4.0 on);"
                    + " the operator kind is not recorded");
        }
        List<StateStoreInfo> storeInfos = new ArrayList<>();
        for (Map.Entry<String, StoreFacts> store : stores.entrySet()) {
            StoreFacts facts = store.getValue();
            int numPartitions = metadata.map(m -> m.partitionsByStore().get(store.getKey())).orElse(facts.partitions.size());
            StateProvider provider = facts.rocksDbFiles ? StateProvider.ROCKSDB : facts.hdfsFiles ? StateProvider.HDFS : StateProvider.UNKNOWN;
            if (facts.rocksDbFiles && facts.hdfsFiles) {
                access.findings().warning("state/" + operatorId, null, "store " + store.getKey()
                        + " has both HDFS (.delta/.snapshot) and RocksDB (.zip/.changelog) files");
            }
            storeInfos.add(new StateStoreInfo(store.getKey(), numPartitions, provider, facts.versions, facts.schemaFiles));
            partialVersion(operatorId, store.getKey(), facts, numPartitions).ifPresent(partial::add);
        }
        return new StateOperatorInfo(operatorId, metadata.map(OperatorMetadata::operatorName).orElse(null),
                metadata.map(OperatorMetadata::version).orElse(0), storeInfos,
                metadata.map(OperatorMetadata::stateVariables).orElse(Map.of()));
    }

    /** The store's newest version when some of its partitions do not have it (their newest version is older). */
    private static Optional<PartialVersion> partialVersion(int operatorId, String storeName, StoreFacts facts, int numPartitions) {
        if (facts.versions.isEmpty()) {
            return Optional.empty();
        }
        long newest = facts.versions.last();
        List<Integer> present = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        for (int partition : facts.folders) {
            Long own = facts.newestByPartition.get(partition);
            if (own != null && own == newest) {
                present.add(partition);
            } else if (own != null ? own < newest : facts.tempFiles.containsKey(partition)) {
                missing.add(partition); // older versions only, or nothing but an interrupted write (an empty folder says nothing)
            }
        }
        if (missing.isEmpty() || present.isEmpty()) {
            return Optional.empty();
        }
        List<String> temps = new ArrayList<>();
        facts.tempFiles.values().forEach(temps::addAll);
        return Optional.of(new PartialVersion(operatorId, storeName, newest, present, missing, temps));
    }

    /** Spark 4's {@code _stateSchema/<store>/<batchId>_<uuid>} files: listed here, decoded by the state reader. */
    private static void addSchemaV3Files(FolderAccess access, Path operatorDir, Map<String, StoreFacts> stores) {
        Path schemaRoot = operatorDir.resolve("_stateSchema");
        if (!Files.isDirectory(schemaRoot, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        for (Path storeDir : access.list(schemaRoot)) {
            if (Files.isSymbolicLink(storeDir)) {
                access.noteLink(storeDir, "a symbolic link among the state schema folders; not followed");
                continue;
            }
            if (!Files.isDirectory(storeDir, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            StoreFacts facts = stores.computeIfAbsent(storeDir.getFileName().toString(), k -> new StoreFacts());
            List<Path> files = new ArrayList<>();
            for (Path file : access.list(storeDir)) {
                if (Files.isSymbolicLink(file)) {
                    access.noteLink(file, "a symbolic link where Spark writes a state schema file; not followed");
                } else if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    files.add(file);
                }
            }
            files.sort((a, b) -> Long.compare(schemaBatch(a), schemaBatch(b)));
            for (Path file : files) {
                facts.schemaFiles.add(new StateSchemaFile(access.relative(file), 3, null, null));
            }
        }
    }

    private static long schemaBatch(Path file) {
        String name = file.getFileName().toString();
        int underscore = name.indexOf('_');
        Long batch = LogFolder.parseBatchId(underscore < 0 ? name : name.substring(0, underscore));
        return batch == null ? Long.MAX_VALUE : batch;
    }

    private static Optional<OperatorMetadata> readOperatorMetadata(FolderAccess access, Path operatorDir) {
        Path metadataDir = operatorDir.resolve(PartitionFolders.METADATA_DIR);
        Path file = metadataDir.resolve("metadata");
        int maxVersion = 1;
        Path v2Dir = metadataDir.resolve("v2");
        if (access.isFolder(v2Dir)) {
            Map.Entry<Long, Path> newest = LogFolder.batchFiles(access, v2Dir, false).lastEntry();
            if (newest != null) {
                file = newest.getValue();
                maxVersion = 2;
            }
        }
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        String relative = access.relative(file);
        Optional<LogText> read = access.readText(file, FolderAccess.MAX_TEXT_LOG_BYTES);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        try {
            LogText text = read.get();
            int version = text.version(maxVersion);
            if (text.size() < 2) {
                throw new FormatException(null, "truncated: no JSON after the version line");
            }
            JsonNode json = Json.parseObject(text.line(2), FormatException.line(2));
            String name = json.path("operatorInfo").path("operatorName").asText(null);
            Map<String, Integer> partitions = new LinkedHashMap<>();
            for (JsonNode store : json.path("stateStoreInfo")) {
                partitions.put(store.path("storeName").asText(PartitionFolders.DEFAULT_STORE), store.path("numPartitions").asInt());
            }
            return Optional.of(new OperatorMetadata(version, name, partitions, stateVariables(access, json, relative)));
        } catch (FormatException e) {
            access.findings().problem(relative, e);
            return Optional.empty();
        }
    }

    /**
     * transformWithState's state variables, from the JSON text of {@code operatorPropertiesJson} (v2): damage there
     * is a problem, and the operator is still read.
     */
    private static Map<String, String> stateVariables(FolderAccess access, JsonNode metadata, String relative) {
        String properties = metadata.path("operatorPropertiesJson").asText("");
        Map<String, String> variables = new LinkedHashMap<>();
        if (properties.isBlank()) {
            return variables;
        }
        try {
            for (JsonNode variable : Json.parseObject(properties, FormatException.line(2)).path("stateVariables")) {
                variables.put(variable.path("stateName").asText(), variable.path("stateVariableType").asText());
            }
        } catch (FormatException e) {
            access.findings().problem(relative, e);
        }
        return variables;
    }
}
