package io.streamscope.checkpoint;

import io.streamscope.task.InOrder;
import io.streamscope.task.Work;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Reads an operator's partition folders ({@code state/<op>/<partition>/[<store>/]}) into each store's
 * {@link StoreFacts}: the versions of their files, the provider that wrote them, schema files, temp files, with a note
 * on each entry Spark does not write. For {@link StateDiscovery}.
 */
final class PartitionFolders {

    static final String DEFAULT_STORE = "default";
    static final String METADATA_DIR = "_metadata";
    /** Partition folders a worker reads at a time where a store is wide ({@link #readInRuns}). */
    private static final int PARTITIONS_PER_RUN = 16;

    private PartitionFolders() {
    }

    /**
     * The facts of each store in {@code partitionEntries} (the entries of an operator's folder), by store name;
     * {@code storeFolder} tells a named store's sub-folder. In runs on the workers where the store is wide and local
     * and {@code inRuns}, else one folder after another.
     */
    static Map<String, StoreFacts> read(FolderAccess access, int operatorId, List<Path> partitionEntries,
                                        Predicate<String> storeFolder, LogProgress progress, Work work, boolean inRuns,
                                        StateFileListings listings) {
        return inRuns && !ListingPrefetch.pays(access) && partitionEntries.size() >= PARTITIONS_PER_RUN * 2
                ? readInRuns(access, operatorId, partitionEntries, storeFolder, progress, work, listings)
                : readInTurn(access, operatorId, partitionEntries, storeFolder, progress, work, listings);
    }

    /**
     * The partition folders of a wide local store, cut into runs read on the workers ({@link InOrder}). Spark keeps
     * some 100 versions a partition by default, so a store of 200 partitions holds 22,000 files, each listed and
     * looked at ({@code lstat}): on one core while the other idled once the logs were read, {@code inspect} of such a
     * checkpoint 0.23 s, in runs 0.20 s (a few files a partition: no change). Each run has its own facts and findings,
     * joined in partition order, so the answer and its notes are those of one thread reading the folders in turn.
     */
    private static Map<String, StoreFacts> readInRuns(FolderAccess access, int operatorId, List<Path> partitionEntries,
                                                      Predicate<String> storeFolder, LogProgress progress, Work work,
                                                      StateFileListings listings) {
        Map<String, StoreFacts> stores = new TreeMap<>();
        int runs = (partitionEntries.size() + PARTITIONS_PER_RUN - 1) / PARTITIONS_PER_RUN;
        int workers = InOrder.workers();
        InOrder.run(runs, workers, workers * 2, number -> {
            Findings findings = new Findings();
            List<Path> entries = partitionEntries.subList(number * PARTITIONS_PER_RUN,
                    Math.min(partitionEntries.size(), (number + 1) * PARTITIONS_PER_RUN));
            return new PartitionRun(readInTurn(access.reportingTo(findings), operatorId, entries, storeFolder, progress, work,
                    listings), findings);
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
    private static Map<String, StoreFacts> readInTurn(FolderAccess access, int operatorId, List<Path> partitionEntries,
                                                      Predicate<String> storeFolder, LogProgress progress, Work work,
                                                      StateFileListings listings) {
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
            List<Path> folders = readStoreFolder(access, partitionDir, p, stores.computeIfAbsent(DEFAULT_STORE, k -> new StoreFacts()),
                    listings);
            for (Path child : folders) {
                String childName = child.getFileName().toString();
                if (childName.equals(METADATA_DIR) || childName.equals("SSTs") || childName.equals("logs")
                        || StateFileName.parse(childName) != null || StateFileName.isSidecar(childName)) {
                    continue;
                }
                if (storeFolder.test(childName)) {
                    readStoreFolder(access, child, p, stores.computeIfAbsent(childName, k -> new StoreFacts()), listings);
                } else {
                    access.findings().note(access.relative(child), "a folder Spark does not write (named stores are the"
                            + " operator metadata's, or a stream-stream join's four): not a state store; ignored");
                }
            }
        }
        return stores;
    }

    /**
     * Reads one store folder's state files into {@code facts}, remarking on links and files that are not state files,
     * and keeps them in {@code listings} for the state reads.
     *
     * @return its sub-folders (no links), in name order: named stores among them, so the folder is listed once
     */
    private static List<Path> readStoreFolder(FolderAccess access, Path storeDir, int partition, StoreFacts facts,
                                              StateFileListings listings) {
        facts.folders.add(partition);
        List<Path> folders = new ArrayList<>();
        boolean any = false;
        long[] versions = new long[16];
        int count = 0;
        List<String> bookkeeping = new ArrayList<>();
        // The state files, nearly all entries, are taken in the listing's order; the others are remarked on in name order.
        List<Listed> others = new ArrayList<>();
        List<Path> stateFiles = new ArrayList<>();
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
            stateFiles.add(file);
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
        listings.record(storeDir, stateFiles);
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
}
