package io.streamscope.topic;

import io.streamscope.sparktypes.Row;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * from_json in PERMISSIVE mode, type by type, on the behaviour Spark documents and its JacksonParser implements
 * (Spark 4.0 defaults: partial results and exact string parsing on, session time zone UTC).
 */
class RowDecoderTest {

    private static DecodedRow decode(String ddl, String json) throws SchemaException {
        return RowDecoder.of(ddl).decode(json);
    }

    /** The value of the only field. */
    private static Object one(String type, String jsonValue) throws SchemaException {
        DecodedRow row = decode("v " + type, "{\"v\":" + jsonValue + "}");
        return row.row().values().get(0);
    }

    @Test
    void theShopOrder() throws Exception {
        DecodedRow row = decode(ShopStream.SCHEMA, ShopStream.ORDERS.get(0).value());
        assertEquals(DecodedRow.Outcome.PARSED, row.outcome());
        assertNull(row.problem());
        assertEquals(Arrays.asList(110, 1, new BigDecimal("25.50"), Instant.parse("2026-01-22T09:01:00Z")), row.row().values());
    }

    @Test
    void keysMatchExactlyUnknownKeysAreSkippedMissingOnesAreNullLastDuplicateWins() throws Exception {
        DecodedRow row = decode("a INT, B STRING, c INT", "{\"A\":1,\"a\":2,\"extra\":{\"deep\":[1,2]},\"B\":\"x\",\"a\":3}");
        assertEquals(DecodedRow.Outcome.PARSED, row.outcome());
        assertEquals(Arrays.asList(3, "x", null), row.row().values());
    }

    @Test
    void integersOutOfRangeOrOfTheWrongKindAreNull() throws Exception {
        assertEquals(2147483647, one("INT", "2147483647"));
        assertNull(one("INT", "2147483648"));
        assertNull(one("INT", "1.5"));
        assertNull(one("INT", "\"7\""));
        assertNull(one("INT", "true"));
        assertEquals((short) -32768, one("SMALLINT", "-32768"));
        assertNull(one("SMALLINT", "40000"));
        assertEquals(9_000_000_000L, one("BIGINT", "9000000000"));
        assertNull(one("BIGINT", "9223372036854775808"));
        assertEquals((byte) -128, one("TINYINT", "-128"));
        // Jackson's getByteValue (and so Spark) accepts 128…255 and wraps them.
        assertEquals((byte) -56, one("TINYINT", "200"));
        assertNull(one("TINYINT", "256"));
    }

    @Test
    void floatsAndDoublesTakeNumbersAndTheNamedSpecialStrings() throws Exception {
        assertEquals(1.5f, one("FLOAT", "1.5"));
        assertEquals(3.0d, one("DOUBLE", "3"));
        assertEquals(Double.NaN, one("DOUBLE", "\"NaN\""));
        assertEquals(Double.POSITIVE_INFINITY, one("DOUBLE", "\"+INF\""));
        assertEquals(Double.POSITIVE_INFINITY, one("DOUBLE", "\"Infinity\""));
        assertEquals(Float.NEGATIVE_INFINITY, one("FLOAT", "\"-Infinity\""));
        assertEquals(Double.NaN, one("DOUBLE", "NaN"));
        assertNull(one("DOUBLE", "\"1.5\""));
        assertNull(one("DOUBLE", "\"nan\""));
    }

    @Test
    void decimalsRoundHalfUpToTheScaleAndOverflowToNull() throws Exception {
        assertEquals(new BigDecimal("25.50"), one("DECIMAL(10,2)", "25.5"));
        assertEquals(new BigDecimal("0.13"), one("DECIMAL(10,2)", "0.125"));
        assertEquals(new BigDecimal("-0.13"), one("DECIMAL(10,2)", "-0.125"));
        assertEquals(new BigDecimal("0.12"), one("DECIMAL(10,2)", "0.1249999"));
        assertEquals(new BigDecimal("12.00"), one("DECIMAL(10,2)", "12"));
        assertEquals(new BigDecimal("100.00"), one("DECIMAL(10,2)", "1e2"));
        assertEquals(new BigDecimal("99999999.99"), one("DECIMAL(10,2)", "99999999.99"));
        assertNull(one("DECIMAL(10,2)", "99999999.995"));
        assertNull(one("DECIMAL(10,2)", "123456789"));
        assertEquals(new BigDecimal("1234.50"), one("DECIMAL(10,2)", "\"1,234.5\""));
        assertNull(one("DECIMAL(10,2)", "\"twelve\""));
        assertNull(one("DECIMAL(10,2)", "\"\""));
        assertEquals(new BigDecimal("3"), one("DECIMAL", "2.5"));
    }

