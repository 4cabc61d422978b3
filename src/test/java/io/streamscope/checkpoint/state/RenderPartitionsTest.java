package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.FolderSnapshot;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.sparktypes.SparkJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link StateReader#renderPartitions} reads partitions on several threads: it must hand out what
 * {@link StateReader#forEachRow} does, in the same order, with the same problems and notes in the same order, on every
 * real store we hold and on a damaged one.
 */
class RenderPartitionsTest {

    @TempDir
    Path temp;

    @Test
    void everyStoreOfEverySampleAndFixtureAsForEachRowGivesIt() throws Exception {
        int stores = 0;
        int rows = 0;
        for (Path checkpointFolder : checkpoints()) {
            Checkpoint checkpoint = CheckpointReader.read(checkpointFolder);
            for (StateOperatorInfo operator : checkpoint.stateOperators()) {
                for (StateStoreInfo store : operator.stores()) {
                    for (Batch batch : checkpoint.batches().values()) {
                        String where = checkpointFolder + " " + store.storeName() + " batch " + batch.id();
                        rows += assertSameReading(checkpoint, operator, store, batch.id(), where);
                        stores++;
                    }
                }
            }
        }
        assertTrue(stores > 100 && rows > 1000, stores + " store versions, " + rows + " rows");
    }

    @Test
    void aDamagedStoreHasTheSameProblemsInTheSameOrder() throws Exception {
        Path agg = temp.resolve("agg");
        FolderSnapshot.copyTree(StateConformanceTest.CORPUS.resolve("checkpoint-version-4.0.0/hdfs/agg"), agg);
        for (int partition : new int[]{0, 2, 3}) {
            Files.write(agg.resolve("state/0/" + partition + "/3.delta"), new byte[]{0, 0, 0, 9, 1, 2, 3});
        }
        Files.write(agg.resolve("state/0/4/2.snapshot"), new byte[]{(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xF0});
        Checkpoint checkpoint = CheckpointReader.read(agg);
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        assertSameReading(checkpoint, operator, operator.stores().get(0), 2, "damaged agg");
        StateReader reader = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty());
        reader.renderPartitions(2, partition -> new Collected(), rows -> { });
        List<String> problems = reader.problems().stream().map(Object::toString).toList();
        assertEquals(4, problems.size(), problems.toString());
        for (int i = 0; i < 4; i++) {
            assertTrue(problems.get(i).contains("state/0/" + new int[]{0, 2, 3, 4}[i] + "/"), problems.toString());
        }
    }

    @Test
    void partitionsHandedOutInPartsAsForEachRowGivesThem() throws Exception {
        Path store = Files.createDirectories(temp.resolve("wide"));
        io.streamscope.bench.SyntheticStateStore.write(store, 30_000, 2); // 15,000 keys a partition, in Spark's formats
        Checkpoint checkpoint = CheckpointReader.read(store);
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateReader oneThread = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty());
        List<String> expected = new ArrayList<>();
        oneThread.forEachRow(2, row -> expected.add(text(row)));
        StateReader threads = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty());
        List<String> rendered = new ArrayList<>();
        int[] parts = {0};
        threads.renderPartitions(2, partition -> new Collected() {
            @Override
            public List<String> part() {
                return rows.isEmpty() ? null : finishAndStartAgain();
            }
        }, part -> {
            rendered.addAll(part);
            parts[0]++;
        });
        assertEquals(30_000, expected.size());
        assertEquals(expected, rendered);
        assertTrue(parts[0] >= 2 * (15_000 / RecordBuffer.RECORDS_PER_CHECK), parts[0] + " parts");
        assertEquals(List.of(), threads.problems());
    }

    private static int assertSameReading(Checkpoint checkpoint, StateOperatorInfo operator, StateStoreInfo store, long batchId,
                                         String where) {
        StateReader oneThread = StateReader.open(checkpoint, operator, store, Optional.empty());
        List<String> expected = new ArrayList<>();
        oneThread.forEachRow(batchId, row -> expected.add(text(row)));
        StateReader threads = StateReader.open(checkpoint, operator, store, Optional.empty());
        List<String> rendered = new ArrayList<>();
        threads.renderPartitions(batchId, partition -> new Collected(), rendered::addAll);
        assertEquals(expected, rendered, where);
        assertEquals(oneThread.problems(), threads.problems(), where);
        assertEquals(oneThread.notes(), threads.notes(), where);
        return expected.size();
    }

    private static String text(StateRow row) {
        return row.partition() + " " + row.columnFamily() + " " + SparkJson.text(row.key())
                + (row.hasValue() ? " " + SparkJson.text(row.value()) : "");
    }

    /** A partition's rows as text, made on the worker thread. */
    private static class Collected implements PartitionRenderer<List<String>> {
        List<String> rows = new ArrayList<>();

        List<String> finishAndStartAgain() {
            List<String> done = rows;
            rows = new ArrayList<>();
            return done;
        }

        @Override
        public void row(StateRow row) {
            rows.add(text(row));
        }

        @Override
        public List<String> finish() {
            return rows;
        }
    }

    private static List<Path> checkpoints() throws IOException {
        List<Path> found = new ArrayList<>();
        for (Path corpus : List.of(Path.of("sample-checkpoints"), StateConformanceTest.CORPUS)) {
            try (Stream<Path> files = Files.walk(corpus)) {
                files.filter(path -> path.getFileName().toString().equals("state") && Files.isDirectory(path))
                        .map(Path::getParent).filter(folder -> Files.exists(folder.resolve("offsets"))).sorted().forEach(found::add);
            }
        }
        return found;
    }
}
