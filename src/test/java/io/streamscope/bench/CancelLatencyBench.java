package io.streamscope.bench;

import io.streamscope.TempTree;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.state.StateReader;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.ReplayRequest;
import io.streamscope.replay.ReplaySession;
import io.streamscope.task.BackgroundTask;
import io.streamscope.task.ProgressListener;
import io.streamscope.task.Work;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.OffsetRange;
import io.streamscope.topic.ReadOptions;
import io.streamscope.ui.SyntheticCheckpoint;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How soon a long read stops once cancelled, against the bound of 200 ms: each read runs on its own thread,
 * is cancelled at a random moment between 10 % and 80 % of its full length, and the time from setting the flag to
 * the read throwing {@link CancellationException} is measured; p50 and max over the runs. The reads: a checkpoint
 * with 20,000 batches (40,000 log files), a 1M-key state store in 200 partitions and in one, a 600,000-record topic
 * snapshot indexed and read, and a 300-batch replay of it. Wall time includes waiting for a core; the reading thread's
 * CPU time after the cancel is the work it still did.
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.CancelLatencyBench}
 */
public final class CancelLatencyBench {

    private static final int RUNS = 20;
    private static final double BOUND_MS = 200;
    /** The reading thread's CPU time tells the work done after the cancel from waiting for a core (2 cores, shared). */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CancelLatencyBench() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Files.createTempDirectory("streamscope-cancel-bench");
        try {
            Path logs = SyntheticCheckpoint.write(root.resolve("logs"), 20_000, 16, 10);
            measure("checkpoint logs, 40,000 files", work -> CheckpointReader.read(logs, work));

            for (int partitions : new int[] {200, 1}) {
                Path folder = Files.createDirectories(root.resolve("state-" + partitions));
                SyntheticStateStore.write(folder, 1_000_000, partitions);
                Checkpoint checkpoint = CheckpointReader.read(folder);
                StateOperatorInfo operator = checkpoint.stateOperators().get(0);
                measure("state, 1M keys in " + partitions + " partition" + (partitions == 1 ? "" : "s"), work -> {
                    long[] rows = {0};
                    StateReader.open(checkpoint, operator, operator.stores().get(0), Optional.empty()).with(work)
                            .forEachRow(2, row -> rows[0]++);
                    return rows[0];
                });
            }

            Path replayed = SyntheticReplay.write(root.resolve("replay"), 300, 2, 1_000, false);
            Checkpoint checkpoint = CheckpointReader.read(replayed);
            Path topic = replayed.resolve("orders.jsonl");
            List<OffsetRange> everything = List.of(new OffsetRange(new KafkaPartition("orders", 0), 0, 300_000),
                    new OffsetRange(new KafkaPartition("orders", 1), 0, 300_000));
            measure("topic snapshot index, " + Files.size(topic) / 1_000_000 + " MB", work -> {
                JsonlTopicSource.open(Map.of("orders", topic), work).close();
                return null;
            });
            try (JsonlTopicSource source = JsonlTopicSource.open(topic)) {
                measure("topic snapshot, 600,000 records", work -> {
                    long[] records = {0};
                    source.read(everything, ReadOptions.fullValues().with(work), record -> records[0]++);
                    return records[0];
                });
                ReplayRequest request = new ReplayRequest(checkpoint, Optional.empty(), Optional.of(SyntheticReplay.TOTALS),
                        Map.of(ReplayRequest.ANY_TOPIC, SyntheticReplay.SCHEMA), Optional.of(OutputMode.UPDATE),
                        Optional.empty());
                measure("replay, 300 batches of 2,000 rows", work -> ReplaySession.run(request, source, work));
            }
        } finally {
            TempTree.delete(root); // about 300 MB of generated checkpoints
        }
    }

    private static void measure(String name, BackgroundTask<?> read) throws Exception {
        read.call(Work.NONE); // warm-up
        double fullMs = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long start = System.nanoTime();
            read.call(Work.NONE);
            fullMs = Math.min(fullMs, (System.nanoTime() - start) / 1e6);
        }
        Random random = new Random(42);
        List<Double> latencies = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        int finished = 0;
        for (int run = 0; run < RUNS; run++) {
            AtomicBoolean cancelled = new AtomicBoolean();
            long[] stoppedAt = {0, 0};
            Thread thread = new Thread(() -> {
                try {
                    read.call(new Work(cancelled::get, ProgressListener.NONE));
                } catch (CancellationException e) {
                    stoppedAt[0] = System.nanoTime();
                    stoppedAt[1] = THREADS.getCurrentThreadCpuTime();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            thread.start();
            Thread.sleep((long) (fullMs * (0.1 + 0.7 * random.nextDouble())));
            long cpuAtCancel = THREADS.getThreadCpuTime(thread.getId());
            long cancelledAt = System.nanoTime();
            cancelled.set(true);
            thread.join();
            if (stoppedAt[0] == 0) {
                finished++; // ended before the flag was seen
            } else {
                latencies.add((stoppedAt[0] - cancelledAt) / 1e6);
                cpu.add((stoppedAt[1] - cpuAtCancel) / 1e6);
            }
        }
        System.out.printf("%-36s full read %6.0f ms; stop after cancel: p50 %6.2f ms, max %6.2f ms wall"
                + " (p50 %5.2f ms, max %6.2f ms of the reading thread's CPU; bound %.0f ms) over %d cancelled runs%s%n",
                name, fullMs, percentile(latencies, 50), percentile(latencies, 100), percentile(cpu, 50),
                percentile(cpu, 100), BOUND_MS, latencies.size(), finished == 0 ? "" : ", " + finished + " finished first");
    }

    private static double percentile(List<Double> values, int percent) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, sorted.size() * percent / 100));
    }
}
