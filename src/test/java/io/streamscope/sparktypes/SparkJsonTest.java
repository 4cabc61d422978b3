package io.streamscope.sparktypes;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** SparkJson's hand-written timestamp text and its reused generator give what the formatter and {@code text} give. */
class SparkJsonTest {

    private static final DateTimeFormatter SPARK = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")
            .withZone(ZoneOffset.UTC);

    @Test
    void timestampsAsTheFormatterWritesThem() {
        List<Instant> instants = new ArrayList<>(List.of(Instant.EPOCH, Instant.parse("2026-01-22T09:01:00Z"),
                Instant.parse("2026-01-22T09:01:00.999999999Z"), Instant.parse("1969-12-31T23:59:59.999Z"),
                Instant.parse("0001-01-01T00:00:00Z"), Instant.parse("0000-12-31T23:59:59.999Z"),
                Instant.parse("9999-12-31T23:59:59.999Z"), Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("-0001-06-01T12:00:00Z"), Instant.parse("2024-02-29T00:00:00.001Z")));
        Random random = new Random(16);
        for (int i = 0; i < 20_000; i++) {
            instants.add(Instant.ofEpochSecond(random.nextLong(-80_000_000_000L, 300_000_000_000L), random.nextInt(1_000_000_000)));
        }
        for (Instant instant : instants) {
            assertEquals(SPARK.format(instant.truncatedTo(ChronoUnit.MILLIS)), SparkJson.formatTimestamp(instant),
                    instant.toString());
        }
    }

    @Test
    void textsOneAfterTheOtherAsEachAlone() {
        SparkType.Struct schema = new SparkType.Struct(List.of(new SparkType.Field("id", SparkType.Atomic.INTEGER, true),
                new SparkType.Field("amount", new SparkType.Decimal(10, 2), true),
                new SparkType.Field("at", SparkType.Atomic.TIMESTAMP, true)));
        List<Object> values = List.of(new Row(schema, java.util.Arrays.asList(1, new BigDecimal("12.00"), Instant.EPOCH)),
                new Row(schema, java.util.Arrays.asList(null, null, null)), "text \"quoted\"", 7,
                List.of(1, 2), new Row(schema, java.util.Arrays.asList(2, new BigDecimal("-0.50"), null)));
        try (SparkJson.Texts texts = new SparkJson.Texts()) {
            for (Object value : values) {
                assertEquals(SparkJson.text(value), texts.of(value));
            }
        }
        assertEquals("{\"id\":1,\"amount\":12.00,\"at\":\"1970-01-01T00:00:00.000Z\"}", SparkJson.text(values.get(0)));
    }
}
