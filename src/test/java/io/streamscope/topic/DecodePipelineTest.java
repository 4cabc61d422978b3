package io.streamscope.topic;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Kafka record's way to a row, stage by stage: bytes, text, columns; a malformed field is null (PERMISSIVE). */
class DecodePipelineTest {

    private static final String SCHEMA = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP";

    private static TopicRecord record(String value) {
        return new TopicRecord("orders", 0, 0, 1769072460000L, RecordTimestampType.CREATE_TIME, Bytes.utf8("110"),
                value == null ? null : Bytes.utf8(value), List.of());
    }

    @Test
    void theShopsFirstOrder() throws Exception {
        DecodePipeline pipeline = DecodePipeline.of(record(
                "{\"order_id\":110,\"customer_id\":1,\"amount\":25.50,\"order_ts\":\"2026-01-22T09:01:00Z\"}"),
                RowDecoder.of(SCHEMA));
        assertTrue(pipeline.valueHex().startsWith("7b 22 6f 72 64 65 72 5f 69 64 22 3a 31 31 30"), pipeline.valueHex());
        assertTrue(pipeline.valueHex().endsWith(" …"), "more than 64 bytes");
        assertEquals("{\"order_id\":110,\"customer_id\":1,\"amount\":25.50,\"order_ts\":\"2026-01-22T09:01:00Z\"}",
                pipeline.valueText());
        assertEquals(List.of(new DecodePipeline.Column("order_id", "INT", "110"),
                new DecodePipeline.Column("customer_id", "INT", "1"),
                new DecodePipeline.Column("amount", "DECIMAL(10,2)", "25.50"),
                new DecodePipeline.Column("order_ts", "TIMESTAMP", "\"2026-01-22T09:01:00.000Z\"")), pipeline.columns());
        assertEquals(DecodedRow.Outcome.PARSED, pipeline.decoded().outcome());
    }

    @Test
    void aMalformedFieldIsNullAndTheRestIsKept() throws Exception {
        DecodePipeline pipeline = DecodePipeline.of(record("{\"order_id\":111,\"customer_id\":\"two\",\"amount\":7.25}"),
                RowDecoder.of(SCHEMA));
        assertEquals(DecodedRow.Outcome.PARTIAL, pipeline.decoded().outcome());
        assertEquals("111", pipeline.columns().get(0).value());
        assertNull(pipeline.columns().get(1).value(), "\"two\" is not an INT: null in PERMISSIVE mode");
        assertNull(pipeline.columns().get(3).value(), "absent: null");
        DecodePipeline tombstone = DecodePipeline.of(record(null), RowDecoder.of(SCHEMA));
        assertNull(tombstone.valueHex());
        assertEquals(DecodedRow.Outcome.NULL, tombstone.decoded().outcome());
    }
}
