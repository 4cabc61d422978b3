package io.streamscope.bench;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.storage.HadoopSettings;
import io.streamscope.storage.Locations;
import io.streamscope.storage.SlowListingHdfs;
import io.streamscope.storage.TestHdfs;
import org.apache.hadoop.fs.GlobalStorageStatistics;
import org.apache.hadoop.fs.StorageStatistics;
import org.apache.hadoop.hdfs.DFSOpsCountStatistics;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Opening a remote checkpoint with a 200-partition store (the shop sample laid wide on the in-process HDFS, as in
 * {@code RemoteCallCountTest}) through a client whose every listing and status call takes 20 ms more
 * ({@link SlowListingHdfs}: an object store's round trip). The anchor is what those calls cost one after another, as the
 * reader made them before it listed the state's folders ahead: their number (HDFS's own client statistics) × 20 ms.
 * Five reads after one to warm up; medians and ranges.
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.RemoteOpenBench}
 */
public final class RemoteOpenBench {

    private static final int PARTITIONS = 200;
    private static final long ROUND_TRIP_MS = 20;
    private static final int RUNS = 5;

    private RemoteOpenBench() {
    }

    public static void main(String[] args) throws Exception {
        String wide = "/bench/shop-totals-" + PARTITIONS;
        TestHdfs.layWide(Path.of("sample-checkpoints/shop-totals-update"), wide, PARTITIONS);
        HadoopSettings slow = HadoopSettings.parse(List.of("fs.hdfs.impl=" + SlowListingHdfs.class.getName(),
                "fs.hdfs.impl.disable.cache=true", "streamscope.bench.roundTripMs=" + ROUND_TRIP_MS));
        StorageStatistics calls = GlobalStorageStatistics.INSTANCE.get(DFSOpsCountStatistics.NAME);
        List<Long> millis = new ArrayList<>();
        long listings = 0;
        long statuses = 0;
        for (int run = 0; run <= RUNS; run++) {
            Path checkpoint = Locations.open(TestHdfs.uri() + wide, slow);
            calls.reset();
            long start = System.nanoTime();
            Checkpoint read = CheckpointReader.read(checkpoint);
            long took = (System.nanoTime() - start) / 1_000_000;
            if (read.stateOperators().get(0).stores().get(0).numPartitions() != PARTITIONS) {
                throw new IllegalStateException("the store read has not " + PARTITIONS + " partitions");
            }
            if (run > 0) {
                millis.add(took);
                listings = calls.getLong(DFSOpsCountStatistics.OpType.LIST_STATUS.getSymbol());
                statuses = calls.getLong(DFSOpsCountStatistics.OpType.GET_FILE_STATUS.getSymbol());
            }
        }
        long oneAfterAnother = (listings + statuses) * ROUND_TRIP_MS;
        System.out.printf("opening a %d-partition checkpoint on HDFS, %d ms a listing or status call, medians of %d%n",
                PARTITIONS, ROUND_TRIP_MS, RUNS);
        System.out.printf("  the calls one after another (anchor)  %d listings + %d status calls = %.2f s%n",
                listings, statuses, oneAfterAnother / 1000.0);
        System.out.printf("  CheckpointReader.read                 %s = %.1f× sooner%n", WholeProcess.seconds(millis),
                oneAfterAnother / (double) WholeProcess.median(millis));
        System.exit(0); // the in-process HDFS's threads
    }
}
