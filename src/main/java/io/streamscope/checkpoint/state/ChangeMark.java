package io.streamscope.checkpoint.state;

/**
 * What happened to a state row between two versions. Between consecutive versions with a delta or changelog the
 * marks are Spark's own records: a put is {@link #UPDATED} (or {@link #ADDED} for a new key) even when it wrote the
 * same value again, which is what Spark's change feed and its {@code numRowsUpdated} count. Between any other two
 * versions (and on RocksDB stores without changelogs) they compare the two versions' contents.
 */
public enum ChangeMark {
    UNCHANGED(""), ADDED("added"), UPDATED("updated"), DELETED("deleted"),
    /** A list state's RocksDB merge: elements added to the key's list. */
    APPENDED("appended");

    private final String label;

    ChangeMark(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean changed() {
        return this != UNCHANGED;
    }
}
