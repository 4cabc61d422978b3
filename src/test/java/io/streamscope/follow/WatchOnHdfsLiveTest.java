package io.streamscope.follow;

import io.streamscope.storage.HadoopSettings;
import io.streamscope.storage.Locations;
import io.streamscope.storage.TestHdfs;
import io.streamscope.storage.WriteFailingHdfs;
import org.apache.hadoop.fs.GlobalStorageStatistics;
import org.apache.hadoop.fs.StorageStatistics;
import org.apache.hadoop.hdfs.DFSOpsCountStatistics;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code watch hdfs://…} through the storage layer (polling with backoff: HDFS has no watch service) while the test
 * lays a real checkpoint into its own in-process HDFS through Hadoop's client, as Spark does (temp file, write, close,
 * rename; batch 1's commit written in two halves with the temp file open between): the same events as the local run,
 * no problem, no write. And the listings each poll costs, counted by HDFS's own client statistics.
 */
class WatchOnHdfsLiveTest {

    private static final String WRITE_FAILING = "fs.hdfs.impl=" + WriteFailingHdfs.class.getName();

    private static String emptyFolder(String name) throws Exception {
        String folder = "/live/" + name + "-" + System.nanoTime();
        assertTrue(TestHdfs.client().mkdirs(new org.apache.hadoop.fs.Path(folder)));
        return folder;
    }

    @Test
    void watchOnHdfsPrintsTheLocalRunsEvents() throws Exception {
        String folder = emptyFolder("watch");
        WriteFailingHdfs.forget();
        WatchRun watch = new WatchRun("watch", TestHdfs.uri() + folder, "--until-batch", "2", "--timeout", "120",
                "--conf", WRITE_FAILING);
        watch.layScenario(new SparkWrites(CheckpointWatcherTest.SAMPLE, new HdfsDestination(TestHdfs.client(), folder)));
        assertEquals(0, watch.join(), "exits once batch 2 is committed: " + watch.lines());
        assertEquals(WatchRun.SCENARIO_EVENTS, watch.events(), String.join("\n", watch.lines()));
        assertEquals(List.of(), WriteFailingHdfs.attempts());
    }

    @Test
    void eachPollListsOffsetsAndCommitsAndTheStateOnlyOnACommit() throws Exception {
        String folder = emptyFolder("polls");
        SparkWrites spark = new SparkWrites(CheckpointWatcherTest.SAMPLE, new HdfsDestination(TestHdfs.client(), folder));
        Path checkpoint = Locations.open(TestHdfs.uri() + folder, HadoopSettings.parse(List.of(WRITE_FAILING)));
        CheckpointWatcher watcher = new CheckpointWatcher(checkpoint);
        StorageStatistics statistics = GlobalStorageStatistics.INSTANCE.get(DFSOpsCountStatistics.NAME);
        List<Long> quiet = new ArrayList<>();
        List<Long> onCommit = new ArrayList<>();
        spark.start();
        watcher.poll();
        for (int batch = 0; batch < 3; batch++) {
            spark.plan(batch);
            spark.state(batch);
            Thread.sleep(1100); // past the storage layer's one-second listing memory, so each poll lists anew
            statistics.reset();
            List<String> seen = watcher.poll().stream().map(CheckpointWatcherTest::describe).toList();
            assertEquals(List.of("planned " + batch), seen);
            quiet.add(listings(statistics));
            spark.commit(batch);
            Thread.sleep(1100);
            statistics.reset();
            seen = watcher.poll().stream().map(CheckpointWatcherTest::describe).toList();
            assertEquals(List.of("state 0/default v" + (batch + 1), "committed " + batch), seen);
            onCommit.add(listings(statistics));
        }
        System.out.println("HDFS listings per poll: without a commit " + quiet + ", with a commit " + onCommit
                + " (2 partitions)");
        // offsets/ and commits/ once each; on a commit also state/, state/0 and each of the 2 partitions
        quiet.forEach(count -> assertTrue(count <= 2, () -> "a poll without a commit: " + quiet));
        onCommit.forEach(count -> assertTrue(count <= 2 + 2 + 2, () -> "a poll with a commit: " + onCommit));
        assertTrue(onCommit.get(2) > quiet.get(2), "the state is listed on a commit");
    }

    @Test
    void withoutStateVersionsAPollWithACommitListsTheLogsOnly() throws Exception {
        String folder = emptyFolder("follow");
        SparkWrites spark = new SparkWrites(CheckpointWatcherTest.SAMPLE, new HdfsDestination(TestHdfs.client(), folder));
        Path checkpoint = Locations.open(TestHdfs.uri() + folder, HadoopSettings.parse(List.of(WRITE_FAILING)));
        CheckpointWatcher watcher = new CheckpointWatcher(checkpoint).withoutStateVersions(); // as the window follows
        StorageStatistics statistics = GlobalStorageStatistics.INSTANCE.get(DFSOpsCountStatistics.NAME);
        spark.start();
        watcher.poll();
        List<Long> onCommit = new ArrayList<>();
        for (int batch = 0; batch < 2; batch++) {
            spark.batch(batch);
            Thread.sleep(1100); // past the storage layer's one-second listing memory
            statistics.reset();
            List<String> seen = watcher.poll().stream().map(CheckpointWatcherTest::describe).toList();
            assertEquals(List.of("planned " + batch, "committed " + batch), seen);
            onCommit.add(listings(statistics));
        }
        // offsets/ and commits/ only: the window's read after the commit lists state/ (once)
        onCommit.forEach(count -> assertTrue(count <= 2, () -> "a poll with a commit: " + onCommit));
    }

    private static long listings(StorageStatistics statistics) {
        Long count = statistics.getLong("op_list_status");
        return count == null ? 0 : count;
    }
}
