package io.streamscope.bench;

import io.streamscope.TempTree;
import io.streamscope.ui.MainWindow;
import io.streamscope.ui.SyntheticCheckpoint;
import io.streamscope.ui.timeline.BatchTimeline;
import io.streamscope.ui.timeline.TimelineViewModel;
import javafx.application.Platform;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static io.streamscope.bench.FxBench.awaitIdle;
import static io.streamscope.bench.FxBench.onFx;

/**
 * Benchmark of stepping through the timeline (not a unit test): a synthetic checkpoint of 1,000 batches in Spark's
 * formats (offsets and commits, a 4-partition Kafka source, 100 rows per batch: 100,000 input rows), opened in the
 * real window (headless, Monocle, software rendering), then every batch selected in turn. Per step it reports the
 * FX-thread time to select the batch and for the pulse after it to lay out and paint the timeline ({@link FxPulse}:
 * what blocks the window), the time until that frame is rendered (a snapshot of the whole window), and how long the
 * inspector takes to show the batch's files read in the background.
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.TimelineStepBench}
 */
public final class TimelineStepBench {

    private static final int BATCHES = 1_000;
    private static final int PARTITIONS = 4;
    private static final int ROWS_PER_PARTITION = 25;

    private TimelineStepBench() {
    }

    public static void main(String[] args) throws Exception {
        headless();
        Path folder = Files.createTempDirectory("streamscope-timeline-bench");
        try {
            SyntheticCheckpoint.write(folder, BATCHES, PARTITIONS, ROWS_PER_PARTITION);
            Platform.startup(() -> { });
            MainWindow window = FxBench.window(folder);
            awaitIdle(window);
            TimelineViewModel timeline = window.model().timeline();
            BatchTimeline drawn = onFx(() -> (BatchTimeline) window.scene().lookup("#batchTimeline"));
            long rows = onFx(() -> timeline.batches().stream()
                    .mapToLong(b -> b.cells().stream().mapToLong(c -> c == null ? 0 : c.rows()).sum()).sum());
            System.out.printf("synthetic checkpoint: %,d batches, %,d input rows, %d partitions; window 1280x800, %d columns on show%n",
                    onFx(() -> timeline.batches().size()), rows, PARTITIONS, onFx(() -> drawn.paintedColumns().size()));
            onFx(() -> {
                window.model().display().animationsProperty().set(false); // time the work, not a 160 ms glide
                return null;
            });

            for (int run = 1; run <= 3; run++) {
                long[] step = new long[BATCHES];
                long[] select = new long[BATCHES];
                long[] passes = new long[BATCHES];
                long[] cpu = new long[BATCHES];
                for (int i = 0; i < BATCHES; i++) {
                    int index = i;
                    FxPulse.Timing timing = FxPulse.after(window.scene(), () -> timeline.select(index));
                    select[i] = timing.actionNanos();
                    passes[i] = timing.passesNanos();
                    step[i] = timing.actionNanos() + timing.passesNanos();
                    cpu[i] = timing.cpuNanos();
                }
                report("run " + run + ": select + the pulse's CSS and layout (FX thread)", step);
                if (run == 3) {
                    report("  of which: select (view models, listeners, background reads queued)", select);
                    report("  of which: the pulse's CSS and layout passes", passes);
                    report("  FX thread's CPU time for select and pulse (the timeline's paint included)", cpu);
                }
                awaitIdle(window);
            }

            long[] frame = new long[BATCHES];
            for (int i = 0; i < BATCHES; i++) {
                int index = i;
                frame[i] = onFx(() -> {
                    long start = System.nanoTime();
                    timeline.select(index);
                    window.scene().snapshot(null);
                    return System.nanoTime() - start;
                });
            }
            report("select + render the whole window (snapshot, software)", frame);
            awaitIdle(window);

            long[] inspector = new long[100];
            for (int i = 0; i < inspector.length; i++) {
                int index = i * 10;
                long start = System.nanoTime();
                onFx(() -> {
                    timeline.select(index);
                    return null;
                });
                awaitIdle(window);
                inspector[i] = System.nanoTime() - start;
            }
            report("select until the inspector shows offsets/N and commits/N (background read)", inspector);
            Platform.exit();
        } finally {
            TempTree.delete(folder);
        }
    }

    private static void headless() {
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
    }

    private static void report(String what, long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(sorted).average().orElse(0) / 1e6;
        System.out.printf("%-78s n=%,d  mean %.2f ms  p50 %.2f ms  p95 %.2f ms  p99 %.2f ms  max %.2f ms%n", what,
                sorted.length, mean, sorted[sorted.length / 2] / 1e6, sorted[(int) (sorted.length * 0.95)] / 1e6,
                sorted[(int) (sorted.length * 0.99)] / 1e6, sorted[sorted.length - 1] / 1e6);
    }
}
