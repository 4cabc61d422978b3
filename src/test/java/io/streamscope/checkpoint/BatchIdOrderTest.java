package io.streamscope.checkpoint;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batch files of a log are listed in the file system's order and put in id order (a slot per id for a run of ids,
 * a tree for ids far apart); the two logs are then walked together. Each case is checked against what the files say.
 */
class BatchIdOrderTest {

    @TempDir
    Path temp;
    private int checkpoints;

    @Test
    void manyBatchesWrittenInAnyOrderComeInIdOrder() throws Exception {
        List<Long> ids = new ArrayList<>();
        for (long id = 40; id < 640; id++) {
            if (id % 7 != 3) { // gaps inside the run
                ids.add(id);
            }
        }
        Collections.shuffle(ids, new Random(16));
        Path folder = checkpoint(ids, ids);
        Checkpoint checkpoint = CheckpointReader.read(folder);
        assertEquals(ids.stream().sorted().toList(), List.copyOf(checkpoint.batches().keySet()));
        for (Batch batch : checkpoint.batches().values()) {
            assertTrue(batch.committed(), "batch " + batch.id());
            Long rows = batch.sources().get(0).numInputRows();
            if (checkpoint.batches().containsKey(batch.id() - 1)) {
                assertEquals(2L, rows, "batch " + batch.id() + " reads from the end of the one before");
            } else {
                assertNull(rows, "batch " + batch.id() + " comes after a gap or first after retention");
            }
        }
    }

    @Test
    void idsFarApartGoThroughATree() throws Exception {
        List<Long> ids = List.of(9_000_000_000L, 5L, 6L, 1_000_000L, Long.MAX_VALUE, 0L);
        Checkpoint checkpoint = CheckpointReader.read(checkpoint(ids, ids));
        assertEquals(ids.stream().sorted().toList(), List.copyOf(checkpoint.batches().keySet()));
        assertEquals(2L, checkpoint.batches().get(6L).sources().get(0).numInputRows());
        assertTrue(checkpoint.batches().get(Long.MAX_VALUE).committed());
    }

    @Test
    void commitsAndOffsetsOfDifferentBatchesAreJoinedById() throws Exception {
        List<Long> offsets = List.of(3L, 4L, 5L, 6L, 7L);
        List<Long> commits = List.of(1L, 2L, 3L, 4L, 6L);
        Checkpoint checkpoint = CheckpointReader.read(checkpoint(offsets, commits));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L), List.copyOf(checkpoint.batches().keySet()));
        assertEquals("1 2 3 4 6", checkpoint.batches().values().stream().filter(Batch::committed)
                .map(batch -> Long.toString(batch.id())).collect(Collectors.joining(" ")));
        assertTrue(checkpoint.batches().get(7L).willReplay());
        assertFalse(checkpoint.batches().get(1L).offsets().isPresent());
        String notes = checkpoint.notes().toString();
        assertTrue(notes.contains("batch 1 has a commit but its offsets were purged"), notes);
        assertTrue(notes.contains("batch 5 has no commit although later batches exist"), notes);
    }

    @Test
    void twoNamesOfOneBatchAreAProblemAndTheRestIsRead() throws Exception {
        List<Long> ids = List.of(0L, 1L, 2L, 3L);
        Path folder = checkpoint(ids, ids);
        Files.copy(folder.resolve("offsets/2"), folder.resolve("offsets/02"));
        Checkpoint checkpoint = CheckpointReader.read(folder);
        assertEquals(ids, List.copyOf(checkpoint.batches().keySet()));
        String problems = checkpoint.problems().toString();
        assertTrue(problems.contains("batch 2 appears twice in this log"), problems);
        assertEquals(2L, checkpoint.batches().get(3L).sources().get(0).numInputRows());
    }

    /** A Kafka source's offsets for {@code offsets} (batch N ends at offset 2N + 2) and commits for {@code commits}. */
    private Path checkpoint(List<Long> offsets, List<Long> commits) throws IOException {
        Path folder = Files.createDirectories(temp.resolve("checkpoint-" + checkpoints++));
        Files.writeString(folder.resolve("metadata"), "{\"id\":\"6f0a4f3e-1b5c-4d0e-9a57-0c9e0a6f1c11\"}");
        Path offsetsDir = Files.createDirectories(folder.resolve("offsets"));
        Path commitsDir = Files.createDirectories(folder.resolve("commits"));
        for (long id : offsets) {
            Files.writeString(offsetsDir.resolve(Long.toString(id)), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":" + id
                    + ",\"conf\":{}}\n{\"orders\":{\"0\":" + (2 * id + 2) + "}}");
        }
        for (long id : commits) {
            Files.writeString(commitsDir.resolve(Long.toString(id)), "v1\n{\"nextBatchWatermarkMs\":0}");
        }
        return folder;
    }
}
