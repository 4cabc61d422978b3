package io.streamscope.bench;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.state.StateReader;
import io.streamscope.checkpoint.state.StoreListings;
import io.streamscope.task.Work;
import io.streamscope.ui.state.StateQuery;
import io.streamscope.ui.state.StateRowStore;
import io.streamscope.ui.state.StateSnapshotLoader;
import io.streamscope.ui.state.StoreChoice;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Benchmark of the state panel's one pass ({@link StateSnapshotLoader#stream}: every row of a store after its last
 * batch, marked against the batch before, kept up to the panel's budget and counted) without the window, in-process,
 * against its anchor: the same store's rows rebuilt and handed out alone ({@link StateReader#forEachRow}, as the
 * {@code state} command reads them, without writing them). Seven runs each, alternating, the first two of each
 * taken as warm-up. Run on a bench store ({@code StateTargetsBench} writes them) in the heap a user may give:
 * {@code MAVEN_OPTS=-Xmx512m mvn -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.streamscope.bench.StatePassBench -Dexec.args=target/bench-state/hdfs10m}
 */
public final class StatePassBench {

    private static final int RUNS = 7;
    private static final int WARM_UP = 2;

    private StatePassBench() {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args.length > 0 ? args[0] : "target/bench-state/hdfs");
        if (!Files.exists(folder.resolve("metadata"))) {
            System.out.println("StatePassBench: no store at " + folder + " (StateTargetsBench writes target/bench-state/)");
            return;
        }
        Checkpoint checkpoint = CheckpointReader.read(folder);
        StoreChoice store = StoreChoice.of(checkpoint).get(0);
        long batch = checkpoint.batches().lastKey();
        long budget = StateRowStore.budgetFor(Runtime.getRuntime().maxMemory());
        List<Long> pass = new ArrayList<>();
        List<Long> rebuilt = new ArrayList<>();
        long kept = 0;
        long counted = 0;
        long rows = 0;
        for (int run = 0; run < RUNS; run++) {
            long start = System.nanoTime();
            StateSnapshotLoader.Loaded loaded = StateSnapshotLoader.stream(checkpoint, store, batch, Optional.empty(),
                    model -> { }, Work.NONE, new StoreListings(), budget, StateQuery.ALL);
            long passMillis = (System.nanoTime() - start) / 1_000_000;
            kept = loaded.store().size();
            counted = loaded.store().total();
            loaded = null;
            start = System.nanoTime();
            long[] seen = {0};
            StateReader.open(checkpoint, store.operator(), store.store(), Optional.empty()).forEachRow(batch, row -> seen[0]++);
            long rebuiltMillis = (System.nanoTime() - start) / 1_000_000;
            rows = seen[0];
            if (run >= WARM_UP) {
                pass.add(passMillis);
                rebuilt.add(rebuiltMillis);
            }
            System.out.printf("run %d: pass %,d ms, rows rebuilt alone %,d ms%n", run + 1, passMillis, rebuiltMillis);
        }
        System.out.printf("%s after batch %d, heap at most %d MB, budget %d MB: %,d rows counted, %,d kept%n", folder, batch,
                Runtime.getRuntime().maxMemory() >> 20, budget >> 20, counted, kept);
        System.out.printf("  anchor: the rows rebuilt and handed out alone (%,d)  %s%n", rows, WholeProcess.seconds(rebuilt));
        System.out.printf("  the state panel's pass                            %s = %.2f× the anchor%n", WholeProcess.seconds(pass),
                (double) WholeProcess.median(pass) / WholeProcess.median(rebuilt));
    }
}
