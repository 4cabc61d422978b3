package io.streamscope.ui.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * State rows as columns, for a class to read: each key field and each value field its own column, nested structs
 * flattened ({@code window.start}, {@code window.end}), from the {@code to_json} text the state table shows. A key or
 * value that is no JSON object (bytes, a bare value) is one column, {@code key} or {@code value}. Pure; any thread.
 */
public record StateColumns(List<String> keyFields, List<String> valueFields, List<Row> rows) {

    /** One state row: its key and value fields by column name, and what the batch did to it. */
    public record Row(Map<String, String> key, Map<String, String> value, StateRowView.Change change) {
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .configure(com.fasterxml.jackson.databind.cfg.JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    public static StateColumns of(List<StateRowView> views) {
        Set<String> keyFields = new LinkedHashSet<>();
        Set<String> valueFields = new LinkedHashSet<>();
        List<Row> rows = new ArrayList<>();
        for (StateRowView view : views) {
            Map<String, String> key = flatten(view.key(), "key");
            Map<String, String> value = flatten(view.value(), "value");
            keyFields.addAll(key.keySet());
            valueFields.addAll(value.keySet());
            rows.add(new Row(key, value, view.change()));
        }
        return new StateColumns(List.copyOf(keyFields), List.copyOf(valueFields), List.copyOf(rows));
    }

    /** {@code {"window":{"start":…,"end":…},"n":1}} → {@code window.start}, {@code window.end}, {@code n}. */
    static Map<String, String> flatten(String text, String whole) {
        Map<String, String> fields = new LinkedHashMap<>();
        if (text == null || text.isEmpty()) {
            return fields;
        }
        try {
            JsonNode node = JSON.readTree(text);
            if (node != null && node.isObject()) {
                flatten(node, "", fields);
                return fields;
            }
        } catch (java.io.IOException notJson) {
            // bytes or a bare value: one column
        }
        fields.put(whole, text);
        return fields;
    }

    private static void flatten(JsonNode node, String prefix, Map<String, String> fields) {
        Iterator<Map.Entry<String, JsonNode>> entries = node.fields();
        while (entries.hasNext()) {
            Map.Entry<String, JsonNode> entry = entries.next();
            String name = prefix + entry.getKey();
            JsonNode value = entry.getValue();
            if (value.isObject() && value.size() > 0) {
                flatten(value, name + ".", fields);
            } else if (value.isNull()) {
                fields.put(name, "null");
            } else if (value.isValueNode()) {
                fields.put(name, value.isBigDecimal() ? value.decimalValue().toPlainString() : value.asText());
            } else {
                fields.put(name, value.toString());
            }
        }
    }
}
