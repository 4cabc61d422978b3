package io.streamscope.follow;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;
import io.streamscope.cli.Cli;
import org.testfx.util.WaitForAsyncUtils;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code watch} run on a thread of its own while a test lays a checkpoint, and the scenario both live tests (a local
 * folder, the in-process HDFS) lay: three batches in Spark's order, batch 1's commit written in two halves.
 */
final class WatchRun {

    /** The events the scenario must print, one summary each ({@link #summary}). */
    static final List<String> SCENARIO_EVENTS = List.of("metadata", "planned 0", "state 0", "committed 0", "planned 1",
            "state 1", "committed 1", "planned 2", "state 2", "committed 2");

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final AtomicInteger exit = new AtomicInteger(-1);
    private final Thread command;

    WatchRun(String... args) {
        OutputStream sink = new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (WatchRun.this) {
                    printed.write(b);
                }
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                synchronized (WatchRun.this) {
                    printed.write(bytes, offset, length);
                }
            }
        };
        command = new Thread(() -> exit.set(Cli.run(args, new PrintStream(sink, true, StandardCharsets.UTF_8), System.err)),
                "watch");
        command.start();
    }

    synchronized List<String> lines() {
        return printed.toString(StandardCharsets.UTF_8).lines().toList();
    }

    void awaitLines(int count) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> lines().size() >= count);
    }

    /** Waits for the command to end; its exit code, or -1 while it still runs. */
    int join() throws InterruptedException {
        command.join(TimeUnit.SECONDS.toMillis(30));
        return command.isAlive() ? -1 : exit.get();
    }

    List<String> events() {
        return lines().stream().map(WatchRun::summary).toList();
    }

    /**
     * The scenario, each step waiting for the event it causes: start, batch 0 (plan; state and commit), batch 1 with
     * its commit half-written a while (polls happen on it meanwhile), then finished, then batch 2.
     */
    void layScenario(SparkWrites spark) throws Exception {
        spark.start();
        awaitLines(1);
        spark.plan(0);
        awaitLines(2);
        spark.state(0);
        spark.commit(0);
        awaitLines(4);
        spark.plan(1);
        spark.state(1);
        spark.halfWritten("commits/1");
        awaitLines(5);
        Thread.sleep(300); // a poll or two happen on the half-written file (no assertion on time, only on output)
        spark.finish("commits/1");
        awaitLines(7);
        spark.batch(2);
    }

    static String summary(String line) {
        try {
            JsonNode event = Json.mapper().readTree(line);
            String kind = event.get("event").asText();
            return event.has("batchId") ? kind + " " + event.get("batchId").asLong() : kind;
        } catch (Exception e) {
            throw new AssertionError("not a JSON line: " + line, e);
        }
    }
}
