package io.streamscope.replay.lab;

/** How a {@code foreachBatch} function writes each batch into its target table. */
public enum Write {
    /** Version A: {@code batchDF.write.mode("append")…}: every call adds its rows. */
    APPEND,
    /** Version B: {@code MERGE INTO target USING batch ON key WHEN MATCHED UPDATE … WHEN NOT MATCHED INSERT …}. */
    MERGE,
    /** The function records each batch id it wrote, with the rows, and skips a batch id it already has. */
    BATCH_ID_LOG
}
