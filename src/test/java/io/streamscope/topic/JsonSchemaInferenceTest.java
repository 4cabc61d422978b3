package io.streamscope.topic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.sparktypes.SparkType.Atomic;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** spark.read.json's schema inference with default options, value by value. */
class JsonSchemaInferenceTest {

    private static InferredSchema infer(String... values) {
        return JsonSchemaInference.infer(Arrays.stream(values)
                .map(v -> v == null ? null : v.getBytes(StandardCharsets.UTF_8)).toList());
    }

    private static String ddl(String... values) {
        return infer(values).ddl();
    }

    @Test
    void theShopTopicInfersWhatSparkInfers() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        List<byte[]> values = new ArrayList<>();
        try (BufferedReader lines = Files.newBufferedReader(Path.of("sample-checkpoints/topics/orders.jsonl"))) {
            String line;
            while ((line = lines.readLine()) != null) {
                JsonNode value = mapper.readTree(line).get("value");
                values.add(value.isNull() ? null : value.asText().getBytes(StandardCharsets.UTF_8));
            }
        }
        InferredSchema inferred = JsonSchemaInference.infer(values);
        // Integers are BIGINT, 25.50 is a DOUBLE, and timestamps stay strings (inferTimestamp is off by default).
        assertEquals("amount DOUBLE, customer_id BIGINT, order_id BIGINT, order_ts STRING", inferred.ddl());
        assertEquals(7, inferred.records());
        assertEquals(0, inferred.malformed());
        assertEquals(new SparkType.Field("amount", Atomic.DOUBLE, true), inferred.schema().field(0));
    }

    @Test
    void typesWidenAsSparksCompatibleType() {
        assertEquals("a DOUBLE", ddl("{\"a\":1}", "{\"a\":2.5}"));
        assertEquals("a DOUBLE", ddl("{\"a\":2.5}", "{\"a\":1}"));
        assertEquals("a STRING", ddl("{\"a\":1}", "{\"a\":\"x\"}"));
        assertEquals("a STRING", ddl("{\"a\":true}", "{\"a\":1}"));
        assertEquals("a BOOLEAN", ddl("{\"a\":true}", "{\"a\":false}"));
        // An empty string counts as a null, which any type wins over.
        assertEquals("a BIGINT", ddl("{\"a\":\"\"}", "{\"a\":7}"));
        assertEquals("a STRING", ddl("{\"a\":\"\"}"));
        // Fields missing from some records are kept.
        assertEquals("a BIGINT, b STRING, c BOOLEAN", ddl("{\"c\":true,\"a\":1}", "{\"b\":\"x\"}"));
        // A struct or an array against a scalar is a STRING.
        assertEquals("a STRING", ddl("{\"a\":{\"x\":1}}", "{\"a\":1}"));
        assertEquals("a STRING", ddl("{\"a\":[1]}", "{\"a\":{\"x\":1}}"));
        // NaN and Infinity are numbers for Spark; single quotes are allowed.
        assertEquals("a DOUBLE, b DOUBLE", ddl("{'a': NaN, \"b\": -Infinity}"));
        assertEquals("a DOUBLE", ddl("{\"a\":1e3}"));
    }

    @Test
    void bigIntegersAreDecimalsAndMergeAsSparkDoes() {
        assertEquals("a BIGINT, b BIGINT", ddl("{\"a\":9223372036854775807,\"b\":-9223372036854775808}"));
        assertEquals("a DECIMAL(19,0), b DECIMAL(19,0)", ddl("{\"a\":9223372036854775808,\"b\":-9223372036854775809}"));
        // BIGINT is DECIMAL(20,0) for merging.
        assertEquals("a DECIMAL(20,0)", ddl("{\"a\":9223372036854775808}", "{\"a\":1}"));
        assertEquals("a DECIMAL(25,0)", ddl("{\"a\":1}", "{\"a\":1234567890123456789012345}"));
        assertEquals("a DECIMAL(30,0)", ddl("{\"a\":1234567890123456789012345}", "{\"a\":123456789012345678901234567890}"));
        assertEquals("a DOUBLE", ddl("{\"a\":9223372036854775808}", "{\"a\":0.5}"));
        assertEquals("a DECIMAL(38,0)", ddl("{\"a\":" + "9".repeat(38) + "}"));
        assertEquals("a DOUBLE", ddl("{\"a\":" + "9".repeat(39) + "}"));
        assertEquals("a STRING", ddl("{\"a\":9223372036854775808}", "{\"a\":\"x\"}"));
        // Jackson's (and so Spark's) 1000-character limit on numbers.
        assertEquals("a DOUBLE", ddl("{\"a\":" + "9".repeat(1000) + "}"));
        InferredSchema tooLong = infer("{\"a\":" + "9".repeat(1001) + "}");
        assertEquals("_corrupt_record STRING", tooLong.ddl());
        assertEquals(1, tooLong.malformed());
    }

    @Test
    void nestedStructsAndArraysMergeFieldByFieldAndElementByElement() {
        InferredSchema inferred = infer(
                "{\"customer\":{\"id\":1,\"name\":\"Ann\"},\"lines\":[{\"sku\":\"A\",\"qty\":2}],\"tags\":[\"x\"]}",
                "{\"customer\":{\"id\":2.5,\"vip\":true},\"lines\":[{\"sku\":\"B\",\"price\":9.5},{\"qty\":1}],\"tags\":[]}");
        assertEquals("customer STRUCT<id: DOUBLE, name: STRING, vip: BOOLEAN>, lines ARRAY<STRUCT<price: DOUBLE, qty:"
                + " BIGINT, sku: STRING>>, tags ARRAY<STRING>", inferred.ddl());
        SparkType.Struct customer = (SparkType.Struct) inferred.schema().field(0).type();
        assertEquals(List.of("id", "name", "vip"), customer.fields().stream().map(SparkType.Field::name).toList());
        assertEquals(new SparkType.Array(Atomic.STRING, true), inferred.schema().field(2).type());
        // Within one array, elements merge too; numbers and objects give strings.
        assertEquals("a ARRAY<DOUBLE>, b ARRAY<STRING>, c ARRAY<ARRAY<BIGINT>>",
                ddl("{\"a\":[1,2.5,null],\"b\":[1,{\"x\":1}],\"c\":[[1],[],[2]]}"));
    }

    @Test
    void nullsBecomeStringsAndEmptyStructsDisappear() {
        assertEquals("a STRING, b ARRAY<STRING>, d ARRAY<STRING>",
                ddl("{\"a\":null,\"b\":[],\"c\":{},\"d\":[null],\"e\":[{}],\"f\":{\"g\":{}},\"\":1}"));
        assertEquals("a BIGINT", ddl("{\"a\":null}", "{\"a\":5}", "{\"a\":null}"));
        assertEquals("a ARRAY<BIGINT>", ddl("{\"a\":[]}", "{\"a\":[3]}"));
        // Only empty objects: an empty schema.
        assertEquals(new SparkType.Struct(List.of()), infer("{}", "{\"c\":{}}").schema());
    }

    @Test
    void malformedRecordsAddTheCorruptRecordColumnAndTheRestStillCounts() {
        InferredSchema inferred = infer("{\"a\":1}", "{\"a\":", "{\"b\":\"x\"}", "42", "\"text\"", "[1,2]", "not json",
                "{\"a\": 01}", "{\"a\":1 /* comment */}");
        assertEquals("_corrupt_record STRING, a BIGINT, b STRING", inferred.ddl());
        assertEquals(9, inferred.records());
        assertEquals(7, inferred.malformed());
        // Sorted in by name: upper case sorts before '_', lower case after.
        assertEquals("Zone STRING, _corrupt_record STRING, a BIGINT", ddl("{\"Zone\":\"x\"}", "oops", "{\"a\":1}"));
        assertEquals("_corrupt_record STRING", ddl("oops"));
        assertEquals("_corrupt_record STRING", ddl("true"));
        // A field of that name already there is kept as it is.
        assertEquals("_corrupt_record BIGINT", ddl("{\"_corrupt_record\":5}", "7"));
        // Invalid UTF-8.
        InferredSchema badBytes = JsonSchemaInference.infer(List.of(new byte[]{'{', '"', 'a', '"', ':', '"',
                (byte) 0xC3, (byte) 0x28, '"', '}'}));
        assertEquals("_corrupt_record STRING", badBytes.ddl());
    }

    @Test
    void topLevelArraysOfObjectsAreTheirObjects() {
        InferredSchema inferred = infer("[{\"a\":1},{\"b\":2.5}]", "[]", "[[{\"c\":true}]]");
        assertEquals("a BIGINT, b DOUBLE, c BOOLEAN", inferred.ddl());
        assertEquals(3, inferred.records());
        assertEquals(0, inferred.malformed());
        InferredSchema mixed = infer("[{\"a\":1}, 2]");
        assertEquals("_corrupt_record STRING", mixed.ddl());
        assertEquals(1, mixed.malformed());
    }

    @Test
    void emptyInputNullsAndEmptyDocumentsGiveAnEmptySchema() {
        InferredSchema none = JsonSchemaInference.infer(List.of());
        assertEquals(new SparkType.Struct(List.of()), none.schema());
        assertEquals("", none.ddl());
        assertEquals(0, none.records());
        InferredSchema nothing = infer(null, "", "   ", "null", null);
        assertEquals(new SparkType.Struct(List.of()), nothing.schema());
        assertEquals(3, nothing.records());
        assertEquals(0, nothing.malformed());
        assertEquals("a BIGINT", ddl(null, "{\"a\":1}", "null", ""));
    }

    @Test
    void onlyTheFirstJsonValueOfARecordIsRead() {
        // Spark's inference stops after the first value; what follows does not make the record malformed.
        InferredSchema inferred = infer("{\"a\":1} trailing", "{\"b\":1}{\"c\":2}");
        assertEquals("a BIGINT, b BIGINT", inferred.ddl());
        assertEquals(0, inferred.malformed());
    }

    @Test
    void namesDifferingOnlyInCaseMergeWhenTheStructsLineUp() {
        // findTightestCommonType pairs fields by position with the case-insensitive resolver: the first name wins.
        assertEquals("A BIGINT", ddl("{\"A\":1}", "{\"a\":2}"));
        assertEquals("a DOUBLE", ddl("{\"a\":1}", "{\"A\":2.5}"));
        // When the types have no tightest common type, compatibleType merges names case-sensitively.
        assertEquals("A BIGINT, a STRING", ddl("{\"A\":1}", "{\"a\":\"x\"}"));
        assertEquals("A BIGINT, a BIGINT, b BIGINT", ddl("{\"A\":1}", "{\"a\":2,\"b\":3}"));
    }

    /** How deep structs nest along their first fields, and the innermost type; without deep equals (see below). */
    private static String shape(SparkType type) {
        int depth = 0;
        while (type instanceof SparkType.Struct struct && struct.size() > 0) {
            type = struct.field(0).type();
            depth++;
        }
        return depth + " " + DdlParser.ddlOf(type);
    }

    @Test
    void nestingIsBoundedAtJacksonsDepthOf1000() throws Exception {
        String deepest = "{\"a\":".repeat(999) + "{\"a\":1}" + "}".repeat(999);
        InferredSchema deep = infer(deepest);
        assertEquals(0, deep.malformed());
        assertEquals("1000 BIGINT", shape(deep.schema()));
        // DdlParser takes about 1 KB of stack a level once compiled, more than a default 1 MB thread has for a
        // thousand levels (it then says so, with a SchemaException); and records' equals overflows there too, so the
        // round trip runs on a larger stack and compares the DDL.
        SparkType.Struct[] parsed = new SparkType.Struct[1];
        Throwable[] failure = new Throwable[1];
        Thread parser = new Thread(null, () -> {
            try {
                parsed[0] = DdlParser.parseSchema(deep.ddl());
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "deep-ddl", 64L << 20);
        parser.start();
        parser.join();
        assertEquals(null, failure[0]);
        assertEquals("1000 BIGINT", shape(parsed[0]));
        assertEquals(deep.ddl(), DdlParser.toDdl(parsed[0]));
        assertTrue(assertThrows(SchemaException.class, () -> DdlParser.parseSchema("a " + "STRUCT<a: ".repeat(100_000)
                + "BIGINT" + ">".repeat(100_000))).getMessage().contains("nested too deeply"));
        // Merging two such records (equal, then widened) goes as deep.
        assertEquals("1000 BIGINT", shape(infer(deepest, deepest).schema()));
        assertEquals("1000 DOUBLE", shape(infer(deepest, deepest.replace("1}", "1.5}")).schema()));
        assertEquals("1000 STRING", shape(infer(deepest, deepest.replace("1}", "\"x\"}")).schema()));

        InferredSchema tooDeep = infer("{\"a\":" + deepest + "}", "{\"b\":1}");
        assertEquals("_corrupt_record STRING, b BIGINT", tooDeep.ddl());
        assertEquals(1, tooDeep.malformed());
        // Far deeper input is refused at the limit: no stack overflow.
        InferredSchema huge = infer("[".repeat(1_000_000), "{\"a\":".repeat(500_000));
        assertEquals("_corrupt_record STRING", huge.ddl());
        assertEquals(2, huge.malformed());
        assertEquals(0, infer("[".repeat(999) + "{}" + "]".repeat(999)).malformed());
    }

    @Test
    void theDdlParsesBackToTheSameSchema() throws Exception {
        InferredSchema inferred = infer("{\"order id\":1,\"x`y\":2.5,\"123\":true,\"caf\u00e9\":\"x\",\"STRUCT\":1,"
                        + "\"nested\":{\"a b\":[{\"c\":9223372036854775808}],\"d\":[[null]]},\"_ok\":null}",
                "broken");
        assertEquals("`123` BOOLEAN, STRUCT BIGINT, _corrupt_record STRING, _ok STRING, `caf\u00e9` STRING, nested"
                + " STRUCT<`a b`: ARRAY<STRUCT<c: DECIMAL(19,0)>>, d: ARRAY<ARRAY<STRING>>>, `order id` BIGINT,"
                + " `x``y` DOUBLE", inferred.ddl());
        assertEquals(inferred.schema(), DdlParser.parseSchema(inferred.ddl()));
    }

    @Test
    void theAccumulatorStreamsAndCanBeAskedMidway() {
        JsonSchemaInference.Accumulator accumulator = JsonSchemaInference.accumulator();
        accumulator.add("{\"a\":1}".getBytes(StandardCharsets.UTF_8)).add((byte[]) null);
        assertEquals("a BIGINT", accumulator.result().ddl());
        accumulator.add(Bytes.utf8("{\"a\":1.5,\"b\":[1]}"));
        InferredSchema result = accumulator.result();
        assertEquals("a DOUBLE, b ARRAY<BIGINT>", result.ddl());
        assertEquals(2, result.records());
        assertEquals(2, accumulator.records());
        assertThrows(IllegalArgumentException.class, () -> accumulator.add(Bytes.preview(new byte[100], 10)));
    }
}
