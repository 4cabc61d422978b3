package io.streamscope.ui.export;

import io.streamscope.ui.BatchRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CsvTableTest {

    @Test
    void fieldsThatNeedItAreQuoted() {
        CsvTable table = new CsvTable(List.of("key", "value"), List.of(
                List.of("{\"customer_id\":1}", "{\"sum\":47.49,\"isEmpty\":false}"),
                Arrays.asList("plain", null),
                List.of("two\nlines", " padded ")));

        assertEquals("key,value\r\n"
                + "\"{\"\"customer_id\"\":1}\",\"{\"\"sum\"\":47.49,\"\"isEmpty\"\":false}\"\r\n"
                + "plain,\r\n"
                + "\"two\nlines\",\" padded \"\r\n", table.toCsv());
    }

    @Test
    void batchesBecomeATable() {
        CsvTable table = TableCsv.ofBatches(List.of(
                new BatchRow(2, "{\"orders\":{\"0\":7}}", "2", false, true, "—", "2026-01-22T10:07:00Z")));
        assertEquals("batch,end offsets,input rows,committed,will replay,watermark (UTC),time (UTC)\r\n"
                + "2,\"{\"\"orders\"\":{\"\"0\"\":7}}\",2,false,true,—,2026-01-22T10:07:00Z\r\n", table.toCsv());
    }

    @Test
    void nothingIsEverWrittenInsideTheCheckpoint(@TempDir Path folder) throws IOException {
        Path checkpoint = Files.createDirectories(folder.resolve("ckpt"));
        Files.createDirectories(checkpoint.resolve("offsets"));

        IOException refused = assertThrows(IOException.class,
                () -> Exporter.refuseInside(checkpoint.resolve("offsets/table.csv"), checkpoint));
        assertTrue(refused.getMessage().contains("never writes into a checkpoint folder"), refused.getMessage());
        assertThrows(IOException.class, () -> Exporter.refuseInside(checkpoint.resolve("../ckpt/x.png").normalize(), checkpoint));
        Exporter.refuseInside(folder.resolve("beside.csv"), checkpoint);
        Exporter.refuseInside(folder.resolve("ckpt-export.csv"), checkpoint); // a sibling with a longer name
        Exporter.refuseInside(folder.resolve("x.csv"), null);
    }
}
