package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Parses {@code commits/N} ({@code CommitLog}): {@code v1} with {@code {}} (Spark 2.2–2.3) or
 * {@code {"nextBatchWatermarkMs":…}}, or {@code v2} with {@code stateUniqueIds} (checkpoint format v2, Spark 4).
 * A missing JSON line reads as {@code {}}, as in Spark.
 */
public final class CommitLogParser {

    static final int MAX_VERSION = 3;

    private CommitLogParser() {
    }

    public static Commit parse(byte[] bytes) throws FormatException {
        return parseText(LogText.decode(bytes));
    }

    public static Commit parseText(LogText text) throws FormatException {
        int version = text.version(MAX_VERSION);
        String where = FormatException.line(2);
        JsonNode json = text.size() < 2 || text.line(2).isEmpty()
                ? Json.NODES.objectNode()
                : Json.parseObject(text.line(2), where);
        long nextWatermark = Json.longField(json, "nextBatchWatermarkMs", 0, where);
        return new Commit(version, nextWatermark, stateUniqueIds(json.get("stateUniqueIds"), where));
    }

    private static Map<Integer, List<List<String>>> stateUniqueIds(JsonNode json, String where) throws FormatException {
        Map<Integer, List<List<String>>> ids = new TreeMap<>();
        if (json == null || json.isNull()) {
            return ids;
        }
        if (!json.isObject()) {
            throw new FormatException(where, "\"stateUniqueIds\" should be an object");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> operator = it.next();
            int operatorId;
            try {
                operatorId = Integer.parseInt(operator.getKey());
            } catch (NumberFormatException e) {
                throw new FormatException(where, "operator id \"" + operator.getKey() + "\" in stateUniqueIds is not a number");
            }
            List<List<String>> partitions = new ArrayList<>();
            if (!operator.getValue().isArray()) {
                throw new FormatException(where, "stateUniqueIds of operator " + operatorId + " should be an array");
            }
            for (JsonNode partition : operator.getValue()) {
                List<String> storeIds = new ArrayList<>();
                for (JsonNode id : partition) {
                    storeIds.add(id.asText());
                }
                partitions.add(List.copyOf(storeIds));
            }
            ids.put(operatorId, List.copyOf(partitions));
        }
        return ids;
    }
}
