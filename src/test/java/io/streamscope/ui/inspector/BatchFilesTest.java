package io.streamscope.ui.inspector;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.ui.timeline.TimelineData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatchFilesTest {

    private static final Path CRASH = Path.of("sample-checkpoints/shop-copy-crash");

    @Test
    void readsTheRawFilesOfABatch() throws Exception {
        BatchFiles files = BatchFiles.read(CRASH, 1);
        assertTrue(files.offsetsText().startsWith("v1\n{\"batchWatermarkMs\":0"), files.offsetsText());
        assertTrue(files.offsetsText().endsWith("{\"orders\":{\"0\":5}}"), files.offsetsText());
        assertEquals("v1\n{\"nextBatchWatermarkMs\":0}", files.commitsText());

        BatchFiles replayed = BatchFiles.read(CRASH, 2);
        assertNull(replayed.commitsText(), "no commit for the batch that will replay");
    }

    @Test
    void aGiantDamagedFileIsCutAndBadBytesAreReplaced(@TempDir Path folder) throws Exception {
        Path offsets = Files.createDirectories(folder.resolve("offsets"));
        byte[] bytes = new byte[BatchFiles.MAX_BYTES + 10];
        bytes[0] = (byte) 0xff;
        Files.write(offsets.resolve("0"), bytes);

        BatchFiles files = BatchFiles.read(folder, 0);
        assertTrue(files.offsetsText().startsWith("\uFFFD"));
        assertTrue(files.offsetsText().endsWith("(cut after 256 KB)"));
    }

    @Test
    void theViewModelExplainsAMissingCommitAndListsTheConf() throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(CRASH);
        TimelineData data = TimelineData.of(checkpoint);
        List<Runnable> reads = new ArrayList<>();
        BatchFilesViewModel model = new BatchFilesViewModel(reads::add);
        model.setCheckpoint(checkpoint);

        model.setBatch(data.batches().get(2));

        assertEquals(1, reads.size(), "the files are read off the caller's thread");
        assertEquals("offsets/2", model.offsetsTitleProperty().get());
        assertEquals("Reading …", model.offsetsNoteProperty().get());
        assertTrue(model.conf().stream().anyMatch(e -> e.key().equals("spark.sql.shuffle.partitions") && e.value().equals("2")));
        model.show(BatchFiles.read(CRASH, 2), data.batches().get(2));
        assertEquals("", model.offsetsNoteProperty().get());
        assertTrue(model.offsetsTextProperty().get().endsWith("{\"orders\":{\"0\":7}}"));
        assertTrue(model.commitsNoteProperty().get().contains("Spark runs it again on restart"), model.commitsNoteProperty().get());
    }
}
