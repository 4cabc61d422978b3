package io.streamscope.ui.state;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.bench.SyntheticStateStore;
import io.streamscope.checkpoint.Json;
import io.streamscope.fuzz.ChildJvm;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A store whose keys all lie in one partition (a query run with {@code spark.sql.shuffle.partitions=1}), 300,000 of
 * them, read in a small heap (80 MB) in a JVM of its own (serial collector, C1, as {@link ChildJvm} runs the jar): the
 * {@code state} command and the window's state pass hand a partition's rows out in parts as they are made, so the
 * heap holds the partition's records once, not also its JSON or its marked rows whole. In 80 MB both ended in
 * OutOfMemoryError before ({@code state}: "internal error", its JSON cut short). Where even the records do not fit,
 * the answer is whole and says which partition was left out and how to give Java more memory.
 */
class OnePartitionInHeapTest {

    private static final int KEYS = 300_000;
    /** Batches 1 and 2 each update every tenth key (SyntheticStateStore's layout). */
    private static final int UPDATED_BY_LAST_BATCH = KEYS / 10;

    @TempDir
    static Path temp;
    static Path store;

    @BeforeAll
    static void writeStore() throws Exception {
        store = Files.createDirectories(temp.resolve("one-partition"));
        SyntheticStateStore.write(store, KEYS, 1);
    }

    @Test
    void theStateCommandPrintsEveryRowOfOneLargePartitionInASmallHeap() throws Exception {
        ChildJvm.Result result = ChildJvm.launch("80m", 120, "state", store.toString(), "--batch", "2");
        assertEquals(0, result.exitCode(), result.err());
        JsonNode json = Json.mapper().readTree(result.out());
        assertEquals(KEYS, json.path("rows").size());
        assertEquals(0, json.path("problems").size(), json.path("problems").toString());
        java.util.BitSet keys = new java.util.BitSet(KEYS);
        for (JsonNode row : json.path("rows")) { // each of the keys the store was written with, once
            int key = row.path("key").elements().next().asInt();
            assertTrue(key >= 0 && key < KEYS && !keys.get(key), row.toString());
            keys.set(key);
        }
    }

    @Test
    void tooSmallAHeapSaysWhichPartitionAndHowToGiveJavaMore() throws Exception {
        ChildJvm.Result result = ChildJvm.launch("40m", 120, "state", store.toString(), "--batch", "2");
        assertEquals(0, result.exitCode(), result.err());
        assertTrue(result.err().isBlank() || !result.err().contains("internal error"), result.err());
        JsonNode json = Json.mapper().readTree(result.out()); // whole: the JSON is not cut short
        // one for the partition: its first file that did not fit, not the same again for each file after it
        assertEquals(1, json.path("problems").size(), json.path("problems").toString());
        for (JsonNode problem : json.path("problems")) {
            String message = problem.path("message").asText();
            assertTrue(problem.path("path").asText().startsWith("state/0/0"), problem.toString());
            assertTrue(message.matches(".*the Java heap may grow to (3[0-9]|40) MB here; give Java more, as JAVA_TOOL_OPTIONS=-Xmx2g.*"), message);
        }
    }

    @Test
    void theWindowsPassCountsEveryRowOfOneLargePartitionInASmallHeap() throws Exception {
        ChildJvm.Result result = ChildJvm.run("80m", 120, StatePassInHeap.class.getName(), store.toString());
        assertEquals(0, result.exitCode(), result.err());
        List<String> lines = result.out().lines().toList();
        assertEquals("rows " + KEYS, lines.get(0), result.out());
        assertEquals("updated " + UPDATED_BY_LAST_BATCH, lines.get(1), result.out());
        long kept = Long.parseLong(lines.get(2).substring("kept ".length()));
        assertTrue(kept > 0 && kept < KEYS, "the table holds what its budget allows: " + kept);
        assertEquals(3, lines.size(), "no problem: " + result.out());
    }
}
