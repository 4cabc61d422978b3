package io.streamscope.bench;

import io.streamscope.TempTree;
import io.streamscope.ui.MainWindow;
import io.streamscope.ui.state.StateRowView;
import io.streamscope.ui.state.StateViewModel;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static io.streamscope.bench.FxBench.onFx;

/**
 * Benchmark of the state view on a 1M-key, 200-partition HDFS store (StateReadBench's layout, batch 2 updates every
 * tenth key) in the real window (headless, Monocle, software rendering) in a child JVM with {@code -Xmx512m}: the
 * time from opening the checkpoint to the first rows in {@code #stateTable}, to all rows read (the table holds those its
 * budget allows, an eighth of the heap; the rest are counted), the heap the loaded rows take, the FX-thread time of a
 * scroll to a random place, and the time a key filter and a sort by a value column take (each reads the million rows
 * again, the table holding only part; off the FX thread, the longest FX-thread stall while they run printed too).
 * Anchor: the "first rows within a second" and the same store's {@code state} command (StateReadBench).
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.StateTableBench [-Dexec.args=DIR]};
 * the child alone with {@code -Dbench.trace=true} prints each summary the panel shows, timed from opening.
 */
public final class StateTableBench {

    private static final int KEYS = 1_000_000;
    private static final int PARTITIONS = 200;

    private StateTableBench() {
    }

    public static void main(String[] args) throws Exception {
        boolean kept = args.length > 0; // a folder named on the command line is kept for the next run
        Path folder = kept ? Files.createDirectories(Path.of(args[0])) : Files.createTempDirectory("streamscope-state-table-bench");
        int exit = 0;
        try {
            if (!Files.exists(folder.resolve("metadata"))) {
                SyntheticStateStore.write(folder, KEYS, PARTITIONS);
                System.out.println("wrote " + SyntheticStateStore.describe(KEYS, PARTITIONS) + " in " + folder);
            }
            for (int run = 1; run <= 3 && exit == 0; run++) {
                List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx512m", "-cp", classPath(), Child.class.getName(), folder.toString(), String.valueOf(run)));
                exit = new ProcessBuilder(command).inheritIO().start().waitFor();
                if (exit != 0) {
                    System.out.println("child JVM (-Xmx512m) of run " + run + " exited with " + exit);
                }
            }
        } finally {
            if (!kept) {
                TempTree.delete(folder);
            }
        }
        System.exit(exit);
    }

    /** exec:java runs the bench in a class loader of its own: its URLs are the classpath the child needs. */
    private static String classPath() {
        if (StateTableBench.class.getClassLoader() instanceof URLClassLoader loader) {
            List<String> entries = new ArrayList<>();
            for (var url : loader.getURLs()) {
                entries.add(new File(url.getPath()).getPath());
            }
            return String.join(File.pathSeparator, entries);
        }
        return System.getProperty("java.class.path");
    }

    /** The child: the window on the store. */
    public static final class Child {

        public static void main(String[] args) throws Exception {
            FxBench.startHeadless();
            Path folder = Path.of(args[0]);
            measure(folder, Integer.parseInt(args[1]));
            Platform.exit();
            System.exit(0);
        }

