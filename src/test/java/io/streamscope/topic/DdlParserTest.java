package io.streamscope.topic;

import io.streamscope.sparktypes.SparkType;
import io.streamscope.sparktypes.SparkType.Atomic;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spark DDL as from_json takes it: column lists, STRUCT<…>, nesting, synonyms, quoting, and clear errors. */
class DdlParserTest {

    private static SparkType.Field field(String name, SparkType type) {
        return new SparkType.Field(name, type, true);
    }

    @Test
    void theShopSchema() throws Exception {
        SparkType.Struct schema = DdlParser.parseSchema("order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP");
        assertEquals(new SparkType.Struct(List.of(field("order_id", Atomic.INTEGER), field("customer_id", Atomic.INTEGER),
                field("amount", new SparkType.Decimal(10, 2)), field("order_ts", Atomic.TIMESTAMP))), schema);
        assertEquals("order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP", DdlParser.toDdl(schema));
    }

    @Test
    void everyTypeNameAndSynonymCaseInsensitively() throws Exception {
        SparkType.Struct schema = DdlParser.parseSchema("a boolean, b TINYINT, c byte, d SmallInt, e short, f int, g Integer,"
                + " h bigint, i long, j float, k real, l double, m string, n binary, o date, p timestamp, q timestamp_ltz,"
                + " r TIMESTAMP_NTZ, s void, t decimal, u dec(5), v numeric(38, 38), w STRING COLLATE UTF8_LCASE");
        assertEquals(List.of(Atomic.BOOLEAN, Atomic.BYTE, Atomic.BYTE, Atomic.SHORT, Atomic.SHORT, Atomic.INTEGER,
                Atomic.INTEGER, Atomic.LONG, Atomic.LONG, Atomic.FLOAT, Atomic.FLOAT, Atomic.DOUBLE, Atomic.STRING,
                Atomic.BINARY, Atomic.DATE, Atomic.TIMESTAMP, Atomic.TIMESTAMP, Atomic.TIMESTAMP_NTZ, Atomic.NULL,
                new SparkType.Decimal(10, 0), new SparkType.Decimal(5, 0), new SparkType.Decimal(38, 38), Atomic.STRING),
                schema.fields().stream().map(SparkType.Field::type).toList());
    }

    @Test
    void nestedStructArrayAndMapWithOptionalColons() throws Exception {
        SparkType.Struct schema = DdlParser.parseSchema(
                "id BIGINT, customer STRUCT<name: STRING, tags ARRAY<STRING>>, lines ARRAY<STRUCT<sku:STRING,qty:INT>>,"
                        + " attrs MAP<STRING, ARRAY<MAP<STRING,INT>>>, empty STRUCT<>");
        assertEquals("id BIGINT, customer STRUCT<name: STRING, tags: ARRAY<STRING>>, lines ARRAY<STRUCT<sku: STRING,"
                + " qty: INT>>, attrs MAP<STRING, ARRAY<MAP<STRING, INT>>>, empty STRUCT<>", DdlParser.toDdl(schema));
        SparkType.Array lines = (SparkType.Array) schema.field(2).type();
        assertEquals(new SparkType.Struct(List.of(field("sku", Atomic.STRING), field("qty", Atomic.INTEGER))), lines.elementType());
    }

    @Test
    void aSingleStructTypeIsASchemaToo() throws Exception {
        assertEquals(DdlParser.parseSchema("a INT, `b c` STRING"), DdlParser.parseSchema("STRUCT<a: INT, `b c`: STRING>"));
    }

    @Test
    void sparksJsonFormOfASchemaIsTakenToo() throws Exception {
        assertEquals(DdlParser.parseSchema("order_id INT, amount DECIMAL(10,2)"), DdlParser.parseSchema(
                "{\"type\":\"struct\",\"fields\":[{\"name\":\"order_id\",\"type\":\"integer\",\"nullable\":true,\"metadata\":{}},"
                        + "{\"name\":\"amount\",\"type\":\"decimal(10,2)\",\"nullable\":true,\"metadata\":{}}]}"));
        assertTrue(assertThrows(SchemaException.class, () -> DdlParser.parseSchema("{\"type\":")).getMessage()
                .contains("is not valid JSON"));
    }

