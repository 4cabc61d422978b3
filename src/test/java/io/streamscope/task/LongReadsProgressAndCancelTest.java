package io.streamscope.task;

import io.streamscope.bench.SyntheticStateStore;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.checkpoint.state.StateReader;
import io.streamscope.doctor.Doctor;
import io.streamscope.replay.ReplayRequest;
import io.streamscope.replay.ReplayResult;
import io.streamscope.replay.ReplaySession;
import io.streamscope.topic.JsonlTopicSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every long read on the real samples: its progress reaches done == total on a complete read, and a cancellation
 * set while it reads (from its own progress listener, so without any timing) stops it at the next chunk, no further
 * file, partition, batch or check read.
 */
class LongReadsProgressAndCancelTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");

    /** Records every report; cancels once {@code cancelAt} reports were made (never when negative). */
    private static final class Recorder implements ProgressListener, Cancellation {
        final List<Progress> reports = new ArrayList<>();
        final AtomicBoolean cancelled = new AtomicBoolean();
        final int cancelAt;

        Recorder(int cancelAt) {
            this.cancelAt = cancelAt;
        }

        @Override
        public synchronized void onProgress(Progress progress) {
            reports.add(progress);
            if (reports.size() == cancelAt) {
                cancelled.set(true);
            }
        }

        @Override
        public boolean isCancelled() {
            return cancelled.get();
        }

        Work work() {
            return new Work(this, this);
        }

        Progress last() {
            return reports.get(reports.size() - 1);
        }

        /** The reports in {@code unit} only: one phase of a read made of several (a checkpoint's logs, its state). */
        Recorder only(Progress.Unit unit) {
            Recorder phase = new Recorder(-1);
            reports.stream().filter(report -> report.unit() == unit).forEach(phase.reports::add);
            return phase;
        }

        void assertComplete(Progress.Unit unit) {
            assertTrue(!reports.isEmpty(), "progress was reported");
            Progress last = last();
            assertEquals(last.total(), last.done(), last.toString());
            assertEquals(unit, last.unit());
            assertEquals(1.0, last.fraction());
            for (int i = 1; i < reports.size(); i++) {
                assertTrue(reports.get(i).fraction() >= reports.get(i - 1).fraction(), "never goes back: " + reports);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-totals-update", "shop-windowed-rocksdb", "shop-join-inner"})
    void aCheckpointsLogsAreCountedFileByFile(String sample) throws Exception {
        Recorder recorder = new Recorder(-1);
        CheckpointReader.read(SAMPLES.resolve(sample), recorder.work());

        Recorder logs = recorder.only(Progress.Unit.FILES);
        logs.assertComplete(Progress.Unit.FILES);
        long files = batchFiles(SAMPLES.resolve(sample).resolve("offsets")) + batchFiles(SAMPLES.resolve(sample).resolve("commits"));
        assertEquals(files, logs.last().total(), "the total is every offsets and commits file, listed first");
        assertTrue(logs.reports.stream().allMatch(p -> p.total() == files), logs.reports.toString());
        assertTrue(recorder.reports.get(0).what().startsWith("offsets/"), recorder.reports.get(0).what());
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-totals-update", "shop-windowed-rocksdb", "shop-join-inner"})
    void theStateFoldersAreCountedPartitionByPartitionAfterTheLogs(String sample) throws Exception {
        Recorder recorder = new Recorder(-1);
        Checkpoint checkpoint = CheckpointReader.read(SAMPLES.resolve(sample), recorder.work());

        Recorder state = recorder.only(Progress.Unit.PARTITIONS);
        state.assertComplete(Progress.Unit.PARTITIONS);
        long folders = partitionFolders(SAMPLES.resolve(sample).resolve("state"));
        assertEquals(folders, state.last().total(), "every operator's partition folders, listed first");
        assertEquals(folders + 1, state.reports.size(), "one report before each partition folder, one when all are");
        assertTrue(state.reports.get(0).what().startsWith("state/0/"), state.reports.get(0).what());
        int firstState = recorder.reports.indexOf(state.reports.get(0));
        assertTrue(recorder.reports.subList(0, firstState).stream().allMatch(p -> p.unit() == Progress.Unit.FILES),
                "the logs first, then the state: " + recorder.reports);
        assertTrue(checkpoint.stateOperators().size() >= 1);
    }

    @Test
    void twoHundredPartitionFoldersAreCountedAndACancelStopsBeforeTheNext(@TempDir Path dir) throws Exception {
        Path wide = TwoHundredPartitions.lay(SAMPLES.resolve("shop-totals-update"), dir);
        Recorder recorder = new Recorder(-1);
        Checkpoint checkpoint = CheckpointReader.read(wide, recorder.work());
        Recorder state = recorder.only(Progress.Unit.PARTITIONS);
        state.assertComplete(Progress.Unit.PARTITIONS);
        assertEquals(TwoHundredPartitions.PARTITIONS, state.last().total());
        assertEquals(TwoHundredPartitions.PARTITIONS + 1, state.reports.size());
        assertEquals(List.of(1L, 2L, 3L), List.copyOf(checkpoint.stateOperators().get(0).stores().get(0).versions()));

        int logReports = recorder.reports.size() - state.reports.size();
        Recorder cancelling = new Recorder(logReports + 50); // cancelled from the 50th partition's report
        assertThrows(CancellationException.class, () -> CheckpointReader.read(wide, cancelling.work()));
        assertEquals(logReports + 50, cancelling.reports.size(), "no partition folder after the cancel");
        assertEquals(49, cancelling.last().done());
    }

    private static long partitionFolders(Path state) throws IOException {
        long count = 0;
        try (Stream<Path> operators = Files.list(state)) {
            for (Path operator : operators.toList()) {
                try (Stream<Path> partitions = Files.list(operator)) {
                    count += partitions.filter(Files::isDirectory)
                            .filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).count();
                }
            }
        }
        return count;
    }

    @Test
    void aCancelledCheckpointReadStopsBeforeTheNextFile() {
        Recorder recorder = new Recorder(2);
        assertThrows(CancellationException.class,
                () -> CheckpointReader.read(SAMPLES.resolve("shop-totals-update"), recorder.work()));
        assertEquals(2, recorder.reports.size(), "no file after the cancel: " + recorder.reports);
        assertEquals(1, recorder.last().done());
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-totals-update", "shop-totals-rocksdb", "shop-totals-rocksdb-snapshots", "shop-windowed"})
    void aStateReadCountsPartitions(String sample) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(SAMPLES.resolve(sample));
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        StateStoreInfo store = operator.stores().get(0);
        Recorder recorder = new Recorder(-1);
        long[] rows = {0};
        StateReader.open(checkpoint, operator, store, Optional.empty()).with(recorder.work())
                .rows(checkpoint.batches().lastKey(), row -> rows[0]++);

        recorder.assertComplete(Progress.Unit.PARTITIONS);
        assertEquals(store.numPartitions(), recorder.last().total());
        assertTrue(rows[0] > 0, "rows were read");
        assertEquals("state/" + operator.operatorId() + " version " + (checkpoint.batches().lastKey() + 1),
                recorder.last().what());

        Recorder changes = new Recorder(-1);
        StateReader.open(checkpoint, operator, store, Optional.empty()).with(changes.work())
                .changes(-1, checkpoint.batches().lastKey(), change -> { });
        changes.assertComplete(Progress.Unit.PARTITIONS);
        assertEquals((long) store.numPartitions() * checkpoint.batches().size(), changes.last().total());
    }

    @Test
    void aCancelledStateReadStopsBeforeTheNextPartition(@TempDir Path dir) throws Exception {
        SyntheticStateStore.write(dir, 2_000, 20);
        Checkpoint checkpoint = CheckpointReader.read(dir);
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        Recorder recorder = new Recorder(3);
        List<Integer> partitions = new ArrayList<>();
        StateReader reader = StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty())
                .with(recorder.work());

        assertThrows(CancellationException.class, () -> reader.rows(2, row -> partitions.add(row.partition())));
        assertEquals(3, recorder.reports.size(), "no partition after the cancel: " + recorder.reports);
        assertTrue(partitions.stream().allMatch(p -> p < 2), "rows of partitions 0 and 1 only: " + partitions.stream().distinct().toList());
        assertTrue(reader.problems().isEmpty(), "a cancel is no damage: " + reader.problems());
    }

    @Test
    void aStateReadAsksItsCancellationWithinAPartitionEveryFewThousandRecords(@TempDir Path dir) throws Exception {
        int keys = 50_000;
        SyntheticStateStore.write(dir, keys, 1);
        Checkpoint checkpoint = CheckpointReader.read(dir);
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        AtomicLong asked = new AtomicLong();
        Work counting = new Work(() -> asked.incrementAndGet() < 0, ProgressListener.NONE);
        long[] rows = {0};
        StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty()).with(counting)
                .rows(2, row -> rows[0]++);

        assertEquals(keys, rows[0]);
        // three delta files put 50,000 + 2 × 5,000 records, and 50,000 rows are handed out: one question per 4,096
        assertTrue(asked.get() >= (keys + 10_000 + keys) / 4096, "asked " + asked.get() + " times in one partition");

        AtomicLong seen = new AtomicLong();
        Work stopping = new Work(() -> seen.get() >= 10_000, ProgressListener.NONE);
        assertThrows(CancellationException.class, () -> StateReader.open(checkpoint, operator, operator.stores().get(0),
                Optional.empty()).with(stopping).rows(2, row -> seen.incrementAndGet()));
        assertTrue(seen.get() < 10_000 + 4096, "stopped within one chunk of rows: " + seen.get());
    }

    @Test
    void aReplayCountsBatchesAndACancelStopsBeforeTheNextBatch() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(SAMPLES.resolve("shop-totals-update"));
        ReplayRequest request = request(checkpoint);
        Recorder recorder = new Recorder(-1);
        try (JsonlTopicSource topics = JsonlTopicSource.open(SAMPLES.resolve("topics/orders.jsonl"))) {
            ReplayResult result = ReplaySession.run(request, topics, recorder.work());
            assertTrue(result instanceof ReplayResult.Replayed, result.toString());
        }
        recorder.assertComplete(Progress.Unit.BATCHES);
        assertEquals(checkpoint.batches().size(), recorder.last().total());

        Recorder cancelling = new Recorder(1);
        try (JsonlTopicSource topics = JsonlTopicSource.open(SAMPLES.resolve("topics/orders.jsonl"))) {
            assertThrows(CancellationException.class, () -> ReplaySession.run(request, topics, cancelling.work()));
        }
        assertEquals(1, cancelling.reports.size(), "no batch after the cancel: " + cancelling.reports);
    }

    @Test
    void aTopicSnapshotIsIndexedByteByByteAndACancelStopsTheScan(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("orders.jsonl");
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            lines.append("{\"partition\":0,\"offset\":").append(i).append(",\"timestamp\":").append(i)
                    .append(",\"value\":\"v\"}\n");
        }
        Files.writeString(file, lines);
        Recorder recorder = new Recorder(-1);
        JsonlTopicSource.open(Map.of("orders", file), recorder.work()).close();
        recorder.assertComplete(Progress.Unit.BYTES);
        assertEquals(Files.size(file), recorder.last().total());
        assertEquals("topic file orders.jsonl", recorder.last().what());
        assertTrue(recorder.reports.size() >= 20_000 / 4096, "a report every 4,096 lines: " + recorder.reports.size());

        Recorder cancelling = new Recorder(2);
        assertThrows(CancellationException.class, () -> JsonlTopicSource.open(Map.of("orders", file), cancelling.work()));
        assertEquals(2, cancelling.reports.size(), "no chunk scanned after the cancel");
    }

    @Test
    void theDoctorCountsItsChecks() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(SAMPLES.resolve("shop-totals-update"));
        Recorder recorder = new Recorder(-1);
        assertEquals(Doctor.examine(checkpoint, Optional.empty()), Doctor.examine(checkpoint, Optional.empty(), recorder.work()));
        recorder.assertComplete(Progress.Unit.CHECKS);

        Recorder cancelling = new Recorder(2);
        assertThrows(CancellationException.class, () -> Doctor.examine(checkpoint, Optional.empty(), cancelling.work()));
        assertEquals(2, cancelling.reports.size(), "no check after the cancel");
    }

    @Test
    void aStepOfSeveralReportsOneBar() {
        List<Progress> seen = new ArrayList<>();
        Work whole = new Work(Cancellation.NEVER, seen::add);
        whole.step(1, 3).report("state/0", 2, 4, Progress.Unit.PARTITIONS);
        assertEquals(new Progress("state/0", 6, 12, Progress.Unit.PARTITIONS), seen.get(0));
        assertEquals("state/0: 6 of 12 partitions", seen.get(0).describe());
    }

    private static ReplayRequest request(Checkpoint checkpoint) throws IOException {
        return new ReplayRequest(checkpoint, Optional.of(Files.readString(checkpoint.path().resolve("job.py"))),
                Optional.empty(), Map.of(), Optional.empty(), Optional.empty());
    }

    private static long batchFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().matches("\\d+")).count();
        }
    }
}
