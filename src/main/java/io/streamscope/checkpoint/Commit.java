package io.streamscope.checkpoint;

import java.util.List;
import java.util.Map;

/**
 * A {@code commits/N} file: proof that batch N finished.
 *
 * @param version              format version (1 or 2), or 0 when the file exists but could not be read
 * @param nextBatchWatermarkMs the watermark computed after batch N (what batch N+1 uses); 0 when the file does not
 *                             say (Spark 2.2–2.3), null when the file could not be read
 * @param stateUniqueIds       checkpoint format v2: operator id → partition → unique id of each store's files for
 *                             state version N+1; empty otherwise
 */
public record Commit(int version, Long nextBatchWatermarkMs, Map<Integer, List<List<String>>> stateUniqueIds) {

    public Commit {
        stateUniqueIds = Map.copyOf(stateUniqueIds);
    }

    /** A commit file that exists (so the batch finished) but whose content is damaged. */
    public static Commit unreadable() {
        return new Commit(0, null, Map.of());
    }
}
