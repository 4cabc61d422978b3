package io.streamscope.checkpoint.state;

/**
 * One change to a store made by a batch, like Spark's state change feed: {@code update} (a put) or {@code delete}
 * (then {@code value} is null).
 */
public record StateChange(long batchId, Type type, int partition, String columnFamily, Object key, Object value) {

    public enum Type {
        UPDATE("update"), DELETE("delete");

        private final String label;

        Type(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
