package io.streamscope.follow;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;
import io.streamscope.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code watch} running while the test writes a real checkpoint into its folder file by file as Spark does, a
 * half-written commit among them: each event is printed as its file lands, in Spark's order, none twice, no problem,
 * and the command exits once the batch asked for has committed.
 */
class WatchCommandLiveTest {

    @TempDir
    Path live;

    /** What the commands that run on this thread printed. */
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private List<String> lines() {
        return printed.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void printsEachEventAsSparkWritesItAndStopsAtTheBatch() throws Exception {
        WatchRun watch = new WatchRun("watch", live.toString(), "--until-batch", "2", "--timeout", "120");
        watch.layScenario(new SparkWrites(CheckpointWatcherTest.SAMPLE, live));
        assertEquals(0, watch.join(), "exits once batch 2 is committed");
        List<String> lines = watch.lines();
        assertEquals(WatchRun.SCENARIO_EVENTS, watch.events(), String.join("\n", lines));
        JsonNode planned = Json.mapper().readTree(lines.get(1));
        assertEquals("{\"orders\":{\"0\":4}}", planned.get("endOffsets").get(0).toString(), "offsets as Spark wrote them");
        JsonNode state = Json.mapper().readTree(lines.get(2));
        assertEquals(0, state.get("operatorId").asInt());
        assertEquals("default", state.get("storeName").asText());
        assertEquals(1, state.get("version").asLong());
        assertTrue(Json.mapper().readTree(lines.get(0)).get("queryId").asText().length() > 8);
    }

    @Test
    void theTimeoutIsAnEvent() {
        new SparkWrites(CheckpointWatcherTest.SAMPLE, live).start();
        int exit = Cli.run(new String[] {"watch", live.toString(), "--until-batch", "9", "--timeout", "0"},
                new PrintStream(printed, true, StandardCharsets.UTF_8), System.err);
        assertEquals(0, exit);
        assertEquals(List.of("metadata", "timeout"), lines().stream().map(WatchRun::summary).toList());
    }

    @Test
    void aFileThatStaysDamagedIsOneProblemLine() throws Exception {
        SparkWrites spark = new SparkWrites(CheckpointWatcherTest.SAMPLE, live);
        spark.start();
        spark.batch(0);
        java.nio.file.Files.writeString(live.resolve("offsets/1"), "v1\n{\"batchWatermarkMs\":0,"); // cut short for good
        int exit = Cli.run(new String[] {"watch", live.toString(), "--until-batch", "1", "--timeout", "7", "--interval", "100"},
                new PrintStream(printed, true, StandardCharsets.UTF_8), System.err);
        assertEquals(0, exit);
        List<String> lines = lines();
        assertEquals(List.of("metadata", "planned 0", "state 0", "committed 0", "problem 1", "timeout"),
                lines.stream().map(WatchRun::summary).toList(), String.join("\n", lines));
        JsonNode problem = Json.mapper().readTree(lines.get(4));
        assertEquals("offsets/1", problem.get("path").asText());
        assertTrue(problem.get("message").asText().length() > 5, problem.toString());
    }
}
