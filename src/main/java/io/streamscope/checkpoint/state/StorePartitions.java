package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.Commit;
import io.streamscope.checkpoint.Note;
import io.streamscope.checkpoint.Problem;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateProvider;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.task.Cancellation;
import io.streamscope.task.InOrder;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * One state store's partitions on disk, for {@link StateReader}: each partition's files (listed once), its state at a
 * version and the records a version wrote, from HDFS-style deltas and snapshots or RocksDB changelogs and zips. What
 * the files make impossible becomes a problem or a note of the partition in the reader's {@link StoreFindings}, and
 * the call answers false: half a partition is never handed on. Safe to use from the reader's worker threads.
 */
final class StorePartitions {

    /**
     * Partitions a remote store's reads take at once, as many as its folders are listed at open: they wait on round
     * trips, not on the cores (a step on 200 partitions at 20 ms: 1.22 s with 8, 0.67 s with 16); each holds its
     * partition's versions and records till their turn.
     */
    static final int REMOTE_READERS = 16;

    private static final List<String> JOIN_STORE_ORDER =
            List.of("left-keyToNumValues", "left-keyWithIndexToValue", "right-keyToNumValues", "right-keyWithIndexToValue");

    private final Checkpoint checkpoint;
    private final StateOperatorInfo operator;
    private final StateStoreInfo store;
    private final StoreFindings found;
    /**
     * Each partition's files, listed once: a read passes a partition's folder up to three times (whether the batch
     * has a delta, the state before, the state after), and a remote folder costs a request each time.
     */
    private final Map<Integer, Optional<StoreFiles>> partitionFiles;
    /** Column family names by id, per partition, from the snapshot zips' metadata. */
    private final Map<Integer, Map<Integer, String>> familyNames;
    private volatile int readAtOnce;
    /** This reader's own, or those of every read of the same checkpoint as read ({@link #shareListings}). */
    private volatile StoreListings listings;

    StorePartitions(Checkpoint checkpoint, StateOperatorInfo operator, StateStoreInfo store, StoreFindings found) {
        this.checkpoint = checkpoint;
        this.listings = new StoreListings(checkpoint);
        this.operator = operator;
        this.store = store;
        this.found = found;
        // a bin of its own for each partition: computeIfAbsent holds its bin while a (remote) folder is listed
        int partitions = Math.max(16, store.numPartitions());
        this.partitionFiles = new ConcurrentHashMap<>(partitions);
        this.familyNames = new ConcurrentHashMap<>(partitions);
        this.readAtOnce = checkpoint.path().getFileSystem() == FileSystems.getDefault() ? InOrder.workers() : REMOTE_READERS;
    }

    /**
     * Partitions worth reading at once: one per core, or on a remote file system, where a partition's read waits on
     * round trips (a listing, each file's first bytes) rather than on a core, {@value #REMOTE_READERS}.
     */
    int readers() {
        return readAtOnce;
    }

    void readAtOnce(int count) {
        readAtOnce = count;
    }

    void shareListings(StoreListings shared) {
        listings = shared;
    }

    /** Reads a partition's state at a version into {@code buffer}; false when it cannot be rebuilt. */
    boolean stateAt(int partition, long version, RecordBuffer buffer, Cancellation cancellation) {
        return read(partition, version, "its state at version " + version + " cannot be rebuilt",
                "the state at version " + version, (files, rocksDb, onFailure) -> {
                    if (rocksDb) {
                        RocksDbStoreReader.stateAt(files, version, uniqueId(partition, version), onFailure, cancellation, buffer);
                    } else {
                        HdfsStoreReader.stateAt(files, version, onFailure, buffer);
                    }
                });
    }

    /** Reads the records of a version's delta or changelog; false (and a problem) when any of it is unreadable. */
    boolean changesOf(int partition, long version, Consumer<StateRecord> sink) {
        return read(partition, version, "the changes of version " + version + " cannot be read whole",
                "the changes of version " + version, (files, rocksDb, onFailure) -> {
                    if (rocksDb) {
                        RocksDbStoreReader.changesOf(files, version, uniqueId(partition, version), sink, onFailure);
                    } else {
                        HdfsStoreReader.changesOf(files, version, sink, onFailure);
                    }
                });
    }

    /** One read of a partition's files, for {@link #read}. */
    private interface FilesRead {
        void read(StoreFiles files, boolean rocksDb, HdfsStoreReader.FileFailure onFailure)
                throws IOException, StoreVersionNotAvailableException;
    }

    /**
     * Runs {@code read} on the partition's files; false, with a problem or a note saying why, when the partition has
     * none, a file is damaged ({@code leftOut}: what cannot be had then) or the read fails ({@code what} it read).
     */
    private boolean read(int partition, long version, String leftOut, String what, FilesRead read) {
        Optional<StoreFiles> files = files(partition);
        if (files.isEmpty()) {
            return false;
        }
        boolean[] damaged = {false};
        HdfsStoreReader.FileFailure onFailure = (file, e) -> {
            damaged[0] = true;
            // Half a rebuild is not the state Spark had, and half a batch's records would mark the other half
            // unchanged: the partition is left out rather than shown with wrong rows.
            found.problem(partition, Problem.error(relative(file), "byte " + e.offset(), e.getMessage() + " (partition " + partition
                    + " is left out: " + leftOut + ")"));
        };
        try {
            read.read(files.get(), isRocksDb(files.get()), onFailure);
            return !damaged[0];
        } catch (StoreVersionNotAvailableException e) {
            notAvailable(partition, version, files.get(), e);
        } catch (IOException e) {
            found.problem(partition, Problem.error(storeFolder(partition), null, "cannot read: " + e.getMessage()));
        } catch (java.io.UncheckedIOException | CancellationException e) {
            throw e; // the sink's own output failed, or the user stopped the read: not the files' doing
        } catch (OutOfMemoryError e) {
            found.problem(partition, Problem.error(storeFolder(partition), null, "cannot read " + what + ": partition "
                    + partition + " needs more memory than is left: " + HeapLimit.advice()));
        } catch (RuntimeException | StackOverflowError e) {
            // The partition boundary: whatever the files provoke is this partition's problem, never the reader's end.
            found.problem(partition, Problem.error(storeFolder(partition), null, "cannot read " + what + ": " + e));
        }
        return false;
    }

