package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.task.InOrder;
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
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Finds the stateful operators under {@code state/}: {@code <op>/<partition>/[<store>/]} folders, the versions of
 * their files, the provider that wrote them, operator metadata and schema files. It lists and reads small files
 * only; decoding rows is {@code checkpoint.state}'s job.
 */
final class StateDiscovery {

    private static final String DEFAULT_STORE = "default";
    /** The named stores of a stream-stream join (state formats 1 and 2), the only ones before operator metadata. */
    private static final java.util.Set<String> JOIN_STORES = java.util.Set.of("left-keyToNumValues",
            "left-keyWithIndexToValue", "right-keyToNumValues", "right-keyWithIndexToValue");
    private static final String METADATA_DIR = "_metadata";
    /** Partition folders a worker reads at a time where a store is wide ({@link #scanPartitionsInRuns}). */
    private static final int PARTITIONS_PER_RUN = 16;

    private StateDiscovery() {
    }

    /** Facts gathered for one store across partitions. */
    private static final class StoreFacts {
        final SortedSet<Integer> partitions = new TreeSet<>();
        /** Partitions whose store folder exists, with state files in it or not. */
        final SortedSet<Integer> folders = new TreeSet<>();
        final SortedSet<Long> versions = new TreeSet<>();
        /** The newest version of each partition's files, for the partitions with any. */
        final Map<Integer, Long> newestByPartition = new TreeMap<>();
        /** The last partition's versions, sorted: most partitions have the same, added to {@link #versions} once. */
        private long[] lastVersions = new long[0];
        /** Temp files ({@code .<name>.<uuid>.tmp}) per partition: what an interrupted write leaves. */
        final Map<Integer, List<String>> tempFiles = new TreeMap<>();
        boolean hdfsFiles;
        boolean rocksDbFiles;
        final List<StateSchemaFile> schemaFiles = new ArrayList<>();

        /** Adds the facts of later partitions (none of them among this one's). */
        void addAll(StoreFacts later) {
            partitions.addAll(later.partitions);
            folders.addAll(later.folders);
            versions.addAll(later.versions);
            newestByPartition.putAll(later.newestByPartition);
            tempFiles.putAll(later.tempFiles);
            hdfsFiles |= later.hdfsFiles;
            rocksDbFiles |= later.rocksDbFiles;
            schemaFiles.addAll(later.schemaFiles);
        }

