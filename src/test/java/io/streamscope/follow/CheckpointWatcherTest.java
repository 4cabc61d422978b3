package io.streamscope.follow;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real Spark checkpoint (shop-totals-update) laid into an empty folder file by file in Spark's order (temp file,
 * rename, checksum) with a poll after every step: the events arrive in order, once each; a half-written file raises
 * nothing until it is whole; a file that stays damaged is one problem; on a file system without a watch service the
 * follower polls with backoff.
 */
class CheckpointWatcherTest {

    static final Path SAMPLE = Path.of("sample-checkpoints/shop-totals-update");

    @TempDir
    Path live;

    static String describe(CheckpointEvent event) {
        if (event instanceof CheckpointEvent.StateVersion state) {
            return "state " + state.operatorId() + "/" + state.storeName() + " v" + state.version();
        }
        if (event instanceof CheckpointEvent.Problem problem) {
            return "problem " + problem.path();
        }
        return event.label() + (event.batchId() >= 0 ? " " + event.batchId() : "");
    }

    private static List<String> seen(CheckpointWatcher watcher) {
        return watcher.poll().stream().map(CheckpointWatcherTest::describe).toList();
    }

    @Test
    void eventsArriveAsSparkWritesTheFiles() {
        SparkWrites spark = new SparkWrites(SAMPLE, live);
        CheckpointWatcher watcher = new CheckpointWatcher(live);
        assertEquals(List.of(), seen(watcher), "an empty folder: nothing yet");
        spark.start();
        assertEquals(List.of("metadata"), seen(watcher));
        for (int batch = 0; batch < 3; batch++) {
            spark.plan(batch);
            assertEquals(List.of("planned " + batch), seen(watcher));
            spark.state(batch);
            assertEquals(List.of(), seen(watcher), "state files are listed when the batch commits");
            spark.commit(batch);
            assertEquals(List.of("state 0/default v" + (batch + 1), "committed " + batch), seen(watcher));
            assertTrue(watcher.committed(batch));
        }
        assertEquals(List.of(), seen(watcher), "nothing twice");
        assertEquals(3, watcher.known().offsets().size());
        assertEquals(3, watcher.known().commits().size());
    }

    @Test
    void withoutStateVersionsTheCommitsComeAlone() {
        SparkWrites spark = new SparkWrites(SAMPLE, live);
        CheckpointWatcher watcher = new CheckpointWatcher(live).withoutStateVersions();
        CheckpointWatcher reporting = new CheckpointWatcher(live);
        spark.start();
        spark.plan(0);
        spark.state(0);
        spark.commit(0);
        assertEquals(List.of("metadata", "planned 0", "committed 0"), seen(watcher));
        assertEquals(List.of("metadata", "planned 0", "state 0/default v1", "committed 0"), seen(reporting),
                "the same files, with the state version reported");
        spark.batch(1);
        assertEquals(List.of("planned 1", "committed 1"), seen(watcher));
        assertTrue(watcher.committed(1));
    }

    @Test
    void aJoinsFourStoresEachGetTheirVersion() {
        SparkWrites spark = new SparkWrites(Path.of("sample-checkpoints/shop-join-inner"), live);
        CheckpointWatcher watcher = new CheckpointWatcher(live);
        spark.start();
        spark.plan(0);
        spark.state(0);
        assertEquals(List.of("metadata", "planned 0"), seen(watcher));
        spark.commit(0);
        assertEquals(List.of("state 0/left-keyToNumValues v1", "state 0/left-keyWithIndexToValue v1",
                "state 0/right-keyToNumValues v1", "state 0/right-keyWithIndexToValue v1", "committed 0"), seen(watcher));
    }

    @Test
    void whatIsAlreadyThereComesFirstInSparksOrder() {
        SparkWrites spark = new SparkWrites(SAMPLE, live);
        spark.start();
        spark.batch(0);
        spark.batch(1);
        spark.plan(2);
        assertEquals(List.of("metadata", "planned 0", "state 0/default v1", "committed 0", "planned 1",
                "state 0/default v2", "committed 1", "planned 2"), seen(new CheckpointWatcher(live)));
    }

