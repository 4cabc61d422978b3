package io.streamscope.bench;

import io.streamscope.TempTree;
import io.streamscope.ui.MainWindow;
import io.streamscope.ui.playback.PlaybackViewModel;
import javafx.application.Platform;
import javafx.scene.control.TableView;
import javafx.scene.image.WritableImage;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import static io.streamscope.bench.FxBench.awaitIdle;
import static io.streamscope.bench.FxBench.onFx;

/**
 * Benchmark of the unbounded input table (not a unit test): a {@link SyntheticReplay} of 1,000 batches, 100 input rows
 * each (100,000 in all), opened and replayed in the real window (headless, Monocle, software rendering), then stepped
 * forward through every batch, back again, and jumped Home→End and End→Home. Per step it reports the FX-thread time
 * of the step (view models, listeners, the tables' updates), of the CSS and layout passes of the pulse that follows
 * ({@link FxPulse}: what a key press costs the window), of rendering the frame (a snapshot of the whole window), and
 * the FX thread's CPU time for the step and its pulse.
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.InputTableStepBench}
 * (it runs in Maven's JVM: give it the window's JIT flags from {@code packaging/launcher.sh} in {@code MAVEN_OPTS}, and
 * the app image's runtime in {@code JAVA_HOME}, with its {@code lib/app/runtime.args} in {@code MAVEN_OPTS} too)
 * ({@code -Dexec.args=1} for one run instead of two; {@code -Dexec.args="1 append"} replays the orders in append
 * mode, where the result table holds every row so far as well).
 */
public final class InputTableStepBench {

    private static final int BATCHES = 1_000;
    private static final int PARTITIONS = 4;
    private static final int ROWS_PER_PARTITION = 25;
    private static final int JUMPS = 20;
    private static WritableImage frame;

