package io.streamscope.bench;

import io.streamscope.TempTree;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.follow.Backoff;
import io.streamscope.follow.ChangeWait;
import io.streamscope.follow.CheckpointEvent;
import io.streamscope.follow.CheckpointFollower;
import io.streamscope.follow.CheckpointWatcher;
import io.streamscope.follow.FollowClock;
import io.streamscope.follow.PollingWait;
import io.streamscope.follow.SparkWrites;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Benchmark of follow mode. (1) How long after Spark's rename of {@code commits/N} the follower hands the event on,
 * with the file watcher and with polling (backoff as for a remote store), against the 2 s. (2) What a
 * follow update costs on a big checkpoint (10,000 batches, 200 state partitions): the re-read from the watcher's
 * parsed logs against a full read.
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.FollowBench}
 */
public final class FollowBench {

    private static final int BATCHES = 3;
    private static final int ROUNDS = 10;

    private FollowBench() {
    }

    public static void main(String[] args) throws Exception {
        latency("file watcher", null);
        latency("polling", new Backoff(java.time.Duration.ofMillis(200), java.time.Duration.ofSeconds(1),
                java.time.Duration.ofSeconds(30)));
        rereadCost();
    }

    private static void latency(String how, Backoff polling) throws Exception {
        List<Long> millis = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            Path folder = Files.createTempDirectory("streamscope-follow-bench");
            try {
                SparkWrites spark = new SparkWrites(Path.of("sample-checkpoints/shop-totals-update"), folder);
                spark.start();
                CheckpointWatcher watcher = new CheckpointWatcher(folder);
                ConcurrentHashMap<Long, Long> seen = new ConcurrentHashMap<>();
                ChangeWait wait = polling == null ? ChangeWait.forCheckpoint(folder, FollowClock.SYSTEM)
                        : new PollingWait(polling, FollowClock.SYSTEM);
                Thread follower = new Thread(() -> {
                    try (wait) {
                        new CheckpointFollower(watcher, wait, FollowClock.SYSTEM).run(() -> watcher.committed(BATCHES - 1),
                                Long.MAX_VALUE, events -> events.stream().filter(CheckpointEvent.Committed.class::isInstance)
                                        .forEach(event -> seen.put(event.batchId(), System.nanoTime())));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                follower.start();
                for (long batch = 0; batch < BATCHES; batch++) {
                    Thread.sleep(700 + 300 * round % 900); // a trigger interval: the follower has gone quiet
                    spark.plan(batch);
                    spark.state(batch);
                    long written = System.nanoTime();
                    spark.commit(batch);
                    while (!seen.containsKey(batch)) {
                        Thread.sleep(1);
                    }
                    millis.add((seen.get(batch) - written) / 1_000_000);
                }
                follower.join();
            } finally {
                TempTree.delete(folder);
            }
        }
        Collections.sort(millis);
        System.out.printf("%s: commit seen after median %d ms, max %d ms over %d commits (issue 15: within 2,000 ms)%n",
                how, millis.get(millis.size() / 2), millis.get(millis.size() - 1), millis.size());
    }

    private static void rereadCost() throws Exception {
        Path folder = Files.createTempDirectory("streamscope-follow-bench");
        try {
            CheckpointReadBench.write(folder);
            CheckpointWatcher watcher = new CheckpointWatcher(folder);
            long first = System.nanoTime();
            watcher.poll();
            System.out.printf("big checkpoint: the watcher's first poll (parses every log once) %d ms%n",
                    (System.nanoTime() - first) / 1_000_000);
            io.streamscope.checkpoint.Checkpoint opened = CheckpointReader.read(folder);
            long continuing = System.nanoTime();
            CheckpointWatcher.continuing(opened).poll();
            System.out.printf("big checkpoint: a watcher going on from the window's reading, its first poll %d ms%n",
                    (System.nanoTime() - continuing) / 1_000_000);
            for (int run = 1; run <= 3; run++) {
                long full = System.nanoTime();
                CheckpointReader.read(folder);
                long fullMs = (System.nanoTime() - full) / 1_000_000;
                long known = System.nanoTime();
                CheckpointReader.read(folder, watcher.known());
                long knownMs = (System.nanoTime() - known) / 1_000_000;
                System.out.printf("run %d: follow update's re-read %d ms, full read %d ms%n", run, knownMs, fullMs);
            }
        } finally {
            TempTree.delete(folder);
        }
    }
}
