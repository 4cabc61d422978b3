package io.streamscope.checkpoint;

import io.streamscope.TempTree;
import io.streamscope.task.Work;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A wide local store's partition folders are read in runs on the workers: the answer, its problems and its notes must
 * be those of one thread reading the folders one after another. The stores are the samples' own (Spark's files: an
 * HDFS aggregation with its schema file, RocksDB, a join's four named stores) with each partition folder copied to
 * 100 partitions, and the oddities a user's folder can hold spread over several runs (of 16 partition folders): a
 * link and a stray file among the partitions, a file Spark does not write, a folder that is no store, a temp file and a
 * partition without the newest version (a partial version).
 */
class WideStateDiscoveryTest {

    private static final int PARTITIONS = 100;

    @ParameterizedTest
    @ValueSource(strings = {"shop-totals-update", "shop-totals-rocksdb", "shop-join-inner"})
    void theRunsGiveWhatOneThreadGives(String sample, @TempDir Path dir) throws IOException {
        Path root = widen(Path.of("sample-checkpoints", sample), dir.resolve(sample));

        Found oneThread = discover(root, false);
        Found inRuns = discover(root, true);

        assertEquals(oneThread.discovery(), inRuns.discovery());
        assertEquals(oneThread.findings().problems(), inRuns.findings().problems());
        assertEquals(oneThread.findings().notes(), inRuns.findings().notes());
        assertEquals(1, inRuns.discovery().partialVersions().size(),
                "partition 90 lacks the newest version: " + inRuns.discovery().partialVersions());

        // the notes of partitions in different runs, in the order of the folder's listing
        List<String> paths = inRuns.findings().notes().stream().map(Note::path).toList();
        int link = indexOf(paths, "state/0/17");
        int stray = indexOf(paths, "state/0/3x.txt");
        int foreign = indexOf(paths, "state/0/55/");
        int notAStore = indexOf(paths, "state/0/72/");
        assertTrue(link < stray && stray < foreign && foreign < notAStore, "in listing order: " + paths);
    }

    /** What a discovery answered, and the findings it made. */
    private record Found(StateDiscovery.Discovery discovery, Findings findings) {
    }

    private static Found discover(Path root, boolean inRuns) {
        Findings findings = new Findings();
        return new Found(StateDiscovery.discoverAll(new FolderAccess(root.toAbsolutePath(), findings), Work.NONE, inRuns),
                findings);
    }

    private static int indexOf(List<String> paths, String prefix) {
        for (int i = 0; i < paths.size(); i++) {
            if (paths.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no note on " + prefix + ": " + paths);
    }

    /** The sample with its operator's partition folders copied round to {@link #PARTITIONS}, and the oddities. */
    private static Path widen(Path sample, Path root) throws IOException {
        TempTree.copy(sample, root);
        Path operator = root.resolve("state/0");
        List<Path> spark;
        try (var entries = Files.list(operator)) {
            spark = entries.filter(p -> p.getFileName().toString().matches("\\d+")).sorted().toList();
        }
        for (int partition = spark.size(); partition < PARTITIONS; partition++) {
            TempTree.copy(spark.get(partition % spark.size()), operator.resolve(String.valueOf(partition)));
        }
        Path linked = operator.resolve("17");
        TempTree.delete(linked);
        Files.createSymbolicLink(linked, operator.resolve("16"));
        Files.writeString(operator.resolve("3x.txt"), "not a partition");
        Path storeFolder = StoreFolders.storeFolder(operator.resolve("55"));
        Files.writeString(storeFolder.resolve("notes.txt"), "not a state file");
        Files.createDirectories(operator.resolve("72").resolve("backup"));
        Path partial = StoreFolders.storeFolder(operator.resolve("90"));
        Path newest = StoreFolders.newestVersionFile(partial);
        Files.move(newest, partial.resolve("." + newest.getFileName() + ".0b2c7d1e-tmp.tmp"));
        return root;
    }
}
