package io.streamscope.checkpoint;

import io.streamscope.TempTree;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The state's partition folders listed ahead on a file system that is not the machine's own (here a zip file system,
 * as HDFS and S3 are for the reader): the same operators, stores, versions, problems and notes as the folder read on
 * local disk, where nothing is listed ahead. The join's samples have four named stores in every partition folder, and
 * {@code shop-tws} (transformWithState) its column families.
 */
class ListingPrefetchTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");

    @ParameterizedTest
    @ValueSource(strings = {"shop-join-inner", "shop-totals-rocksdb", "shop-tws", "shop-windowed"})
    void aRemoteLikeFolderReadsAsTheLocalOne(String sample, @TempDir Path dir) throws Exception {
        Path local = SAMPLES.resolve(sample);
        Path zip = dir.resolve(sample + ".zip");
        try (FileSystem zipped = FileSystems.newFileSystem(URI.create("jar:" + zip.toUri()), Map.of("create", "true"))) {
            TempTree.copy(local, zipped.getPath("/"));
        }
        try (FileSystem zipped = FileSystems.newFileSystem(zip)) {
            Path root = zipped.getPath("/");
            assertTrue(ListingPrefetch.pays(new FolderAccess(root, new Findings())), "a file system of its own");
            assertFalse(ListingPrefetch.pays(new FolderAccess(local.toAbsolutePath(), new Findings())), "the machine's");

            Checkpoint fromZip = CheckpointReader.read(root);
            Checkpoint fromDisk = CheckpointReader.read(local);
            assertFalse(fromDisk.stateOperators().isEmpty(), sample + " has state");
            assertEquals(describe(fromDisk), describe(fromZip));
            assertEquals(fromDisk.problems(), fromZip.problems());
            assertEquals(fromDisk.notes(), fromZip.notes());
        }
    }

    /** The state as found: operators, their stores, partitions, providers, versions and schema files by name. */
    private static List<String> describe(Checkpoint checkpoint) {
        return checkpoint.stateOperators().stream().flatMap(operator -> operator.stores().stream()
                .map(store -> operator.operatorId() + " " + operator.operatorName() + " " + store.storeName() + " "
                        + store.numPartitions() + " " + store.provider() + " " + store.versions() + " "
                        + store.schemaFiles().size())).toList();
    }
}
