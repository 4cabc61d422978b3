package io.streamscope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.storage.TestHdfs;
import io.streamscope.storage.WriteFailingHdfs;
import org.apache.hadoop.fs.GlobalStorageStatistics;
import org.apache.hadoop.fs.StorageStatistics;
import org.apache.hadoop.hdfs.DFSOpsCountStatistics;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A state store of 200 partitions on a real HDFS opens with O(partitions) remote calls: one listing per folder, one
 * open per file read, no status call per file. Counted by HDFS's own client statistics (DFSOpsCountStatistics).
 */
class RemoteCallCountTest {

    static final int PARTITIONS = 200;
    private static final Path SAMPLE = Path.of("sample-checkpoints/shop-totals-update");
    private static final String WIDE = "/wide/shop-totals-200";

    /** The sample as if it ran with 200 shuffle partitions ({@link TestHdfs#layWide}). */
    @BeforeAll
    static void layWideStore() throws Exception {
        TestHdfs.layWide(SAMPLE, WIDE, PARTITIONS);
    }

    @Test
    void inspectAndStateOfTwoHundredPartitionsCostOPartitionsCalls() throws Exception {
        WriteFailingHdfs.forget();
        String uri = TestHdfs.uri() + WIDE;
        String[] conf = {"--conf", "fs.hdfs.impl=" + WriteFailingHdfs.class.getName()};

        Map<String, Long> inspectCalls = counted(() -> {
            JsonNode inspect = CliRun.ok(concat(new String[]{"inspect", uri}, conf));
            JsonNode store = inspect.path("stateOperators").path(0).path("stores").path(0);
            assertEquals(PARTITIONS, store.path("numPartitions").asInt(), inspect::toPrettyString);
        });
        Map<String, Long> stateCalls = counted(() -> {
            JsonNode state = CliRun.ok(concat(new String[]{"state", uri}, conf));
            java.util.Set<Integer> partitions = new java.util.TreeSet<>();
            state.path("rows").forEach(row -> partitions.add(row.path("partition").asInt()));
            assertEquals(PARTITIONS, partitions.size(), "every partition's rows are read");
        });
        System.out.println("remote calls for a " + PARTITIONS + "-partition store: inspect " + inspectCalls
                + ", state " + stateCalls);
        assertEquals(List.of(), WriteFailingHdfs.attempts());

        // Status calls are for the checkpoint's own files (metadata, offsets/, commits/): a few dozen, none per partition.
        // inspect lists each partition folder (at most twice: a listing a second old is listed anew) and reads no state file
        assertTrue(inspectCalls.get("op_list_status") <= 2 * PARTITIONS + 30, () -> "inspect: " + inspectCalls);
        assertTrue(inspectCalls.get("op_get_file_status") <= 50, () -> "inspect, a status call per file: " + inspectCalls);
        assertTrue(inspectCalls.get("op_open") <= 30, () -> "inspect opened state files: " + inspectCalls);
        // state opens each of the 200 partitions' files of the version once (3 deltas each), and no more
        assertTrue(stateCalls.get("op_list_status") <= 2 * PARTITIONS + 30, () -> "state: " + stateCalls);
        assertTrue(stateCalls.get("op_get_file_status") <= 50, () -> "state, a status call per file: " + stateCalls);
        assertTrue(stateCalls.get("op_open") <= 3 * PARTITIONS + 30, () -> "state: " + stateCalls);
        assertTrue(stateCalls.get("op_open") >= PARTITIONS, () -> "state must open every partition: " + stateCalls);
    }

    private interface Run {
        void run() throws Exception;
    }

    private static Map<String, Long> counted(Run run) throws Exception {
        StorageStatistics statistics = GlobalStorageStatistics.INSTANCE.get(DFSOpsCountStatistics.NAME);
        statistics.reset();
        run.run();
        Map<String, Long> calls = new TreeMap<>();
        for (String op : List.of("op_list_status", "op_get_file_status", "op_open", "op_list_located_status")) {
            Long value = statistics.getLong(op);
            calls.put(op, value == null ? 0 : value);
        }
        return calls;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
