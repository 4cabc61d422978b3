package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.sparktypes.SparkJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one pass ({@link StateReader#markedRows}) on every store of every sample and of the 4.0 conformance corpus: its
 * rows are the state after the batch, its deleted rows the keys gone since the batch before with their last value,
 * its changed keys exactly those the batch's delta or changelog touches (read here straight from the files), or, with
 * no such file (RocksDB without changelogs), those whose contents differ; across several batches, the contents'
 * difference; and {@link StateReader#changes} says the same.
 */
class MarkedRowsTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");
    private static final Path CORPUS = Path.of("src/test/resources/spark-conformance/checkpoint-version-4.0.0");

    static Stream<Path> checkpoints() throws Exception {
        List<Path> all = new ArrayList<>();
        try (Stream<Path> samples = Files.list(SAMPLES)) {
            samples.filter(dir -> Files.isDirectory(dir.resolve("state"))).sorted().forEach(all::add);
        }
        for (String provider : List.of("hdfs", "rocksdb")) {
            try (Stream<Path> fixtures = Files.list(CORPUS.resolve(provider))) {
                fixtures.filter(dir -> Files.isDirectory(dir.resolve("state"))).sorted().forEach(all::add);
            }
        }
        return all.stream();
    }

    /** partition|family|key → value text. */
    private static TreeMap<String, String> state(StateReader reader, long batch) {
        TreeMap<String, String> rows = new TreeMap<>();
        if (batch >= 0) {
            reader.rows(batch, row -> rows.put(id(row), row.value() == null ? "" : SparkJson.text(row.value())));
        }
        return rows;
    }

    private static String id(StateRow row) {
        return row.partition() + "|" + row.columnFamily() + "|" + SparkJson.text(row.key());
    }

    private record Marked(String id, ChangeMark mark, String value, String oldValue, int records) {
    }

    private static List<Marked> marked(StateReader reader, long from, long to) {
        StateRowDecoding decoding = reader.decoding(to);
        List<Marked> all = new ArrayList<>();
        reader.markedRows(from, to, record -> {
            StateRow row = decoding.decode(record.partition(), record.key(), record.value());
            String old = record.oldValue() == null ? null
                    : SparkJson.text(decoding.decode(record.partition(), record.key(), record.oldValue()).value());
            all.add(new Marked(id(row), record.mark(), record.value() == null ? null : SparkJson.text(row.value()), old,
                    record.records().size()));
        });
        return all;
    }

    /** The keys the batch's own delta or changelog names, read from the file; empty when the partition has none. */
    private static Optional<TreeSet<String>> touched(Checkpoint checkpoint, StateOperatorInfo operator, StateStoreInfo store,
                                                     StateReader reader, long batch) throws Exception {
        StateRowDecoding decoding = reader.decoding(batch);
        TreeSet<String> keys = new TreeSet<>();
        for (int partition = 0; partition < store.numPartitions(); partition++) {
            String folder = "state/" + operator.operatorId() + "/" + partition + (store.storeName().equals("default") ? "" : "/" + store.storeName());
            Path dir = checkpoint.path().resolve(folder);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            StoreFiles files = StoreFiles.list(dir);
            int p = partition;
            java.util.function.Consumer<StateRecord> sink = record -> keys.add(id(decoding.decode(p, record.key(), null)));
            HdfsStoreReader.FileFailure fail = (file, e) -> {
                throw new AssertionError(file + " at byte " + e.offset() + ": " + e.getMessage());
            };
            if (files.delta(batch + 1) != null) {
                HdfsStoreReader.changesOf(files, batch + 1, sink, fail);
            } else if (files.changelog(batch + 1, "") != null) {
                RocksDbStoreReader.changesOf(files, batch + 1, "", sink, fail);
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(keys);
    }

    @ParameterizedTest
    @MethodSource("checkpoints")
    void marksTakeEachBatchsStateToTheNextAndNameWhatItsFilesTouch(Path dir) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(dir);
        int checkedByFile = 0;
        int checkedByContents = 0;
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            for (StateStoreInfo store : operator.stores()) {
                StateReader reader = StateReader.open(checkpoint, operator, store, Optional.empty());
                for (Batch batch : checkpoint.batches().values()) {
                    if (!batch.committed()) {
                        continue;
                    }
                    long b = batch.id();
                    String where = dir + " " + store.storeName() + " batch " + b;
                    TreeMap<String, String> before = state(reader, b - 1);
                    TreeMap<String, String> after = state(reader, b);
                    List<Marked> marks = marked(reader, b - 1, b);
                    TreeMap<String, String> present = new TreeMap<>();
                    TreeMap<String, String> deleted = new TreeMap<>();
                    TreeSet<String> changed = new TreeSet<>();
                    for (Marked mark : marks) {
                        (mark.mark() == ChangeMark.DELETED ? deleted : present).put(mark.id(), mark.value() == null ? "" : mark.value());
                        if (mark.mark().changed()) {
                            changed.add(mark.id());
                        }
                        switch (mark.mark()) {
                            case ADDED -> assertFalse(before.containsKey(mark.id()), where + " " + mark);
                            case UPDATED, APPENDED -> assertEquals(before.get(mark.id()), mark.oldValue(), where + " " + mark);
                            case UNCHANGED -> assertEquals(before.get(mark.id()), mark.value(), where + " " + mark);
                            case DELETED -> {
                                assertFalse(after.containsKey(mark.id()), where + " " + mark);
                                if (before.containsKey(mark.id())) {
                                    assertEquals(before.get(mark.id()), mark.value(), where + " the last value " + mark);
                                }
                            }
                        }
                    }
                    assertEquals(after, present, where + ": the rows after the batch");
                    TreeMap<String, String> gone = new TreeMap<>(before);
                    gone.keySet().removeAll(after.keySet());
                    assertTrue(deleted.keySet().containsAll(gone.keySet()), where + ": every key gone is marked deleted");
                    Optional<TreeSet<String>> fromFiles = touched(checkpoint, operator, store, reader, b);
                    if (fromFiles.isPresent()) {
                        assertEquals(fromFiles.get(), changed, where + ": the keys the batch's files touch");
                        checkedByFile++;
                    } else {
                        assertEquals(differing(before, after), changed, where + ": the keys whose contents differ");
                        checkedByContents++;
                    }
                    TreeSet<String> changedOnly = new TreeSet<>();
                    StateRowDecoding decoding = reader.decoding(b);
                    reader.markedRows(b - 1, b, record -> {
                        assertTrue(record.mark().changed(), where + " only changed rows");
                        changedOnly.add(id(decoding.decode(record.partition(), record.key(), null)));
                    }, true);
                    assertEquals(changed, changedOnly, where + ": the changed rows alone (no state before where the files say them)");
                    List<String> feed = new ArrayList<>();
                    reader.changes(b - 1, b, change -> feed.add(change.partition() + "|" + change.columnFamily() + "|" + SparkJson.text(change.key())));
                    assertEquals(changed, new TreeSet<>(feed), where + ": the change feed names the marked keys");
                }
                long last = checkpoint.lastCommittedBatch().map(Batch::id).orElse(-1L);
                if (last >= 1) {
                    List<Marked> range = marked(reader, 0, last);
                    TreeSet<String> changed = new TreeSet<>();
                    range.stream().filter(m -> m.mark().changed()).forEach(m -> changed.add(m.id()));
                    assertEquals(differing(state(reader, 0), state(reader, last)), changed, dir + " batches 1…" + last);
                }
                assertEquals(List.of(), reader.problems(), dir.toString());
            }
        }
        assertTrue(checkedByFile + checkedByContents > 0, dir + ": some batch was checked");
    }

    private static TreeSet<String> differing(TreeMap<String, String> before, TreeMap<String, String> after) {
        TreeSet<String> keys = new TreeSet<>(before.keySet());
        keys.addAll(after.keySet());
        keys.removeIf(key -> java.util.Objects.equals(before.get(key), after.get(key)));
        return keys;
    }

    @Test
    void theChangelogSamplesAreCheckedAgainstTheirChangelogsAndTheSnapshotOnlyOnesByContents() throws Exception {
        for (String sample : List.of("shop-totals-rocksdb", "shop-windowed-rocksdb")) {
            Checkpoint checkpoint = CheckpointReader.read(SAMPLES.resolve(sample));
            StateOperatorInfo operator = checkpoint.stateOperators().get(0);
            StateReader reader = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty());
            assertTrue(touched(checkpoint, operator, operator.stores().get(0), reader, 1).isPresent(), sample);
            assertTrue(marked(reader, 0, 1).stream().allMatch(m -> !m.mark().changed() || m.records() > 0), sample);
            Checkpoint snapshots = CheckpointReader.read(SAMPLES.resolve(sample + "-snapshots"));
            StateOperatorInfo op = snapshots.stateOperators().get(0);
            StateReader snapshotReader = StateReader.open(snapshots, op, op.stores().get(0), Optional.empty());
            assertFalse(touched(snapshots, op, op.stores().get(0), snapshotReader, 1).isPresent(), sample + "-snapshots");
            List<String> a = marked(reader, 0, 1).stream().map(m -> m.id() + " " + m.mark() + " " + m.value() + " " + m.oldValue()).toList();
            List<String> b = marked(snapshotReader, 0, 1).stream().map(m -> m.id() + " " + m.mark() + " " + m.value() + " " + m.oldValue()).toList();
            assertEquals(a, b, sample + ": the same data with and without changelogs marks the same");
        }
    }

    @Test
    void theWindowedCountsEvictionIsADeletedRowWithItsLastValue() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(SAMPLES.resolve("shop-windowed-rocksdb-snapshots"));
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateReader reader = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty());
        List<Marked> deleted = marked(reader, 0, 1).stream().filter(m -> m.mark() == ChangeMark.DELETED).toList();
        assertEquals(1, deleted.size(), deleted.toString());
        assertTrue(deleted.get(0).id().contains("window"), deleted.toString());
        assertTrue(deleted.get(0).value() != null && !deleted.get(0).value().isEmpty(), deleted.toString());
    }
}
