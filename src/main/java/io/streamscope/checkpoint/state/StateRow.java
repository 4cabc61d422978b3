package io.streamscope.checkpoint.state;

/**
 * One key/value of a state store at a version.
 *
 * @param partition    the state partition
 * @param columnFamily the column family (transformWithState's state variable), or null for a plain store
 * @param key          the decoded key: a {@link io.streamscope.sql.Row}, or {@link io.streamscope.sql.Row.Raw} bytes
 *                     when no schema is known or the bytes do not fit it
 * @param value        the decoded value, likewise
 */
public record StateRow(int partition, String columnFamily, Object key, Object value) {
}
