package io.streamscope.topic;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkJson;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The row Spark's Kafka source makes of a record. */
class KafkaColumnsTest {

    @Test
    void theSevenColumnsAndHeadersWhenIncluded() {
        TopicRecord record = new TopicRecord("orders", 2, 41, 1769072460000L, RecordTimestampType.LOG_APPEND_TIME,
                Bytes.utf8("110"), Bytes.utf8("{}"), List.of(new TopicHeader("trace", Bytes.utf8("t1")), new TopicHeader("x", null)));
        assertEquals("key BINARY, value BINARY, topic STRING, partition INT, offset BIGINT, timestamp TIMESTAMP,"
                + " timestampType INT", DdlParser.toDdl(KafkaColumns.schema(false)));
        Row row = KafkaColumns.row(record, false);
        assertArrayEquals("110".getBytes(java.nio.charset.StandardCharsets.UTF_8), (byte[]) row.get("key"));
        assertEquals(List.of("orders", 2, 41L, Instant.parse("2026-01-22T09:01:00Z"), 1), row.values().subList(2, 7));
        assertEquals("{\"key\":\"MTEw\",\"value\":\"e30=\",\"topic\":\"orders\",\"partition\":2,\"offset\":41,"
                + "\"timestamp\":\"2026-01-22T09:01:00.000Z\",\"timestampType\":1}", SparkJson.toTree(row).toString());

        Row withHeaders = KafkaColumns.row(record, true);
        assertEquals("headers ARRAY<STRUCT<key: STRING, value: BINARY>>",
                DdlParser.toDdl(KafkaColumns.schema(true)).substring(DdlParser.toDdl(KafkaColumns.schema(false)).length() + 2));
        assertEquals("[{\"key\":\"trace\",\"value\":\"dDE=\"},{\"key\":\"x\"}]", SparkJson.toTree(withHeaders).get("headers").toString());
        assertEquals(0, KafkaColumns.row(new TopicRecord("t", 0, 0, 0, RecordTimestampType.CREATE_TIME, null, null, List.of()),
                false).get("timestampType"));
    }
}
