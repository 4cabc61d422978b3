package io.streamscope.follow;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;
import io.streamscope.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code watch} running while the test writes a real checkpoint into its folder file by file as Spark does, a
 * half-written commit among them: each event is printed as its file lands, in Spark's order, none twice, no problem,
 * and the command exits once the batch asked for has committed.
 */
class WatchCommandLiveTest {

    @TempDir
    Path live;

    /** What the command printed so far; it prints from its own thread. */
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private synchronized List<String> lines() {
        return printed.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private void awaitLines(int count) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> lines().size() >= count);
    }

    @Test
    void printsEachEventAsSparkWritesItAndStopsAtTheBatch() throws Exception {
        SparkWrites spark = new SparkWrites(CheckpointWatcherTest.SAMPLE, live);
        AtomicInteger exit = new AtomicInteger(-1);
        OutputStream sink = new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (WatchCommandLiveTest.this) {
                    printed.write(b);
                }
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                synchronized (WatchCommandLiveTest.this) {
                    printed.write(bytes, offset, length);
                }
            }
        };
        Thread command = new Thread(() -> exit.set(Cli.run(new String[] {"watch", live.toString(), "--until-batch", "2",
                "--timeout", "120"}, new PrintStream(sink, true, StandardCharsets.UTF_8), System.err)), "watch");
        command.start();
        spark.start();
        awaitLines(1);
        spark.plan(0);
        awaitLines(2);
        spark.state(0);
        spark.commit(0);
        awaitLines(4);
        spark.plan(1);
        spark.state(1);
        spark.halfWritten("commits/1"); // a store without atomic rename, mid-write
        awaitLines(5);
        Thread.sleep(300); // a poll or two happen on the half-written file (no assertion on time, only on output)
        spark.finish("commits/1");
        awaitLines(7);
        spark.batch(2);
        command.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(command.isAlive(), "exits once batch 2 is committed");
        assertEquals(0, exit.get());
        List<String> lines = lines();
        List<String> events = lines.stream().map(WatchCommandLiveTest::summary).toList();
        assertEquals(List.of("metadata", "planned 0", "state 0", "committed 0", "planned 1", "state 1", "committed 1",
                "planned 2", "state 2", "committed 2"), events, String.join("\n", lines));
        JsonNode planned = Json.MAPPER.readTree(lines.get(1));
        assertEquals("{\"orders\":{\"0\":4}}", planned.get("endOffsets").get(0).toString(), "offsets as Spark wrote them");
        JsonNode state = Json.MAPPER.readTree(lines.get(2));
        assertEquals(0, state.get("operatorId").asInt());
        assertEquals("default", state.get("storeName").asText());
        assertEquals(1, state.get("version").asLong());
        assertTrue(Json.MAPPER.readTree(lines.get(0)).get("queryId").asText().length() > 8);
    }

    @Test
    void theTimeoutIsAnEvent() {
        new SparkWrites(CheckpointWatcherTest.SAMPLE, live).start();
        int exit = Cli.run(new String[] {"watch", live.toString(), "--until-batch", "9", "--timeout", "0"},
                new PrintStream(printed, true, StandardCharsets.UTF_8), System.err);
        assertEquals(0, exit);
        assertEquals(List.of("metadata", "timeout"), lines().stream().map(WatchCommandLiveTest::summary).toList());
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
                lines.stream().map(WatchCommandLiveTest::summary).toList(), String.join("\n", lines));
        JsonNode problem = Json.MAPPER.readTree(lines.get(4));
        assertEquals("offsets/1", problem.get("path").asText());
        assertTrue(problem.get("message").asText().length() > 5, problem.toString());
    }

    private static String summary(String line) {
        try {
            JsonNode event = Json.MAPPER.readTree(line);
            String kind = event.get("event").asText();
            return event.has("batchId") ? kind + " " + event.get("batchId").asLong() : kind;
        } catch (Exception e) {
            throw new AssertionError("not a JSON line: " + line, e);
        }
    }
}