    @Test
    void aHalfWrittenFileIsTriedAgainNeverReported() {
        SparkWrites spark = new SparkWrites(SAMPLE, live);
        CheckpointWatcher watcher = new CheckpointWatcher(live);
        spark.start();
        spark.batch(0);
        assertEquals(List.of("metadata", "planned 0", "state 0/default v1", "committed 0"), seen(watcher));
        spark.halfWritten("offsets/1"); // a store without atomic rename: the file exists with half its bytes
        for (int poll = 0; poll < 5; poll++) {
            assertEquals(List.of(), seen(watcher), "a file still being written is neither a batch nor a problem");
        }
        spark.finish("offsets/1");
        assertEquals(List.of("planned 1"), seen(watcher));
    }

    @Test
    void aFileThatStaysDamagedIsOneProblemAndItsCommitStillCounts() throws Exception {
        AtomicLong now = new AtomicLong();
        CheckpointWatcher watcher = new CheckpointWatcher(live, now::get, Duration.ofSeconds(5));
        SparkWrites spark = new SparkWrites(SAMPLE, live);
        spark.start();
        spark.batch(0);
        seen(watcher);
        Files.writeString(live.resolve("offsets/1"), "v1\n{\"batchWatermarkMs\":0,"); // cut short, and never finished
        assertEquals(List.of(), seen(watcher));
        now.addAndGet(Duration.ofSeconds(6).toNanos());
        assertEquals(List.of(), seen(watcher), "two tries: maybe still being written");
        List<CheckpointEvent> third = watcher.poll();
        assertEquals(List.of("problem offsets/1"), third.stream().map(CheckpointWatcherTest::describe).toList(),
                "three tries, unchanged for the patience time");
        CheckpointEvent.Problem problem = (CheckpointEvent.Problem) third.get(0);
        assertEquals(1, problem.batchId());
        assertTrue(problem.message().contains("line"), "where in the file: " + problem.message());
        assertEquals(List.of(), seen(watcher), "said once");
        spark.state(1);
        spark.commit(1);
        assertEquals(List.of("state 0/default v2", "committed 1"), seen(watcher), "the damaged plan holds up no commit");
        assertEquals(java.util.Set.of(1L), watcher.known().unreadableOffsets());
        Checkpoint read = CheckpointReader.read(live, watcher.known());
        assertEquals("offsets/1", read.problems().get(0).path(), "the reader reports what the watcher gave up on");
    }

    @Test
    void theKnownLogsReadTheSameCheckpointAsTheFolderAndLeaveOutWhatIsBeingWritten() throws Exception {
        SparkWrites spark = new SparkWrites(SAMPLE, live);
        spark.start();
        spark.batch(0);
        spark.batch(1);
        CheckpointWatcher watcher = new CheckpointWatcher(live);
        watcher.poll();
        spark.halfWritten("offsets/2");
        Checkpoint known = CheckpointReader.read(live, watcher.known());
        assertEquals(List.of(0L, 1L), List.copyOf(known.batches().keySet()));
        assertEquals(List.of(), known.problems(), "the half-written offsets/2 is not read");
        spark.finish("offsets/2");
        watcher.poll();
        Checkpoint whole = CheckpointReader.read(live);
        Checkpoint fromKnown = CheckpointReader.read(live, watcher.known());
        assertEquals(whole.batches(), fromKnown.batches());
        assertEquals(whole.notes(), fromKnown.notes());
        assertEquals(whole.stateOperators(), fromKnown.stateOperators());
    }