    @Test
    void backquotedNamesKeepEverythingAndDoubledBackquotes() throws Exception {
        SparkType.Struct schema = DdlParser.parseSchema("`order id` INT, `weird``name` STRING, `STRUCT` INT, Timestamp TIMESTAMP");
        assertEquals(List.of("order id", "weird`name", "STRUCT", "Timestamp"),
                schema.fields().stream().map(SparkType.Field::name).toList());
    }

    @Test
    void notNullIsKeptAndCommentsAreChecked() throws Exception {
        SparkType.Struct schema = DdlParser.parseSchema("id INT NOT NULL COMMENT 'the order''s id', note STRING COMMENT"
                + " \"a \\\"note\\\"\" 'continued'");
        assertFalse(schema.field(0).nullable());
        assertTrue(schema.field(1).nullable());
        assertEquals("id INT NOT NULL, note STRING", DdlParser.toDdl(schema));
    }

    @Test
    void toDdlParsesBackToTheSameSchema() throws Exception {
        SparkType.Struct schema = DdlParser.parseSchema("`a b` DECIMAL(12,3) NOT NULL, m MAP<STRING, STRUCT<`x``y`:"
                + " ARRAY<TINYINT>>>, t TIMESTAMP_NTZ, `1` SMALLINT, v VOID");
        assertEquals(schema, DdlParser.parseSchema(DdlParser.toDdl(schema)));
    }

    @Test
    void parseTypeReadsOneType() throws Exception {
        assertEquals(new SparkType.Array(new SparkType.MapType(Atomic.STRING, new SparkType.Decimal(4, 1), true), true),
                DdlParser.parseType("array<map<string,decimal(4,1)>>"));
    }

    private static String error(String ddl) {
        return assertThrows(SchemaException.class, () -> DdlParser.parseSchema(ddl)).getMessage();
    }

    @Test
    void errorsSayWhereAndWhat() {
        assertEquals("schema \"order_id INT, amount DECIMAL(10,2\" at character 34: expected ')' to close DECIMAL(, found"
                + " the end", error("order_id INT, amount DECIMAL(10,2"));
        assertEquals("schema \"order_id, amount INT\" at character 9: expected a type after 'order_id', found ','",
                error("order_id, amount INT"));
        assertEquals("schema \"a INTEGR\" at character 3: unknown type 'INTEGR'", error("a INTEGR"));
        assertEquals("schema \"a INT b INT\" at character 7: unexpected 'b' (a missing comma?)", error("a INT b INT"));
        assertEquals("schema \"a ARRAY<INT>>\" at character 13: unexpected '>' (one '>' too many?)", error("a ARRAY<INT>>"));
        assertTrue(error("a DECIMAL(39,2)").contains("decimal precision 39 is not between 1 and 38"));
        assertTrue(error("a DECIMAL(5,6)").contains("decimal scale 6 is larger than its precision 5"));
        assertTrue(error("a VARCHAR(10)").contains("use STRING"));
        assertTrue(error("a INTERVAL DAY").contains("does not decode yet"));
        assertTrue(error("`a INT").contains("backquoted name is not closed"));
        assertTrue(error("a INT COMMENT 'x").contains("quoted string is not closed"));
        assertTrue(error("a INT; DROP TABLE x").contains("unexpected character ';'"));
        assertTrue(error("").contains("expected a field name, found the end"));
        assertTrue(error("ARRAY<STRUCT<a:INT>>").contains("is not a struct"));
        assertTrue(error("a MAP<STRING>").contains("expected ',' between the key and value types of MAP"));
    }

    @Test
    void errorPositionIsTheOffendingCharacter() {
        SchemaException e = assertThrows(SchemaException.class, () -> DdlParser.parseSchema("a INT, b FOO"));
        assertEquals(9, e.position());
    }
}
