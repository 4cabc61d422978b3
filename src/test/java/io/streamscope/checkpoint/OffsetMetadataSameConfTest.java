package io.streamscope.checkpoint;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The metadata lines of a query's batches are read with the conf of the line before where only their numbers differ:
 * each line reads as it does alone, on a thread that has read nothing before (the oracle), in any order.
 */
class OffsetMetadataSameConfTest {

    private static final String CONF = "{\"spark.sql.shuffle.partitions\":\"200\",\"spark.sql.streaming.multipleWatermarkPolicy\":\"min\"}";

    @Test
    void everyLineReadsAsItDoesAloneAfterAnyOther() throws Exception {
        List<String> lines = new ArrayList<>(sparkMetadataLines());
        assertTrue(lines.size() > 100, "metadata lines: " + lines.size());
        lines.addAll(List.of(line("0", "1769072400000", CONF), line("5000", "1769072405000", CONF),
                line("-1", "7", CONF), line("12", "07", CONF), line("12", "-0", CONF), line("1234567890123456789", "1", CONF),
                line("3", "4", CONF.replace("200", "4")), line("3", "4", CONF) + " ", line("3", "4", CONF + ",\"x\":1"),
                line("3", "4", CONF + ",\"conf\":{}"),
                line("3", "4", CONF.substring(0, CONF.length() - 1)), line("3", "4.5", CONF), line("3", "4", "null"),
                line("3", "4", "{}"), line("3", "4", CONF).replace("batchTimestampMs", "batchTimestampMS"),
                "{\"batchWatermarkMs\":1,\"batchTimestampMs\":2}", "{\"batchTimestampMs\":2,\"batchWatermarkMs\":1,\"conf\":" + CONF + "}"));
        Random random = new Random(11);
        for (int round = 0; round < 20; round++) {
            java.util.Collections.shuffle(lines, random);
            for (String line : lines) {
                assertEquals(alone(line), inSequence(line), line);
            }
        }
    }

    @Test
    void theBatchesOfAQueryShareOneConfAndKeepTheirNumbers() throws Exception {
        OffsetSeqMetadata first = OffsetLogParser.parseMetadata(line("0", "1769072400000", CONF), "line 2");
        OffsetSeqMetadata second = OffsetLogParser.parseMetadata(line("5000", "1769072405000", CONF), "line 2");
        assertSame(first.conf(), second.conf());
        assertEquals(5000, second.batchWatermarkMs());
        assertEquals(1769072405000L, second.batchTimestampMs());
        assertEquals("200", second.conf().get("spark.sql.shuffle.partitions"));
        assertThrows(FormatException.class, () -> OffsetLogParser.parseMetadata(line("12", "07", CONF), "line 2"));
        assertEquals(java.util.Map.of(), OffsetLogParser.parseMetadata(line("3", "4", CONF + ",\"conf\":{}"), "line 2").conf(),
                "a conf given twice reads as when the line is read in full");
    }

    private static String line(String watermark, String timestamp, String conf) {
        return "{\"batchWatermarkMs\":" + watermark + ",\"batchTimestampMs\":" + timestamp + ",\"conf\":" + conf + "}";
    }

    private static Object inSequence(String line) {
        try {
            return OffsetLogParser.parseMetadata(line, "line 2");
        } catch (FormatException e) {
            return e.getMessage();
        }
    }

    /** The line read on a new thread, with no line read before it. */
    private static Object alone(String line) throws Exception {
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            return thread.submit((Callable<Object>) () -> inSequence(line)).get();
        } finally {
            thread.shutdown();
        }
    }

    private static List<String> sparkMetadataLines() throws Exception {
        List<String> lines = new ArrayList<>();
        for (Path folder : List.of(Path.of("sample-checkpoints"), Path.of("src/test/resources/spark-conformance"))) {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.filter(f -> f.getParent() != null && f.getParent().getFileName().toString().equals("offsets")
                        && f.getFileName().toString().matches("\\d+")).toList()) {
                    String[] fileLines = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\n");
                    if (fileLines.length > 1 && !fileLines[1].isEmpty()) {
                        lines.add(fileLines[1]);
                    }
                }
            }
        }
        return lines;
    }
}
