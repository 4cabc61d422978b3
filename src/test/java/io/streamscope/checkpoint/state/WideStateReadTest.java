package io.streamscope.checkpoint.state;

import io.streamscope.TempTree;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.checkpoint.StoreFolders;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The marked rows of a step (the window's state table), the rows after a batch and the change feed read several
 * partitions at once, on the cores or, on a remote file system, while round trips wait: what they give, the problems
 * and the notes must be those of one partition read after another. The samples' stores (Spark's files: HDFS, RocksDB,
 * a join's four stores) are copied round to 64 partitions, with a linked partition folder (17), a damaged newest file
 * (33) and beside it a partition without its newest version (34: its problem is found before 33's, which takes a
 * read), and read from a zip file system too (another file system, as HDFS and S3 are:
 * {@value StorePartitions#REMOTE_READERS} partitions at once).
 */
class WideStateReadTest {

    private static final int PARTITIONS = 64;

    @ParameterizedTest
    @ValueSource(strings = {"shop-totals-update", "shop-totals-rocksdb", "shop-join-inner"})
    void manyPartitionsAtOnceGiveWhatOneAtATimeGives(String sample, @TempDir Path dir) throws Exception {
        Path root = widen(Path.of("sample-checkpoints", sample), dir.resolve(sample));
        Checkpoint checkpoint = CheckpointReader.read(root);

        List<String> oneAtATime = read(checkpoint, 1);
        List<String> atOnce = read(checkpoint, 8);
        assertEquals(oneAtATime, atOnce);
        assertTrue(oneAtATime.stream().anyMatch(line -> line.startsWith("problem") && line.contains("partition 33")),
                "the damaged file is a problem of its partition: " + findings(oneAtATime));
        assertTrue(oneAtATime.stream().anyMatch(line -> line.startsWith("note") && line.contains("state/0/17")),
                "the link is a note: " + findings(oneAtATime));

        Path zip = dir.resolve(sample + ".zip");
        try (FileSystem zipped = FileSystems.newFileSystem(URI.create("jar:" + zip.toUri()), Map.of("create", "true"))) {
            TempTree.copy(root, zipped.getPath("/"));
        }
        try (FileSystem zipped = FileSystems.newFileSystem(zip)) {
            Checkpoint remote = CheckpointReader.read(zipped.getPath("/"));
            StateReader reader = open(remote, remote.stateOperators().get(0), remote.stateOperators().get(0).stores().get(0));
            assertEquals(StorePartitions.REMOTE_READERS, reader.partitionsAtOnce(), "another file system: round trips");
            // a link cannot be made in a zip: partition 17 is a copy there, the rest as on disk
            assertEquals(withoutPartition(oneAtATime, 17), withoutPartition(read(remote, -1), 17));
        }
    }

    /**
     * Every store's marked rows of each step, its rows after each batch and its change feed, then the problems and
     * notes, as lines; read {@code atOnce} partitions at a time (-1: as many as the file system calls for).
     */
    private static List<String> read(Checkpoint checkpoint, int atOnce) {
        List<String> lines = new ArrayList<>();
        HexFormat hex = HexFormat.of();
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            for (StateStoreInfo store : operator.stores()) {
                StateReader reader = open(checkpoint, operator, store);
                if (atOnce > 0) {
                    reader.readingAtOnce(atOnce);
                }
                for (long batch = 0; batch <= 2; batch++) {
                    lines.add(store.storeName() + " step to batch " + batch);
                    reader.markedRows(batch - 1, batch, record -> lines.add(record.partition() + " " + record.mark() + " "
                            + hex.formatHex(record.key()) + " " + (record.value() == null ? "-" : hex.formatHex(record.value()))
                            + " " + (record.oldValue() == null ? "-" : hex.formatHex(record.oldValue())) + " "
                            + record.records().stream().map(written -> written.kind() + ":" + hex.formatHex(written.key())).toList()));
                }
                for (long batch = 0; batch <= 2; batch++) {
                    lines.add(store.storeName() + " rows after batch " + batch);
                    reader.rows(batch, row -> lines.add(row.partition() + " " + row));
                }
                lines.add(store.storeName() + " changes");
                reader.changes(-1, 2, change -> lines.add(change.batchId() + " " + change.type() + " " + change.partition()
                        + " " + change.key() + " " + change.value()));
                reader.problems().forEach(problem -> lines.add("problem " + problem));
                reader.notes().forEach(note -> lines.add("note " + note));
            }
        }
        assertFalse(lines.stream().noneMatch(line -> line.startsWith("0 ")), "rows were read");
        return lines;
    }

    private static StateReader open(Checkpoint checkpoint, StateOperatorInfo operator, StateStoreInfo store) {
        return StateReader.open(checkpoint, operator, store, Optional.empty());
    }

    private static List<String> findings(List<String> lines) {
        return lines.stream().filter(line -> line.startsWith("problem") || line.startsWith("note")).toList();
    }

    private static List<String> withoutPartition(List<String> lines, int partition) {
        return lines.stream().filter(line -> !line.startsWith(partition + " ") && !line.contains("state/0/" + partition)
                && !line.matches("\\d+ \\w+ " + partition + " .*")).toList();
    }

    /** The sample's operator folders copied round to {@link #PARTITIONS}, its metadata saying so, and the damage. */
    private static Path widen(Path sample, Path root) throws IOException {
        TempTree.copy(sample, root);
        Path operator = root.resolve("state/0");
        List<Path> spark;
        try (Stream<Path> entries = Files.list(operator)) {
            spark = entries.filter(p -> p.getFileName().toString().matches("\\d+")).sorted().toList();
        }
        for (int partition = spark.size(); partition < PARTITIONS; partition++) {
            TempTree.copy(spark.get(partition % spark.size()), operator.resolve(String.valueOf(partition)));
        }
        try (Stream<Path> metadata = Files.walk(operator.resolve("_metadata"))) {
            for (Path file : metadata.filter(Files::isRegularFile).toList()) {
                String bytes = Files.readString(file, StandardCharsets.ISO_8859_1); // schema files are binary
                Files.writeString(file, bytes.replaceAll("\"numPartitions\":\\d+", "\"numPartitions\":" + PARTITIONS),
                        StandardCharsets.ISO_8859_1);
            }
        }
        Path linked = operator.resolve("17");
        TempTree.delete(linked);
        Files.createSymbolicLink(linked, operator.resolve("16"));
        Path damaged = StoreFolders.newestVersionFile(StoreFolders.storeFolder(operator.resolve("33")));
        byte[] bytes = Files.readAllBytes(damaged);
        Files.write(damaged, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Files.delete(StoreFolders.newestVersionFile(StoreFolders.storeFolder(operator.resolve("34"))));
        return root;
    }
}
