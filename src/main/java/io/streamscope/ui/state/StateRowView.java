package io.streamscope.ui.state;

/**
 * A state row as the state table shows it: key and value as Spark's {@code to_json} text, and what the selected
 * batch did to it.
 */
public record StateRowView(int partition, String columnFamily, String key, String value, Change change) {

    public enum Change {
        NONE(""), ADDED("added"), UPDATED("updated"), DELETED("deleted");

        private final String label;

        Change(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