        /** The versions of a partition's files, the first {@code count} of {@code versions} in any order. */
        void addVersions(int partition, long[] versions, int count) {
            if (count == 0) {
                return;
            }
            long[] sorted = java.util.Arrays.copyOf(versions, count);
            java.util.Arrays.sort(sorted);
            newestByPartition.put(partition, sorted[count - 1]);
            if (!java.util.Arrays.equals(sorted, lastVersions)) {
                for (long version : sorted) {
                    this.versions.add(version);
                }
                lastVersions = sorted;
            }
        }
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
    record Discovery(List<StateOperatorInfo> operators, List<PartialVersion> partialVersions) {
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
        if (!access.isFolder(stateDir)) {
            return new Discovery(operators, partial);
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
                        work, inRuns)));
        progress.done("batches");
        return new Discovery(operators, partial);
    }

    private static StateOperatorInfo readOperator(FolderAccess access, int operatorId, Path operatorDir,
                                                  List<Path> partitionEntries, List<PartialVersion> partial,
                                                  LogProgress progress, Work work, boolean inRuns) {
        Optional<OperatorMetadata> metadata = readOperatorMetadata(access, operatorDir);
        java.util.Set<String> knownStores = metadata.map(m -> m.partitionsByStore().keySet()).orElse(java.util.Set.of());
        java.util.function.Predicate<String> storeFolder = name -> knownStores.contains(name) || JOIN_STORES.contains(name);
        Map<String, StoreFacts> stores = inRuns && !ListingPrefetch.pays(access) && partitionEntries.size() >= PARTITIONS_PER_RUN * 2
                ? scanPartitionsInRuns(access, operatorId, partitionEntries, storeFolder, progress, work)
                : scanPartitions(access, operatorId, partitionEntries, storeFolder, progress, work);
        StoreFacts defaults = stores.get(DEFAULT_STORE);
        if (defaults != null && stores.size() > 1 && defaults.versions.isEmpty() && defaults.schemaFiles.isEmpty()) {
            stores.remove(DEFAULT_STORE); // the partition folders only hold named stores (stream-stream join)
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

    /**
     * The partition folders of a wide local store, cut into runs read on the workers ({@link InOrder}). Spark keeps
     * some 100 versions a partition by default, so a store of 200 partitions holds 22,000 files, each listed and
     * looked at ({@code lstat}): on one core while the other idled once the logs were read, {@code inspect} of such a
     * checkpoint 0.23 s, in runs 0.20 s (a few files a partition: no change). Each run has its own facts and findings,
     * joined in partition order, so the answer and its notes are those of one thread reading the folders in turn.
     */
    private static Map<String, StoreFacts> scanPartitionsInRuns(FolderAccess access, int operatorId, List<Path> partitionEntries,
                                                                java.util.function.Predicate<String> storeFolder,
                                                                LogProgress progress, Work work) {
        Map<String, StoreFacts> stores = new TreeMap<>();
        int runs = (partitionEntries.size() + PARTITIONS_PER_RUN - 1) / PARTITIONS_PER_RUN;
        int workers = InOrder.workers();
        InOrder.run(runs, workers, workers * 2, number -> {
            Findings findings = new Findings();
            List<Path> entries = partitionEntries.subList(number * PARTITIONS_PER_RUN,
                    Math.min(partitionEntries.size(), (number + 1) * PARTITIONS_PER_RUN));
            return new PartitionRun(scanPartitions(access.reportingTo(findings), operatorId, entries, storeFolder, progress, work),
                    findings);
        }, number -> work.check(), (run, number) -> {
            access.findings().addAll(run.findings());
            run.stores().forEach((name, facts) -> stores.computeIfAbsent(name, k -> new StoreFacts()).addAll(facts));
        });
        return stores;
    }

    /** What one run of partition folders held: its stores' facts, and the findings made reading them. */
    private record PartitionRun(Map<String, StoreFacts> stores, Findings findings) {
    }

    /** Reads {@code partitionEntries} (the entries of an operator's folder) one after another: each store's facts. */
    private static Map<String, StoreFacts> scanPartitions(FolderAccess access, int operatorId, List<Path> partitionEntries,
                                                          java.util.function.Predicate<String> storeFolder,
                                                          LogProgress progress, Work work) {
        boolean listAhead = ListingPrefetch.pays(access);
        Map<String, StoreFacts> stores = new TreeMap<>();
        for (int at = 0; at < partitionEntries.size(); at++) {
            if (listAhead && at % ListingPrefetch.AHEAD == 0) {
                List<Path> next = partitionEntries.subList(at, Math.min(partitionEntries.size(), at + ListingPrefetch.AHEAD))
                        .stream().filter(entry -> LogFolder.parseBatchId(entry.getFileName().toString()) != null
                                && ListingPrefetch.isFolder(entry)).toList();
                ListingPrefetch.listAhead(access, next, storeFolder, work);
            }
            Path partitionDir = partitionEntries.get(at);
            String name = partitionDir.getFileName().toString();
            if (Files.isSymbolicLink(partitionDir)) {
                access.noteLink(partitionDir, "a symbolic link among the partitions, not a partition (Spark writes no links);"
                        + " not followed");
                continue;
            }
            boolean folder = Files.isDirectory(partitionDir, LinkOption.NOFOLLOW_LINKS);
            if (name.equals(METADATA_DIR) || name.equals("_stateSchema")) {
                continue;
            }
            Long partition = LogFolder.parseBatchId(name);
            if (partition == null || partition > Integer.MAX_VALUE || !folder) {
                access.findings().note(access.relative(partitionDir), "not a partition folder (Spark writes state/"
                        + operatorId + "/<partition>/); ignored");
                continue;
            }
            int p = partition.intValue();
            progress.next("state/" + operatorId + "/" + p);
            List<Path> folders = readStoreFolder(access, partitionDir, p, stores.computeIfAbsent(DEFAULT_STORE, k -> new StoreFacts()));
            for (Path child : folders) {
                String childName = child.getFileName().toString();
                if (childName.equals(METADATA_DIR) || childName.equals("SSTs") || childName.equals("logs")
                        || StateFileName.parse(childName) != null || StateFileName.isSidecar(childName)) {
                    continue;
                }
                if (storeFolder.test(childName)) {
                    readStoreFolder(access, child, p, stores.computeIfAbsent(childName, k -> new StoreFacts()));
                } else {
                    access.findings().note(access.relative(child), "a folder Spark does not write (named stores are the"
                            + " operator metadata's, or a stream-stream join's four): not a state store; ignored");
                }
            }
        }
        return stores;
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

    /**
     * Reads one store folder's state files into {@code facts}, remarking on links and files that are not state files.
     *
     * @return its sub-folders (no links), in name order: named stores among them, so the folder is listed once
     */
    private static List<Path> readStoreFolder(FolderAccess access, Path storeDir, int partition, StoreFacts facts) {
        facts.folders.add(partition);
        List<Path> folders = new ArrayList<>();
        boolean any = false;
        long[] versions = new long[16];
        int count = 0;
        List<String> bookkeeping = new ArrayList<>();
        // The state files, nearly all entries, are taken in the listing's order; the others are remarked on in name order.
        List<Listed> others = new ArrayList<>();
        for (Path file : access.listInAnyOrder(storeDir, bookkeeping)) {
            java.nio.file.attribute.BasicFileAttributes attributes = FolderAccess.ownAttributes(file);
            if (attributes == null) {
                continue;
            }
            StateFileName stateFile = attributes.isRegularFile() ? StateFileName.parse(FolderAccess.nameOf(file)) : null;
            if (stateFile == null) {
                others.add(new Listed(file, attributes));
                continue;
            }
            any = true;
            if (count == versions.length) {
                versions = java.util.Arrays.copyOf(versions, count * 2);
            }
            versions[count++] = stateFile.version();
            switch (stateFile.kind()) {
                case "delta", "snapshot" -> facts.hdfsFiles = true;
                default -> facts.rocksDbFiles = true;
            }
        }
        others.sort(java.util.Comparator.comparing(Listed::path));
        for (Listed other : others) {
            Path file = other.path();
            String name = file.getFileName().toString();
            if (other.attributes().isSymbolicLink()) {
                access.noteLink(file, "a symbolic link in a state store folder: not a state file or store (Spark writes"
                        + " no links); not followed");
            } else if (other.attributes().isDirectory()) {
                if (name.equals("SSTs")) {
                    facts.rocksDbFiles = true;
                }
                folders.add(file); // _metadata, logs, and named stores are looked at by the caller
            } else if (StateFileName.parse(name) == null) {
                if (!StateFileName.isSidecar(name)) {
                    access.findings().note(access.relative(file), "not a state file (Spark writes <version>.delta,"
                            + " .snapshot, .zip or .changelog); ignored");
                }
            } else {
                access.findings().note(access.relative(file), "not a regular file; ignored");
            }
        }
        facts.addVersions(partition, versions, count);
        List<String> temps = bookkeeping.stream().filter(name -> name.endsWith(".tmp")).sorted().limit(20)
                .map(name -> access.relative(storeDir.resolve(name))).toList();
        if (!temps.isEmpty()) {
            facts.tempFiles.computeIfAbsent(partition, k -> new ArrayList<>()).addAll(temps);
        }
        Path schemaFile = storeDir.resolve(METADATA_DIR).resolve("schema");
        java.nio.file.attribute.BasicFileAttributes schema = FolderAccess.ownAttributes(schemaFile);
        if (schema != null && schema.isRegularFile()) {
            any = true;
            facts.schemaFiles.add(readSchemaFile(access, schemaFile));
        } else if (schema != null && schema.isSymbolicLink()) {
            access.noteLink(schemaFile, "a symbolic link where Spark writes the state schema; not followed");
        }
        if (any) {
            facts.partitions.add(partition);
        }
        return folders;
    }

    /** An entry of a store folder and what it is. */
    private record Listed(Path path, java.nio.file.attribute.BasicFileAttributes attributes) {
    }

    private static StateSchemaFile readSchemaFile(FolderAccess access, Path file) {
        String relative = access.relative(file);
        Optional<byte[]> bytes = access.read(file, FolderAccess.MAX_TEXT_LOG_BYTES);
        if (bytes.isEmpty()) {
            return new StateSchemaFile(relative, 0, null, null);
        }
        try {
            StateSchemaFileParser.KeyValueSchema schema = StateSchemaFileParser.parse(bytes.get());
            return new StateSchemaFile(relative, schema.version(), schema.keySchema(), schema.valueSchema());
        } catch (FormatException e) {
            access.findings().problem(relative, e);
            return new StateSchemaFile(relative, 0, null, null);
        }
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
        Path metadataDir = operatorDir.resolve(METADATA_DIR);
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
                partitions.put(store.path("storeName").asText(DEFAULT_STORE), store.path("numPartitions").asInt());
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
