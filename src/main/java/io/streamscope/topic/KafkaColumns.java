package io.streamscope.topic;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns Spark's Kafka source gives each record: {@code key}, {@code value} (binary), {@code topic},
 * {@code partition}, {@code offset}, {@code timestamp}, {@code timestampType} (0 CreateTime, 1 LogAppendTime), and
 * {@code headers} ({@code array<struct<key:string,value:binary>>}) when the query sets {@code includeHeaders}.
 */
public final class KafkaColumns {

    public static final SparkType.Struct HEADER = new SparkType.Struct(List.of(
            new SparkType.Field("key", SparkType.Atomic.STRING, true),
            new SparkType.Field("value", SparkType.Atomic.BINARY, true)));

    private static final SparkType.Struct WITHOUT_HEADERS = new SparkType.Struct(List.of(
            new SparkType.Field("key", SparkType.Atomic.BINARY, true),
            new SparkType.Field("value", SparkType.Atomic.BINARY, true),
            new SparkType.Field("topic", SparkType.Atomic.STRING, true),
            new SparkType.Field("partition", SparkType.Atomic.INTEGER, true),
            new SparkType.Field("offset", SparkType.Atomic.LONG, true),
            new SparkType.Field("timestamp", SparkType.Atomic.TIMESTAMP, true),
            new SparkType.Field("timestampType", SparkType.Atomic.INTEGER, true)));

    private static final SparkType.Struct WITH_HEADERS;

    static {
        List<SparkType.Field> fields = new ArrayList<>(WITHOUT_HEADERS.fields());
        fields.add(new SparkType.Field("headers", new SparkType.Array(HEADER, true), true));
        WITH_HEADERS = new SparkType.Struct(fields);
    }

    private KafkaColumns() {
    }

    public static SparkType.Struct schema(boolean includeHeaders) {
        return includeHeaders ? WITH_HEADERS : WITHOUT_HEADERS;
    }

    /**
     * The row Spark's Kafka source makes of {@code record}. Key and value are {@code byte[]} as held: a preview stays
     * a preview ({@link TopicRecord#truncated()}).
     */
    public static Row row(TopicRecord record, boolean includeHeaders) {
        List<Object> values = new ArrayList<>(8);
        values.add(bytes(record.key()));
        values.add(bytes(record.value()));
        values.add(record.topic());
        values.add(record.partition());
        values.add(record.offset());
        values.add(Instant.ofEpochMilli(record.timestamp()));
        values.add(record.timestampType().sparkId());
        if (includeHeaders) {
            List<Object> headers = new ArrayList<>();
            for (TopicHeader header : record.headers()) {
                headers.add(new Row(HEADER, java.util.Arrays.asList(header.key(), bytes(header.value()))));
            }
            values.add(java.util.Collections.unmodifiableList(headers));
        }
        return new Row(schema(includeHeaders), values);
    }

    private static byte[] bytes(Bytes payload) {
        return payload == null ? null : payload.toByteArray();
    }
}