    @Test
    void stringsTakeAnyValueAsItsExactJsonText() throws Exception {
        assertEquals("plain", one("STRING", "\"plain\""));
        assertEquals("", one("STRING", "\"\""));
        assertEquals("1.50", one("STRING", "1.50"));
        assertEquals("true", one("STRING", "true"));
        assertEquals("{\"a\" : [1, 2]}", one("STRING", "{\"a\" : [1, 2]}"));
        assertEquals("[ ]", one("STRING", "[ ]"));
        assertEquals("tab\tquote\"é", one("STRING", "\"tab\\tquote\\\"\\u00e9\""));
    }

    @Test
    void booleansAreOnlyJsonBooleans() throws Exception {
        assertEquals(true, one("BOOLEAN", "true"));
        assertNull(one("BOOLEAN", "\"true\""));
        assertNull(one("BOOLEAN", "1"));
    }

    @Test
    void timestampsParseLikeSparksDefaultOptionsInTheSessionZone() throws Exception {
        assertEquals(Instant.parse("2026-01-22T09:01:00Z"), one("TIMESTAMP", "\"2026-01-22T09:01:00Z\""));
        assertEquals(Instant.parse("2026-01-22T09:01:00Z"), one("TIMESTAMP", "\"2026-01-22 09:01:00\""));
        assertEquals(Instant.parse("2026-01-22T08:01:00.250Z"), one("TIMESTAMP", "\"2026-01-22T09:01:00.25+01:00\""));
        assertEquals(Instant.parse("2026-01-22T09:01:00Z"), one("TIMESTAMP", "1769072460"));
        assertNull(one("TIMESTAMP", "\"22/01/2026 09:01\""));
        assertNull(one("TIMESTAMP", "\"\""));
        assertNull(one("TIMESTAMP", "1769072460.5"));
        RowDecoder paris = RowDecoder.of("t TIMESTAMP").withSessionTimeZone(ZoneId.of("Europe/Paris"));
        assertEquals(Instant.parse("2026-01-22T08:01:00Z"), paris.decode("{\"t\":\"2026-01-22T09:01:00\"}").row().values().get(0));
        RowDecoder fixedDay = RowDecoder.of("t TIMESTAMP").withClock(Clock.fixed(Instant.parse("2026-01-22T23:00:00Z"), ZoneOffset.UTC));
        assertEquals(Instant.parse("2026-01-22T09:01:00Z"), fixedDay.decode("{\"t\":\"09:01\"}").row().values().get(0));
    }

    @Test
    void timestampsWithoutZoneAndDates() throws Exception {
        assertEquals(LocalDateTime.parse("2026-01-22T09:01:00"), one("TIMESTAMP_NTZ", "\"2026-01-22T09:01:00\""));
        assertNull(one("TIMESTAMP_NTZ", "\"2026-01-22T09:01:00Z\""));
        assertEquals(LocalDate.parse("2026-01-22"), one("DATE", "\"2026-01-22\""));
        assertEquals(LocalDate.parse("2026-01-22"), one("DATE", "\"2026-01-22T23:59:59Z\""));
        // Spark 1.5 wrote days since the epoch as text; five digits and more are a year first.
        assertEquals(LocalDate.ofEpochDay(100), one("DATE", "\"100\""));
        assertEquals(LocalDate.of(20475, 1, 1), one("DATE", "\"20475\""));
        assertNull(one("DATE", "20475"));
        assertNull(one("DATE", "\"Jan 22\""));
    }

    @Test
    void binaryIsBase64() throws Exception {
        assertArrayEquals(new byte[]{1, 2, (byte) 255}, (byte[]) one("BINARY", "\"AQL/\""));
        assertArrayEquals(new byte[0], (byte[]) one("BINARY", "\"\""));
        assertNull(one("BINARY", "\"not base64!\""));
    }

    @Test
    void aMismatchNullsThatFieldOnlyAndSaysWhich() throws Exception {
        DecodedRow row = decode(ShopStream.SCHEMA,
                "{\"order_id\":\"one-ten\",\"customer_id\":1,\"amount\":25.50,\"order_ts\":\"2026-01-22T09:01:00Z\"}");
        assertEquals(DecodedRow.Outcome.PARTIAL, row.outcome());
        assertEquals(Arrays.asList(null, 1, new BigDecimal("25.50"), Instant.parse("2026-01-22T09:01:00Z")), row.row().values());
        assertEquals("order_id: cannot read \"one-ten\" as INT", row.problem());
    }

    @Test
    void nestedMismatchesKeepTheRestOfTheStruct() throws Exception {
        DecodedRow row = decode("c STRUCT<id: INT, name: STRING>, n INT", "{\"c\":{\"id\":\"x\",\"name\":\"Ann\"},\"n\":5}");
        assertEquals(DecodedRow.Outcome.PARTIAL, row.outcome());
        Row customer = (Row) row.row().get("c");
        assertEquals(Arrays.asList(null, "Ann"), customer.values());
        assertEquals(5, row.row().get("n"));
        assertEquals("c.id: cannot read \"x\" as INT", row.problem());
    }

