package io.streamscope.bench;

import io.streamscope.ui.SyntheticCheckpoint;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A {@link SyntheticCheckpoint} the window can replay: next to it the topic snapshot holding every record its batches
 * read ({@code orders.jsonl}, {@code topic export} format) and a {@code streamscope.json} naming the query: totals per
 * customer in update mode (the result table stays small, the input table carries the rows), or the orders themselves
 * in append mode (the result table grows like the input table).
 */
final class SyntheticReplay {

    static final String TOTALS = "orders.groupBy(\"customer_id\").sum(\"amount\")";
    static final String SCHEMA = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP";
    private static final int CUSTOMERS = 50;
    private static final long START_MS = 1769072400000L;

    private SyntheticReplay() {
    }

    /** @param append the orders in append mode, else the totals in update mode */
    static Path write(Path folder, int batches, int partitions, int rowsPerPartition, boolean append) throws IOException {
        SyntheticCheckpoint.write(folder, batches, partitions, rowsPerPartition);
        long perPartition = (long) batches * rowsPerPartition;
        try (BufferedWriter out = Files.newBufferedWriter(folder.resolve("orders.jsonl"), StandardCharsets.UTF_8)) {
            for (int partition = 0; partition < partitions; partition++) {
                for (long offset = 0; offset < perPartition; offset++) {
                    long order = offset * partitions + partition;
                    long timestamp = START_MS + order * 50;
                    String value = "{\"order_id\":" + order + ",\"customer_id\":" + order % CUSTOMERS + ",\"amount\":"
                            + (order % 9000) / 100 + "." + String.format("%02d", order % 100)
                            + ",\"order_ts\":\"" + java.time.Instant.ofEpochMilli(timestamp) + "\"}";
                    out.write("{\"partition\":" + partition + ",\"offset\":" + offset + ",\"timestamp\":" + timestamp
                            + ",\"key\":\"" + order + "\",\"value\":" + quoted(value) + "}\n");
                }
            }
        }
        Files.writeString(folder.resolve("streamscope.json"), "{\"title\":\"Synthetic orders\",\"query\":"
                + quoted(append ? "orders" : TOTALS) + ",\"schema\":" + quoted(SCHEMA) + ",\"outputMode\":"
                + (append ? "\"append\"" : "\"update\"") + ",\"topic\":{\"file\":\"orders.jsonl\"}}");
        return folder;
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