        private static void measure(Path folder, int run) throws Exception {
            MainWindow window = FxBench.window(null);
            @SuppressWarnings("unchecked")
            TableView<StateRowView> table = onFx(() -> (TableView<StateRowView>) window.scene().lookup("#stateTable"));
            Label summary = onFx(() -> (Label) window.scene().lookup("#stateSummary"));
            StateViewModel state = window.model().state();
            long start = System.nanoTime();
            onFx(() -> {
                window.model().open(folder);
                return null;
            });
            if (Boolean.getBoolean("bench.trace")) {
                onFx(() -> {
                    summary.textProperty().addListener((p, o, text) -> System.out.printf("  %.0f ms: %s%n",
                            (System.nanoTime() - start) / 1e6, text.length() > 90 ? text.substring(0, 90) : text));
                    return null;
                });
            }
            double firstRows = waitFor(start, () -> onFxQuiet(() -> !table.getItems().isEmpty()));
            // the rows the panel keeps (StateRowStore's budget: an eighth of the heap), the rest counted
            double loaded = waitFor(start, () -> onFxQuiet(() -> !summary.getText().startsWith("Reading")
                    && state.progressProperty().get() >= 1));
            System.gc();
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            int rows = onFx(() -> table.getItems().size());
            String counted = onFx(() -> summary.getText().split(" · ")[0]);

            Random random = new Random(run);
            long worstScroll = 0;
            long totalScroll = 0;
            long scrollCpu = 0;
            int scrolls = 20;
            for (int i = 0; i < scrolls; i++) {
                int to = random.nextInt(rows);
                long t = System.nanoTime();
                scrollCpu += FxPulse.after(table.getScene(), () -> table.scrollTo(to)).cpuNanos();
                long took = System.nanoTime() - t;
                worstScroll = Math.max(worstScroll, took);
                totalScroll += took;
            }

            AtomicInteger changes = new AtomicInteger();
            onFx(() -> {
                table.getItems().addListener((ListChangeListener<StateRowView>) change -> changes.incrementAndGet());
                return null;
            });
            Stall stall = new Stall();
            stall.start();
            int before = changes.get();
            long filterStart = System.nanoTime();
            onFx(() -> {
                state.filterProperty().set("\"customer_id\":4242");
                return null;
            });
            double filter = waitFor(filterStart, () -> changes.get() > before && onFxQuiet(() -> state.progressProperty().get() >= 1));
            int filtered = onFx(() -> table.getItems().size());
            onFx(() -> {
                state.filterProperty().set("");
                return null;
            });
            waitFor(System.nanoTime(), () -> onFxQuiet(() -> table.getItems().size() == rows));
            int beforeSort = changes.get();
            long sortStart = System.nanoTime();
            onFx(() -> {
                state.sortBy("value:sum", false);
                return null;
            });
            double sort = waitFor(sortStart, () -> changes.get() > beforeSort && onFxQuiet(() -> state.progressProperty().get() >= 1));
            String top = onFx(() -> table.getItems().get(0).value());
            long worstStall = stall.stop();

            System.out.printf("run %d (child JVM, -Xmx512m, load average %s): %,d rows in the table (%s); first rows in #stateTable %.0f ms after opening (anchor: within 1,000 ms);"
                            + " all rows read %.0f ms; heap after load %d MB of 512; scroll to a random row %.1f ms of FX-thread CPU, %.1f ms"
                            + " wall (worst %.1f ms); key filter %.0f ms (%d rows match); sort by value:sum %.0f ms (top: %s);"
                            + " longest FX-thread stall while filtering and sorting %.0f ms%n",
                    run, loadAverage(), rows, counted, firstRows, loaded, heap >> 20, scrollCpu / 1e6 / scrolls, totalScroll / 1e6 / scrolls, worstScroll / 1e6, filter, filtered,
                    sort, top, worstStall / 1e6);
        }

        /** The machine's 1-minute load average: on 2 shared cores the figures follow it. */
        private static String loadAverage() {
            try {
                return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
            } catch (java.io.IOException e) {
                return "unknown";
            }
        }

        private static boolean onFxQuiet(java.util.function.Supplier<Boolean> check) {
            try {
                return onFx(check);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        /** Milliseconds from {@code start} until {@code done}, polled every millisecond (5 minutes at most). */
        private static double waitFor(long start, BooleanSupplier done) throws InterruptedException {
            long deadline = start + 300_000_000_000L;
            while (!done.getAsBoolean()) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("timed out");
                }
                Thread.sleep(1);
            }
            return (System.nanoTime() - start) / 1e6;
        }
    }

    /** The longest the FX thread took to run a 1 ms heartbeat while it ran. */
    private static final class Stall {
        private volatile boolean running = true;
        private long worst;
        private Thread thread;

        void start() {
            thread = new Thread(() -> {
                while (running) {
                    long t = System.nanoTime();
                    try {
                        onFx(() -> null);
                    } catch (Exception e) {
                        return;
                    }
                    worst = Math.max(worst, System.nanoTime() - t);
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            thread.setDaemon(true);
            thread.start();
        }

        long stop() throws InterruptedException {
            running = false;
            thread.join();
            return worst;
        }
    }
}