    @Test
    void aBadArrayElementNullsTheArrayButAPartlyBadStructElementIsKept() throws Exception {
        DecodedRow ints = decode("xs ARRAY<INT>, n INT", "{\"xs\":[1,\"two\",3],\"n\":1}");
        assertEquals(DecodedRow.Outcome.PARTIAL, ints.outcome());
        assertEquals(Arrays.asList(null, 1), ints.row().values());

        DecodedRow structs = decode("xs ARRAY<STRUCT<a: INT, b: INT>>", "{\"xs\":[{\"a\":1,\"b\":2},{\"a\":\"x\",\"b\":4}]}");
        assertEquals(DecodedRow.Outcome.PARTIAL, structs.outcome());
        List<?> elements = (List<?>) structs.row().get("xs");
        assertEquals(List.of(1, 2), ((Row) elements.get(0)).values());
        assertEquals(Arrays.asList(null, 4), ((Row) elements.get(1)).values());
        assertEquals("xs[1].a: cannot read \"x\" as INT", structs.problem());

        assertEquals(Arrays.asList(1, null, 3), one("ARRAY<INT>", "[1,null,3]"));
        assertNull(one("ARRAY<INT>", "5"));
    }

    @Test
    void mapsKeepInputOrderAndRepeatedKeysAndOneBadValueNullsTheMap() throws Exception {
        Row.MapValue map = (Row.MapValue) one("MAP<STRING, INT>", "{\"z\":1,\"a\":2,\"z\":3}");
        assertEquals(List.of("z", "a", "z"), map.keys());
        assertEquals(List.of(1, 2, 3), map.values());
        DecodedRow bad = decode("m MAP<STRING, INT>, n INT", "{\"m\":{\"a\":1,\"b\":\"x\"},\"n\":2}");
        assertEquals(DecodedRow.Outcome.PARTIAL, bad.outcome());
        assertEquals(Arrays.asList(null, 2), bad.row().values());
        assertTrue(bad.problem().startsWith("m: ['b']: cannot read \"x\" as INT"), bad.problem());
        assertTrue(assertThrows(SchemaException.class, () -> RowDecoder.of("m MAP<INT, STRING>")).getMessage()
                .contains("must have STRING keys"));
    }

    @Test
    void malformedJsonGivesARowOfNulls() throws Exception {
        for (String text : List.of("{\"order_id\":110,", "not json", "{\"order_id\":110 \"x\":1}", "{'order_id':", "[1,2]",
                "[{\"order_id\":1}]", "42", "\"text\"", "null", "true")) {
            DecodedRow row = decode(ShopStream.SCHEMA, text);
            assertEquals(DecodedRow.Outcome.MALFORMED, row.outcome(), text);
            assertTrue(row.allNull(), text);
            assertTrue(row.problem() != null && !row.problem().isBlank(), text);
        }
    }

    @Test
    void emptyOrBlankTextAndTombstonesGiveANullStruct() throws Exception {
        RowDecoder decoder = RowDecoder.of(ShopStream.SCHEMA);
        for (DecodedRow row : List.of(decoder.decode(""), decoder.decode("  \n"), decoder.decode((Bytes) null),
                decoder.decode((String) null))) {
            assertEquals(DecodedRow.Outcome.NULL, row.outcome());
            assertNull(row.row());
            assertTrue(row.allNull());
            assertEquals(Arrays.asList(null, null, null, null), row.rowOrNulls(decoder.schema()).values());
        }
    }

    @Test
    void sparksJsonDefaultsSingleQuotesYesCommentsNoTrailingTextIgnored() throws Exception {
        assertEquals(Arrays.asList(1, "x"), decode("a INT, b STRING", "{'a':1,'b':'x'}").row().values());
        assertEquals(DecodedRow.Outcome.MALFORMED, decode("a INT", "{\"a\":1 /* c */}").outcome());
        assertEquals(DecodedRow.Outcome.MALFORMED, decode("a INT", "{a:1}").outcome());
        // Only the first JSON value is read, as Spark's parser does.
        assertEquals(List.of(1), decode("a INT", "{\"a\":1} trailing").row().values());
    }

    @Test
    void voidFieldsAreAlwaysNull() throws Exception {
        assertEquals(Arrays.asList(null, 2), decode("a VOID, b INT", "{\"a\":1,\"b\":2}").row().values());
    }

    @Test
    void invalidUtf8IsMalformed() throws Exception {
        byte[] bytes = "{\"a\":\"\u00e9\"}".getBytes(StandardCharsets.UTF_8);
        bytes[bytes.length - 4] = (byte) 0xC3;
        bytes[bytes.length - 3] = (byte) 0x28;
        assertEquals(DecodedRow.Outcome.MALFORMED, RowDecoder.of("a STRING").decode(bytes).outcome());
    }
}
