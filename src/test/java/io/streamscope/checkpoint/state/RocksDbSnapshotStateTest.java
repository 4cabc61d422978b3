package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.FolderSnapshot;
import io.streamscope.sparktypes.SparkJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RocksDB state without its changelogs, as the default configuration leaves it (changelog checkpointing off): the
 * rows come from the snapshot zips' SST files alone, or a snapshot plus the changelogs after it.
 */
class RocksDbSnapshotStateTest {

    private static final Path AGG = Path.of("src/test/resources/spark-conformance/checkpoint-version-4.0.0/rocksdb/agg");

    @TempDir
    Path temp;

    private static List<String> rows(Path folder, long batch) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(folder);
        StateReader reader = StateReader.open(checkpoint, checkpoint.stateOperators().get(0),
                checkpoint.stateOperators().get(0).stores().get(0), Optional.empty());
        List<String> rows = new ArrayList<>();
        reader.rows(batch, row -> rows.add(row.partition() + " " + SparkJson.toTree((io.streamscope.sparktypes.Row) row.key())
                + " " + SparkJson.toTree((io.streamscope.sparktypes.Row) row.value())));
        assertTrue(reader.problems().isEmpty(), reader.problems()::toString);
        return rows;
    }

    private void deleteChangelogs(Path folder, long... versions) throws IOException {
        try (Stream<Path> files = Files.walk(folder.resolve("state"))) {
            for (Path file : files.toList()) {
                for (long version : versions) {
                    if (file.getFileName().toString().equals(version + ".changelog")) {
                        Files.delete(file);
                    }
                }
            }
        }
    }

    @Test
    void aSnapshotAloneGivesTheStateOfItsVersion() throws Exception {
        List<String> fromChangelogs = rows(AGG, 3);
        Path copy = temp.resolve("agg");
        FolderSnapshot.copyTree(AGG, copy);
        deleteChangelogs(copy, 1, 2, 3, 4);
        Map<String, String> before = FolderSnapshot.of(copy);
        assertEquals(fromChangelogs, rows(copy, 3), "version 4 from 4.zip and its SSTs");
        assertEquals(List.of("1 {\"_1\":3} {\"count\":3}", "1 {\"_1\":5} {\"count\":2}", "2 {\"_1\":4} {\"count\":3}",
                "3 {\"_1\":1} {\"count\":1}", "4 {\"_1\":2} {\"count\":2}", "4 {\"_1\":6} {\"count\":1}"), fromChangelogs,
                "INDEX.md: agg state v4 is 1→1, 2→2, 3→3, 4→3, 5→2, 6→1");
        assertEquals(before, FolderSnapshot.of(copy), "nothing written into the checkpoint");
    }

    @Test
    void aSnapshotPlusTheChangelogsAfterIt() throws Exception {
        List<String> fromChangelogs = rows(AGG, 2);
        Path copy = temp.resolve("agg");
        FolderSnapshot.copyTree(AGG, copy);
        deleteChangelogs(copy, 1, 2);
        assertEquals(fromChangelogs, rows(copy, 2), "version 3 = 2.zip + 3.changelog");
    }
}
