package io.streamscope.topic;

/** What a record's timestamp means, with the ids Spark's Kafka source puts in its {@code timestampType} column. */
public enum RecordTimestampType {
    NO_TIMESTAMP_TYPE(-1),
    CREATE_TIME(0),
    LOG_APPEND_TIME(1);

    private final int sparkId;

    RecordTimestampType(int sparkId) {
        this.sparkId = sparkId;
    }

    public int sparkId() {
        return sparkId;
    }
}
