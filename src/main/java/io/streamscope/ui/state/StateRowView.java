package io.streamscope.ui.state;

import io.streamscope.checkpoint.state.ChangeMark;

/**
 * A state row as the state table shows it: key and value as Spark's {@code to_json} text, the value before the batch
 * for an updated or appended row (a deleted row's {@code value} is its last one), and what the selected batch did to
 * it. {@code row} is its place in the loaded {@link StateRowStore} (-1 when it stands alone); {@code index} a list
 * state element's index in its list (its old index when the batch deleted it), -1 for other rows.
 */
public record StateRowView(int partition, String columnFamily, String key, String value, String oldValue, Change change,
                           int row, int index) {

    public StateRowView(int partition, String columnFamily, String key, String value, Change change) {
        this(partition, columnFamily, key, value, null, change, -1, -1);
    }

    public enum Change {
        NONE(""), ADDED("added"), UPDATED("updated"), DELETED("deleted"), APPENDED("appended");

        private final String label;

        Change(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        static Change of(ChangeMark mark) {
            return switch (mark) {
                case UNCHANGED -> NONE;
                case ADDED -> ADDED;
                case UPDATED -> UPDATED;
                case DELETED -> DELETED;
                case APPENDED -> APPENDED;
            };
        }
    }

    /**
     * The row as Spark's JSON, one object: partition, state variable, key, value (a list element as Spark's State Data
     * Source shows it, {@code list_element}, with its index), and the change with the value before.
     */
    public String json() {
        StringBuilder json = new StringBuilder("{\"partition\":").append(partition);
        if (columnFamily != null) {
            json.append(",\"columnFamily\":").append(quote(columnFamily));
        }
        json.append(",\"key\":").append(key);
        if (value != null && !value.isEmpty()) {
            json.append(index >= 0 ? ",\"list_element\":" : ",\"value\":").append(value);
        }
        if (index >= 0) {
            json.append(",\"index\":").append(index);
        }
        if (change != Change.NONE) {
            json.append(",\"change\":").append(quote(change.label()));
        }
        if (oldValue != null) {
            json.append(",\"oldValue\":").append(oldValue);
        }
        return json.append('}').toString();
    }

    private static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
