package io.streamscope.follow;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real Spark checkpoint (shop-totals-update) laid into an empty folder file by file in Spark's order — metadata,
 * then per batch offsets/N, the state, commits/N, each written to a temp name and renamed — with a poll after every
 * step: the events arrive in order, once each, and a half-written file raises nothing until it is whole.
 */
class CheckpointWatcherTest {

    private static final Path SAMPLE = Path.of("sample-checkpoints/shop-totals-update");

    @TempDir
    Path live;

    /** Spark's CheckpointFileManager: write {@code .name.<uuid>.tmp}, then rename it into place. */
    private void write(String relative) throws Exception {
        Path target = live.resolve(relative);
        Files.createDirectories(target.getParent());
        Path temp = target.resolveSibling("." + target.getFileName() + ".5b7e2c1a.tmp");
        Files.copy(SAMPLE.resolve(relative), temp);
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
    }

    private static List<String> seen(CheckpointWatcher watcher) {
        List<String> events = new ArrayList<>();
        watcher.poll().forEach(event -> events.add(event.kind().label() + " " + event.batchId()));
        return events;
    }

    @Test
    void eventsArriveAsSparkWritesTheFiles() throws Exception {
        CheckpointWatcher watcher = new CheckpointWatcher(live);
        assertEquals(List.of(), seen(watcher), "an empty folder: nothing yet");
        write("metadata");
        write("sources/0/0");
        for (int batch = 0; batch < 3; batch++) {
            write("offsets/" + batch);
            assertEquals(List.of("planned " + batch), seen(watcher));
            for (int partition = 0; partition < 2; partition++) {
                write("state/0/" + partition + "/" + (batch + 1) + ".delta");
            }
            assertEquals(List.of(), seen(watcher), "state files are no log event");
            write("commits/" + batch);
            assertEquals(List.of("committed " + batch), seen(watcher));
            assertTrue(watcher.committed(batch));
        }
        assertEquals(List.of(), seen(watcher), "nothing twice");
    }

    @Test
    void aHalfWrittenFileIsTriedAgainNeverReported() throws Exception {
        CheckpointWatcher watcher = new CheckpointWatcher(live);
        write("metadata");
        byte[] whole = Files.readAllBytes(SAMPLE.resolve("offsets/0"));
        Files.createDirectories(live.resolve("offsets"));
        // a store without atomic rename: the file exists with half its bytes
        Files.write(live.resolve("offsets/0"), java.util.Arrays.copyOf(whole, whole.length / 2));
        assertEquals(List.of(), seen(watcher));
        Files.write(live.resolve("offsets/0"), whole);
        assertEquals(List.of("planned 0"), seen(watcher));
    }

    @Test
    void theWatchCommandPrintsOneLinePerEventAndStopsAtTheBatch() throws Exception {
        io.streamscope.checkpoint.FolderSnapshot.copyTree(SAMPLE, live.resolve("copy"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = io.streamscope.cli.Cli.run(new String[] {"watch", live.resolve("copy").toString(), "--until-batch", "1",
                "--timeout", "30"}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        assertEquals(0, exit);
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals("{\"event\":\"planned\",\"batchId\":0,\"endOffsets\":[{\"orders\":{\"0\":4}}],\"watermarkMs\":0}",
                lines.get(0));
        assertEquals("{\"event\":\"committed\",\"batchId\":0,\"nextWatermarkMs\":0}", lines.get(1));
        assertEquals(6, lines.size(), "the three batches already there; it stops once batch 1 is committed: " + lines);
        ByteArrayOutputStream timedOut = new ByteArrayOutputStream();
        io.streamscope.cli.Cli.run(new String[] {"watch", live.resolve("copy").toString(), "--until-batch", "9",
                "--timeout", "0"}, new PrintStream(timedOut, true, StandardCharsets.UTF_8), System.err);
        assertTrue(timedOut.toString(StandardCharsets.UTF_8).strip().endsWith("{\"event\":\"timeout\"}"));
    }
}