    @Test
    void aWatcherGoingOnFromAReadCheckpointReportsOnlyWhatIsNewAndRetriesWhatItCouldNotRead() throws Exception {
        SparkWrites spark = new SparkWrites(SAMPLE, live);
        spark.start();
        spark.batch(0);
        spark.batch(1);
        spark.halfWritten("offsets/2"); // the window opened the folder while Spark was writing this
        Checkpoint opened = CheckpointReader.read(live);
        assertEquals("offsets/2", opened.problems().get(0).path(), "read at the wrong moment, it looks damaged");
        CheckpointWatcher watcher = CheckpointWatcher.continuing(opened);
        assertEquals(List.of(), seen(watcher), "nothing new; the half-written file is retried, not known");
        spark.finish("offsets/2");
        assertEquals(List.of("planned 2"), seen(watcher));
        spark.state(2);
        spark.commit(2);
        assertEquals(List.of("state 0/default v3", "committed 2"), seen(watcher));
        assertEquals(List.of(), CheckpointReader.read(live, watcher.known()).problems());
    }

    /** A file system without a watch service (a zip file system here, as a remote store would be): polling. */
    @Test
    void withoutAWatchServiceTheFollowerPollsWithBackoff() throws Exception {
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + live.resolve("chk.zip").toUri()),
                Map.of("create", "true"))) {
            Path checkpoint = zip.getPath("/chk");
            Files.createDirectories(checkpoint);
            SparkWrites spark = new SparkWrites(SAMPLE, checkpoint);
            List<Runnable> steps = new ArrayList<>(List.of(spark::start, () -> { }, () -> { }, () -> { }, () -> { },
                    () -> spark.plan(0), () -> spark.state(0), () -> spark.commit(0), () -> spark.batch(1)));
            List<Long> waits = new ArrayList<>();
            AtomicLong now = new AtomicLong();
            FollowClock clock = new FollowClock() {
                @Override
                public long nanoTime() {
                    return now.get();
                }

                @Override
                public void sleep(long nanos) {
                    waits.add(nanos / 1_000_000);
                    now.addAndGet(nanos);
                    if (!steps.isEmpty()) {
                        steps.remove(0).run(); // while the follower sleeps, Spark writes its next file
                    }
                }
            };
            ChangeWait wait = ChangeWait.forCheckpoint(checkpoint, clock);
            assertEquals("polling", wait.description());
            CheckpointWatcher watcher = new CheckpointWatcher(checkpoint, clock::nanoTime, Duration.ofSeconds(5));
            List<List<String>> deliveries = new ArrayList<>();
            boolean reached = new CheckpointFollower(watcher, wait, clock).run(() -> watcher.committed(1), Long.MAX_VALUE,
                    events -> deliveries.add(events.stream().map(CheckpointWatcherTest::describe).toList()));
            assertTrue(reached);
            assertEquals(List.of(List.of("metadata"), List.of("planned 0"), List.of("state 0/default v1", "committed 0"),
                    List.of("planned 1", "state 0/default v2", "committed 1")), deliveries, "one delivery per poll");
            // quiet polls back off by half up to a second; a change brings the shortest wait back
            assertEquals(List.of(300L, 200L, 300L, 450L, 675L, 1000L, 200L, 300L, 200L), waits);
        }
    }

    @Test
    void aLocalFolderGetsTheFileWatcher() {
        try (ChangeWait wait = ChangeWait.forCheckpoint(live, FollowClock.SYSTEM)) {
            assertEquals("file watcher", wait.description());
        }
    }

    @Test
    void backoffDoublesOnFailuresAndStopsAtItsCeilings() {
        Backoff backoff = new Backoff(Duration.ofMillis(100), Duration.ofMillis(400), Duration.ofMillis(1000));
        List<Long> millis = new ArrayList<>();
        for (boolean[] poll : new boolean[][] {{false, false}, {false, false}, {false, false}, {false, false},
                {false, false}, {false, true}, {false, true}, {false, true}, {true, false}}) {
            millis.add(backoff.next(poll[0], poll[1]) / 1_000_000);
        }
        assertEquals(List.of(150L, 225L, 337L, 400L, 400L, 800L, 1000L, 1000L, 100L), millis);
        assertFalse(millis.stream().anyMatch(ms -> ms > 1000));
    }
}
