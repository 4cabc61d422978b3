package io.streamscope.replay.progress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One batch's progress in Spark's {@code lastProgress} shape.
 *
 * @param batchId     the batch
 * @param derived     what the checkpoint, the topic and the replay give: ids, offsets, input rows, event times and
 *                    watermark, state operator counts
 * @param real        Spark's own report for the batch, when the user has it
 * @param differences where the two disagree (path: derived vs real)
 */
public record BatchProgress(long batchId, ObjectNode derived, Optional<JsonNode> real, List<String> differences) {

    public BatchProgress {
        differences = List.copyOf(differences);
    }

    /** Spark's report where there is one (durations, rates, ids), completed with what only the replay knows. */
    public ObjectNode merged() {
        ObjectNode merged = derived.deepCopy();
        real.ifPresent(r -> {
            for (Map.Entry<String, JsonNode> field : r.properties()) {
                merged.set(field.getKey(), field.getValue().deepCopy());
            }
        });
        return merged;
    }
}
