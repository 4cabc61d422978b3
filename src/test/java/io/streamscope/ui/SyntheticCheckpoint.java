package io.streamscope.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a big checkpoint in Spark's formats for the UI's scale tests and benchmark: {@code offsets/N} (v1, the
 * metadata line with conf, a Kafka source of several partitions), {@code commits/N}, and the Kafka source's
 * initial offsets with its leading byte. Every batch reads the same number of rows from every partition.
 */
public final class SyntheticCheckpoint {

    private static final String CONF = "{\"spark.sql.shuffle.partitions\":\"2\",\"spark.sql.streaming.multipleWatermarkPolicy\":\"min\","
            + "\"spark.sql.streaming.stateStore.providerClass\":\"org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider\"}";

    private SyntheticCheckpoint() {
    }

    public static Path write(Path folder, int batches, int partitions, int rowsPerPartition) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("metadata"), "{\"id\":\"0b7d1c55-3f0e-4a57-9d2e-5c1c3b7e2a10\"}");
        Path source = Files.createDirectories(folder.resolve("sources/0"));
        Files.write(source.resolve("0"), ("\0v1\n" + kafka(0, partitions, rowsPerPartition)).getBytes(StandardCharsets.UTF_8));
        Path offsets = Files.createDirectories(folder.resolve("offsets"));
        Path commits = Files.createDirectories(folder.resolve("commits"));
        for (int batch = 0; batch < batches; batch++) {
            String text = "v1\n{\"batchWatermarkMs\":" + batch * 1000L + ",\"batchTimestampMs\":"
                    + (1769072400000L + batch * 5000L) + ",\"conf\":" + CONF + "}\n"
                    + kafka(batch + 1, partitions, rowsPerPartition);
            Files.writeString(offsets.resolve(Integer.toString(batch)), text, StandardCharsets.UTF_8);
            Files.writeString(commits.resolve(Integer.toString(batch)), "v1\n{\"nextBatchWatermarkMs\":" + (batch + 1) * 1000L + "}");
        }
        return folder;
    }

    /** The end offsets after {@code batches} batches, partitions in Spark's hash order (descending here). */
    private static String kafka(int batches, int partitions, int rowsPerPartition) {
        StringBuilder json = new StringBuilder("{\"orders\":{");
        for (int p = partitions - 1; p >= 0; p--) {
            json.append('"').append(p).append("\":").append((long) batches * rowsPerPartition).append(p == 0 ? "" : ",");
        }
        return json.append("}}").toString();
    }
}
