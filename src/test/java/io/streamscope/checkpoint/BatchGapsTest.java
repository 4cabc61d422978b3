package io.streamscope.checkpoint;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Batches without files between others (what async progress tracking leaves): one note names them, a range as a range,
 * the first 1,001 at most; the batch after a gap has unknown start offsets.
 */
class BatchGapsTest {

    @TempDir
    Path temp;
    private Path folder;
    private int checkpoints;

    @Test
    void gapsAreNamedOneByOne() throws Exception {
        assertEquals("no files for batches [3, 4, 6]", gapNote(0, 1, 2, 5, 7, 8, 9));
    }

    @Test
    void aRangeIsNamedAsARange() throws Exception {
        assertEquals("no files for batches 2–3", gapNote(0, 1, 4, 5));
        assertEquals("no files for batch 1", gapNote(0, 2));
    }

    @Test
    void aLongGapIsNamedUpToItsFirst1001Batches() throws Exception {
        assertEquals("no files for batches 1–1001", gapNote(0, 3000));
    }

    @Test
    void noGapNoNote() throws Exception {
        write(0, 1, 2);
        Checkpoint checkpoint = CheckpointReader.read(folder);
        assertFalse(checkpoint.notes().stream().anyMatch(note -> note.message().contains("no files for")),
                checkpoint.notes().toString());
        assertEquals(2L, checkpoint.batches().get(2L).sources().get(0).numInputRows());
    }

    @Test
    void theBatchAfterAGapHasUnknownStartOffsets() throws Exception {
        write(0, 1, 4, 5);
        Checkpoint checkpoint = CheckpointReader.read(folder);
        assertEquals(null, checkpoint.batches().get(4L).sources().get(0).numInputRows());
        assertEquals(2L, checkpoint.batches().get(5L).sources().get(0).numInputRows());
    }

    /** The gap note's words up to the parenthesis, for a checkpoint of these batches. */
    private String gapNote(long... ids) throws Exception {
        write(ids);
        List<Note> notes = CheckpointReader.read(folder).notes().stream()
                .filter(note -> note.message().startsWith("no files for")).toList();
        assertEquals(1, notes.size(), notes.toString());
        assertEquals("offsets", notes.get(0).path());
        String message = notes.get(0).message();
        assertTrue(message.contains("(a gap"), message);
        return message.substring(0, message.indexOf(" (a gap"));
    }

    /** A Kafka source's offsets and a commit for each batch: batch N ends at offset 2N + 2. */
    private void write(long... ids) throws IOException {
        folder = Files.createDirectories(temp.resolve("checkpoint-" + checkpoints++));
        Files.writeString(folder.resolve("metadata"), "{\"id\":\"6f0a4f3e-1b5c-4d0e-9a57-0c9e0a6f1c11\"}");
        Path offsets = Files.createDirectories(folder.resolve("offsets"));
        Path commits = Files.createDirectories(folder.resolve("commits"));
        for (long id : LongStream.of(ids).toArray()) {
            Files.writeString(offsets.resolve(Long.toString(id)), "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":" + id
                    + ",\"conf\":{}}\n{\"orders\":{\"0\":" + (2 * id + 2) + "}}");
            Files.writeString(commits.resolve(Long.toString(id)), "v1\n{\"nextBatchWatermarkMs\":0}");
        }
    }
}