    /**
     * A version a partition cannot give. When the partition has no file that new and the batch that would have
     * written it never committed, the batch died before writing state there: a note. Otherwise the files are gone.
     */
    private void notAvailable(int partition, long version, StoreFiles files, StoreVersionNotAvailableException e) {
        Batch batch = checkpoint.batches().get(version - 1);
        boolean uncommitted = batch == null ? checkpoint.batches().isEmpty() || version - 1 > checkpoint.batches().lastKey()
                : !batch.committed();
        if (uncommitted && files.newestVersion() < version) {
            found.note(partition, new Note(storeFolder(partition), "a batch that died while writing state:"
                    + " batch " + (version - 1) + " never committed and wrote no version " + version + " in partition "
                    + partition + (store.versions().contains(version) ? " (other partitions have it)" : "")
                    + "; Spark writes it when the batch re-runs, so there is no state after batch " + (version - 1) + " here"));
        } else {
            found.problem(partition, Problem.error(storeFolder(partition), null, e.getMessage()));
        }
    }

    /**
     * Whether {@code version} has records of its own in the partition (a delta, or a RocksDB changelog) to tell the
     * changes it made, rather than two states to compare.
     */
    boolean hasRecords(int partition, long version) {
        Optional<StoreFiles> files = files(partition);
        return files.isPresent() && (isRocksDb(files.get())
                ? files.get().changelog(version, uniqueId(partition, version)) != null : files.get().delta(version) != null);
    }

    Optional<StoreFiles> files(int partition) {
        return partitionFiles.computeIfAbsent(partition, this::listFiles);
    }

    private Optional<StoreFiles> listFiles(int partition) {
        Path folder = checkpoint.path().resolve(storeFolder(partition));
        // Links are never followed in state/: a linked operator, partition or store folder holds no state of this store.
        for (Path part = folder; part.startsWith(checkpoint.path().resolve("state")) && !part.endsWith("state"); part = part.getParent()) {
            if (Files.isSymbolicLink(part)) {
                found.note(partition, new Note(checkpoint.path().relativize(part).toString().replace('\\', '/'),
                        "a symbolic link where Spark writes a state folder; not followed"));
                return Optional.empty();
            }
        }
        try {
            StoreFiles files = listings.list(folder);
            return files.isEmpty() ? Optional.empty() : Optional.of(files);
        } catch (IOException e) {
            found.problem(partition, Problem.error(storeFolder(partition), null, "cannot list: " + e.getMessage()));
            return Optional.empty();
        }
    }

    private boolean isRocksDb(StoreFiles files) {
        return store.provider() == StateProvider.ROCKSDB || (store.provider() == StateProvider.UNKNOWN && !files.hasHdfsFiles());
    }

    /** Checkpoint format v2: the commit of batch {@code version - 1} names each partition's files for the version. */
    private String uniqueId(int partition, long version) {
        Batch batch = checkpoint.batches().get(version - 1);
        if (batch == null || batch.commit().isEmpty()) {
            return "";
        }
        Commit commit = batch.commit().get();
        List<List<String>> partitions = commit.stateUniqueIds().get(operator.operatorId());
        if (partitions == null || partition >= partitions.size()) {
            return "";
        }
        List<String> ids = partitions.get(partition);
        int index = Math.max(0, JOIN_STORE_ORDER.indexOf(store.storeName()));
        return index < ids.size() ? ids.get(index) : "";
    }

    Map<Integer, String> familyNames(int partition) {
        return familyNames.computeIfAbsent(partition, p -> {
            Optional<StoreFiles> files = files(p);
            Path zip = files.map(StoreFiles::anyZip).orElse(null);
            if (zip == null) {
                return Map.of();
            }
            try {
                return RocksDbSnapshotMetadata.columnFamilyNames(zip);
            } catch (StateFileException e) {
                found.problem(p, Problem.error(relative(zip), "byte " + e.offset(), e.getMessage()));
            } catch (IOException e) {
                found.problem(p, Problem.error(relative(zip), null, "cannot read: " + e.getMessage()));
            }
            return Map.of();
        });
    }

    /** {@code state/0} or {@code state/0/left-keyToNumValues}: the store as the status bar names it. */
    String storeName() {
        String folder = "state/" + operator.operatorId();
        return store.storeName().equals("default") ? folder : folder + "/" + store.storeName();
    }

    String storeFolder(int partition) {
        String folder = "state/" + operator.operatorId() + "/" + partition;
        return store.storeName().equals("default") ? folder : folder + "/" + store.storeName();
    }

    private String relative(Path file) {
        return checkpoint.path().relativize(file).toString().replace('\\', '/');
    }
}