    private InputTableStepBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        headless();
        Path folder = Files.createTempDirectory("streamscope-input-bench");
        try {
            boolean append = args.length > 1 && args[1].equals("append");
            SyntheticReplay.write(folder, BATCHES, PARTITIONS, ROWS_PER_PARTITION, append);
            Platform.startup(() -> { });
            MainWindow window = FxBench.window(folder);
            long replayStart = System.nanoTime();
            awaitReplay(window);
            System.out.printf("replay of the synthetic checkpoint computed in %.1f s%n", (System.nanoTime() - replayStart) / 1e9);
            // the JIT decides the FX thread's CPU per step: the app image's window runs with packaging/launcher.sh's flags
            System.out.println("JVM options: " + ManagementFactory.getRuntimeMXBean().getInputArguments());
            PlaybackViewModel playback = window.model().playback();
            @SuppressWarnings("unchecked")
            TableView<Object> input = onFx(() -> (TableView<Object>) window.scene().lookup("#inputTable"));
            onFx(() -> {
                window.model().display().animationsProperty().set(false); // time the work, not a 350 ms slide
                playback.last();
                return null;
            });
            awaitIdle(window);
            System.out.printf("synthetic replay (%s): %,d batches, %,d input rows on show at the last batch; window 1280x800%n",
                    append ? "the orders, append mode" : "totals per customer, update mode",
                    onFx(() -> window.model().timeline().batches().size()), onFx(() -> input.getItems().size()));

            for (int run = 1; run <= runs; run++) {
                onFx(() -> {
                    playback.first();
                    return null;
                });
                awaitIdle(window);
                Steps forward = new Steps(BATCHES - 1);
                for (int i = 1; i < BATCHES; i++) {
                    forward.add(step(window, playback::stepForward));
                }
                awaitIdle(window);
                check(onFx(() -> input.getItems().size()) == BATCHES * PARTITIONS * ROWS_PER_PARTITION, "all rows after stepping forward");
                Steps back = new Steps(BATCHES - 1);
                for (int i = 1; i < BATCHES; i++) {
                    back.add(step(window, playback::stepBack));
                }
                awaitIdle(window);
                check(onFx(() -> input.getItems().size()) == PARTITIONS * ROWS_PER_PARTITION, "batch 0's rows after stepping back");
                Steps toEnd = new Steps(JUMPS);
                Steps toHome = new Steps(JUMPS);
                for (int i = 0; i < JUMPS; i++) {
                    toEnd.add(step(window, playback::last));
                    toHome.add(step(window, playback::first));
                }
                awaitIdle(window);
                System.out.println("run " + run + " (animations off)");
                forward.report("step forward (Right)");
                back.report("step back (Left)");
                toEnd.report("jump Home→End");
                toHome.report("jump End→Home");
            }

            onFx(() -> {
                window.model().display().animationsProperty().set(true);
                playback.first();
                return null;
            });
            awaitIdle(window);
            Steps animated = new Steps(BATCHES - 1);
            for (int i = 1; i < BATCHES; i++) {
                animated.add(step(window, playback::stepForward));
            }
            System.out.println("animations on");
            animated.report("step forward (Right), the new rows' slide-in started");
            Steps idle = new Steps(100);
            for (int i = 0; i < 100; i++) {
                idle.add(step(window, () -> { }));
            }
            System.out.println("for comparison: no step at all, 100,000 rows on show");
            idle.report("CSS, layout and rendering of an unchanged window");
            Platform.exit();
        } finally {
            TempTree.delete(folder);
        }
    }

    /**
     * One step: the action on the FX thread and the pulse after it (its CSS and layout passes, its synchronization for
     * the renderer), then the frame rendered (into one image, so the benchmark does not add a 4 MB allocation a step).
     */
    private static long[] step(MainWindow window, Runnable action) throws Exception {
        FxPulse.Timing pulse = FxPulse.after(window.scene(), action);
        long rendering = onFx(() -> {
            if (frame == null || frame.getWidth() != window.scene().getWidth() || frame.getHeight() != window.scene().getHeight()) {
                frame = new WritableImage((int) window.scene().getWidth(), (int) window.scene().getHeight());
            }
            long start = System.nanoTime();
            window.scene().snapshot(frame);
            return System.nanoTime() - start;
        });
        return new long[] {pulse.actionNanos(), pulse.passesNanos(), rendering,
                pulse.actionNanos() + pulse.passesNanos() + rendering, pulse.cpuNanos()};
    }

    /** Per-step timings: the step, CSS and layout, rendering, their total, and the FX thread's CPU for step and pulse. */
    private static final class Steps {
        private final long[][] parts;
        private int count;

        Steps(int size) {
            parts = new long[5][size];
        }

        void add(long[] step) {
            for (int i = 0; i < parts.length; i++) {
                parts[i][count] = step[i];
            }
            count++;
        }

        void report(String what) {
            System.out.println("  " + what + ": " + summary(parts[3]));
            System.out.println("      of which the step (view models, tables' updates) " + summary(parts[0]));
            System.out.println("      of which the pulse's CSS and layout passes      " + summary(parts[1]));
            System.out.println("      of which rendering the frame (software)         " + summary(parts[2]));
            System.out.println("      FX thread's CPU time for step and pulse         " + summary(parts[4]));
        }

        private String summary(long[] nanos) {
            long[] sorted = Arrays.copyOf(nanos, count);
            Arrays.sort(sorted);
            return String.format("n=%,d  p50 %6.2f ms  p95 %6.2f ms  max %6.2f ms", count, sorted[count / 2] / 1e6,
                    sorted[(int) (count * 0.95)] / 1e6, sorted[count - 1] / 1e6);
        }
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("the input table is wrong: " + what);
        }
    }

    private static void headless() {
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
    }

    private static void awaitReplay(MainWindow window) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < deadline) {
            boolean done = onFx(() -> !window.model().replay().isRunning() && window.model().replay().getOutcome() != null
                    && !window.viewModel().isLoading());
            if (done) {
                String problem = onFx(() -> window.model().replay().getOutcome().problem());
                if (problem != null) {
                    throw new IllegalStateException("the replay failed: " + problem);
                }
                awaitIdle(window);
                return;
            }
            Thread.sleep(10);
        }
        throw new IllegalStateException("the replay did not finish");
    }
}
