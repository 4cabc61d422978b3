package io.streamscope.bench;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.state.StateReader;
import io.streamscope.checkpoint.state.StoreListings;
import io.streamscope.storage.HadoopSettings;
import io.streamscope.storage.Locations;
import io.streamscope.storage.SlowListingHdfs;
import io.streamscope.storage.TestHdfs;
import io.streamscope.task.Work;
import io.streamscope.ui.state.StateSnapshot;
import io.streamscope.ui.state.StateSnapshotLoader;
import io.streamscope.ui.state.StoreChoice;
import org.apache.hadoop.fs.GlobalStorageStatistics;
import org.apache.hadoop.fs.StorageStatistics;
import org.apache.hadoop.hdfs.DFSOpsCountStatistics;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A step of the window's state table on a remote checkpoint: the state after a batch of a 200-partition store (the shop
 * sample laid wide on the in-process HDFS, as {@link RemoteOpenBench} does) read as the window reads it at each step
 * ({@link StateSnapshotLoader}, the folders' listings kept from step to step), through a client whose every listing, status call and file opened takes 20 ms more
 * ({@link SlowListingHdfs}: an object store's round trip). The anchor is what those calls cost one after another: their
 * number (HDFS's own client statistics) × 20 ms. One step to warm up, then five at each of the three batches in turn;
 * then the rows after batch 2 read whole, as the replay's state check reads them, six times (the first to warm up).
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.RemoteStateBench
 * [-Dexec.args=RUNS]}
 */
public final class RemoteStateBench {

    private static final int PARTITIONS = 200;
    private static final long ROUND_TRIP_MS = 20;
    private static final int RUNS = 5;

    private RemoteStateBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : RUNS;
        String wide = "/bench/shop-totals-state-" + PARTITIONS;
        TestHdfs.layWide(Path.of("sample-checkpoints/shop-totals-update"), wide, PARTITIONS);
        HadoopSettings slow = HadoopSettings.parse(List.of("fs.hdfs.impl=" + SlowListingHdfs.class.getName(),
                "fs.hdfs.impl.disable.cache=true", "streamscope.bench.roundTripMs=" + ROUND_TRIP_MS,
                "streamscope.bench.slowOpens=true"));
        Checkpoint checkpoint = CheckpointReader.read(Locations.open(TestHdfs.uri() + wide, slow));
        StoreChoice store = StoreChoice.of(checkpoint).get(0);
        StorageStatistics calls = GlobalStorageStatistics.INSTANCE.get(DFSOpsCountStatistics.NAME);
        StoreListings listings = new StoreListings(); // as the window keeps them while it shows one checkpoint
        List<Long> millis = new ArrayList<>();
        long requests = 0;
        for (int run = 0; run <= runs * 3; run++) {
            long batch = run % 3;
            calls.reset();
            long start = System.nanoTime();
            StateSnapshot snapshot = StateSnapshotLoader.stream(checkpoint, store, batch, Optional.empty(), model -> { },
                    Work.NONE, listings).snapshot(1000);
            long took = (System.nanoTime() - start) / 1_000_000;
            if (!snapshot.problems().isEmpty() || snapshot.rows().isEmpty()) {
                throw new IllegalStateException("batch " + batch + ": " + snapshot.problems() + ", "
                        + snapshot.rows().size() + " rows");
            }
            if (run == 1) {
                System.out.println("the calls of a step to batch 1 after the first: " + nonZero(calls));
            }
            if (run > 0) {
                millis.add(took);
                requests += roundTrips(calls);
            }
        }
        long perStep = requests / (runs * 3);
        System.out.printf("a state step on a %d-partition store on HDFS, %d ms a listing, status call or open, "
                + "medians of %d%n", PARTITIONS, ROUND_TRIP_MS, runs * 3);
        System.out.printf("  the calls one after another (anchor)  %d a step = %.2f s%n", perStep,
                perStep * ROUND_TRIP_MS / 1000.0);
        System.out.printf("  StateSnapshotLoader.stream            %s = %.1f× sooner%n", WholeProcess.seconds(millis),
                perStep * ROUND_TRIP_MS / (double) WholeProcess.median(millis));
        rowsAfterBatch2(checkpoint, store, calls, runs);
        System.exit(0); // the in-process HDFS's threads
    }

    /** The rows after batch 2 read whole, as the replay's state check reads them: a reader of its own each time. */
    private static void rowsAfterBatch2(Checkpoint checkpoint, StoreChoice store, StorageStatistics calls, int runs) {
        List<Long> millis = new ArrayList<>();
        long requests = 0;
        for (int run = 0; run <= runs; run++) {
            calls.reset();
            long[] rows = {0};
            long start = System.nanoTime();
            StateReader reader = StateReader.open(checkpoint, store.operator(), store.store(), Optional.empty());
            reader.rows(2, row -> rows[0]++);
            long took = (System.nanoTime() - start) / 1_000_000;
            if (!reader.problems().isEmpty() || rows[0] == 0) {
                throw new IllegalStateException("the rows after batch 2: " + reader.problems() + ", " + rows[0] + " rows");
            }
            if (run > 0) {
                millis.add(took);
                requests += roundTrips(calls);
            }
        }
        long each = requests / runs;
        System.out.printf("the rows after batch 2 read whole (StateReader.rows, the replay's state check), medians of %d%n",
                runs);
        System.out.printf("  the calls one after another (anchor)  %d = %.2f s%n", each, each * ROUND_TRIP_MS / 1000.0);
        System.out.printf("  StateReader.rows                      %s = %.1f× sooner%n", WholeProcess.seconds(millis),
                each * ROUND_TRIP_MS / (double) WholeProcess.median(millis));
    }

    /** The calls {@link SlowListingHdfs} makes wait: listings, status calls and opens. */
    private static long roundTrips(StorageStatistics calls) {
        return calls.getLong(DFSOpsCountStatistics.OpType.LIST_STATUS.getSymbol())
                + calls.getLong(DFSOpsCountStatistics.OpType.GET_FILE_STATUS.getSymbol())
                + calls.getLong(DFSOpsCountStatistics.OpType.OPEN.getSymbol());
    }

    private static List<String> nonZero(StorageStatistics calls) {
        List<String> counted = new ArrayList<>();
        calls.getLongStatistics().forEachRemaining(one -> {
            if (one.getValue() > 0) {
                counted.add(one.getName() + " " + one.getValue());
            }
        });
        return counted;
    }
}
