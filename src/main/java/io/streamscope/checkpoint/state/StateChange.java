package io.streamscope.checkpoint.state;

/**
 * One change to a store made by a batch, like Spark's state change feed: {@code update} (a put), {@code delete}
 * (then {@code value} is null), or {@code append} (a list state's RocksDB merge: {@code value} holds the elements
 * added to the key's list, not the whole list).
 */
public record StateChange(long batchId, Type type, int partition, String columnFamily, Object key, Object value) {

    public enum Type {
        UPDATE("update"), DELETE("delete"), APPEND("append");

        private final String label;

        Type(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
