package io.streamscope.checkpoint.state;

import java.util.List;

/**
 * One row of a store at a version with its mark since another version, as stored bytes (decode with
 * {@link StateRowDecoding}). {@code value} is the row's value at the version, or for a {@link ChangeMark#DELETED} row
 * its last value (null when the batch deleted a key that was not there); {@code oldValue} the value at the other
 * version for updated, appended and deleted rows, else null. {@code records} are the batch's own records for the key
 * in file order (Spark's change feed has one change for each), empty when the mark came from comparing contents.
 */
public record MarkedRecord(int partition, ChangeMark mark, byte[] key, byte[] value, byte[] oldValue,
                           List<StateRecord> records) {
}
