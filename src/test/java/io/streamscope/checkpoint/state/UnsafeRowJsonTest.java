package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.sparktypes.SparkType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static io.streamscope.checkpoint.state.UnsafeRowDecoderTest.RowWriter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The state command writes UnsafeRows as JSON straight from their bytes ({@link UnsafeRowJson}); the window decodes
 * them ({@link UnsafeRowDecoder}) and {@link SparkJson} writes the values. Both must give the same text for every
 * row, and damaged bytes must fail both ways, writing nothing.
 */
class UnsafeRowJsonTest {

    private static final JsonFactory JSON = new JsonFactory();
    private static final SparkType.Struct WINDOW = struct(field("start", SparkType.Atomic.TIMESTAMP), field("end", SparkType.Atomic.TIMESTAMP));

    @Test
    void everyTypeIsWrittenAsTheDecodedRowIs() throws Exception {
        SparkType.Struct schema = struct(
                field("bool", SparkType.Atomic.BOOLEAN), field("b", SparkType.Atomic.BYTE), field("s", SparkType.Atomic.SHORT),
                field("i", SparkType.Atomic.INTEGER), field("l", SparkType.Atomic.LONG), field("f", SparkType.Atomic.FLOAT),
                field("d", SparkType.Atomic.DOUBLE), field("dec", new SparkType.Decimal(10, 2)),
                field("big", new SparkType.Decimal(38, 4)), field("str", SparkType.Atomic.STRING),
                field("bin", SparkType.Atomic.BINARY), field("day", SparkType.Atomic.DATE), field("ts", SparkType.Atomic.TIMESTAMP),
                field("ntz", SparkType.Atomic.TIMESTAMP_NTZ), field("window", WINDOW),
                field("ints", new SparkType.Array(SparkType.Atomic.INTEGER, true)),
                field("totals", new SparkType.MapType(SparkType.Atomic.STRING, SparkType.Atomic.LONG, true)),
                field("nothing", SparkType.Atomic.NULL), field("missing", SparkType.Atomic.LONG));
        byte[] bytes = new RowWriter(19)
                .bool(0, true).i8(1, (byte) -5).i16(2, (short) -300).i32(3, -123_456).i64(4, Long.MIN_VALUE)
                .f32(5, 1.5e-7f).f64(6, -2.25e300).i64(7, -12_345).bigDecimal(8, new BigInteger("-123456789012345678901234567890"))
                .string(9, "plain").var(10, new byte[]{1, 2, 3, (byte) 0xFF}).i32(11, 19_000).i64(12, 15_123_456L)
                .i64(13, 1_641_636_000_000_000L).var(14, new RowWriter(2).i64(0, 0).i64(1, 600_000_000).bytes())
                .var(15, UnsafeRowDecoderTest.intArray(1, null, 3))
                .var(16, UnsafeRowDecoderTest.map(UnsafeRowDecoderTest.stringArray("k"), UnsafeRowDecoderTest.longArray(5)))
                .setNull(18).bytes();
        String expected = decodedJson(bytes, 0, bytes.length, schema);
        assertTrue(expected.contains("\"window\":{\"start\":\"1970-01-01T00:00:00.000Z\""), expected);
        assertEquals(expected, directJson(bytes, 0, bytes.length, schema, true));
        assertEquals(expected, directJson(bytes, 0, bytes.length, schema, false));
    }

    /**
     * Decimals are written from their unscaled longs, as bytes and through Jackson, as decoded ones are: those of up
     * to 18 digits always, wider ones (a sum's) where their bytes hold a long's worth; wider values are decoded, and
     * their row is not written as bytes.
     */
    @Test
    void decimalsAreWrittenAsTheDecodedRowIs() throws Exception {
        SparkType.Struct schema = struct(field("amount", new SparkType.Decimal(10, 2)), field("tiny", new SparkType.Decimal(18, 18)),
                field("whole", new SparkType.Decimal(18, 0)), field("rate", new SparkType.Decimal(12, 9)),
                field("sum", new SparkType.Decimal(20, 2)), field("fine", new SparkType.Decimal(38, 30)), field("id", SparkType.Atomic.LONG));
        UnsafeRowJson writer = new UnsafeRowJson(schema);
        java.util.Random random = new java.util.Random(10);
        int asBytes = 0;
        int wide = 0;
        for (int round = 0; round < 5_000; round++) {
            RowWriter row = new RowWriter(schema.size());
            for (int i = 0; i < 4; i++) {
                row.i64(i, random.nextLong() >> random.nextInt(64));
            }
            boolean tooWide = round % 10 == 0;
            for (int i = 4; i < 6; i++) {
                BigInteger unscaled = BigInteger.valueOf(random.nextLong() >> random.nextInt(64));
                row.bigDecimal(i, tooWide && i == 4 ? unscaled.multiply(BigInteger.TEN.pow(19)).add(BigInteger.ONE) : unscaled);
            }
            row.i64(6, round);
            if (round % 7 == 0) {
                row.setNull(random.nextInt(6));
            }
            byte[] bytes = row.bytes();
            String expected = decodedJson(bytes, 0, bytes.length, schema);
            assertEquals(expected, directJson(bytes, 0, bytes.length, schema, true), "round " + round);
            JsonBytes out = new JsonBytes(16);
            if (writer.write(out, bytes, 0, bytes.length)) {
                asBytes++;
                ByteArrayOutputStream text = new ByteArrayOutputStream();
                out.writeTo(text);
                assertEquals(expected, text.toString(StandardCharsets.UTF_8), "round " + round + " as bytes");
            } else {
                wide++;
            }
        }
        // a tenth of the rows hold a sum wider than a long (unless a null took its place)
        assertTrue(wide > 400 && wide <= 500 && asBytes + wide == 5_000, asBytes + " rows as bytes, " + wide + " not");
    }

    @Test
    void stringsThatNeedEscapingOrAreNotAscii() throws Exception {
        SparkType.Struct schema = struct(field("s", SparkType.Atomic.STRING));
        for (byte[] text : List.of(utf8("say \"hi\"\\ \n\t\u0001 /"), utf8("héllo ✓"), utf8(""), utf8("\u007f"),
                new byte[]{'a', (byte) 0xFF, 'b'}, new byte[]{(byte) 0xE2, (byte) 0x9C})) {
            byte[] bytes = new RowWriter(1).var(0, text).bytes();
            String expected = decodedJson(bytes, 0, bytes.length, schema);
            assertEquals(expected, directJson(bytes, 0, bytes.length, schema, true), HexFormat.of().formatHex(text));
            assertEquals(expected, directJson(bytes, 0, bytes.length, schema, false), HexFormat.of().formatHex(text));
        }
    }

    @Test
    void aRowInsideALargerBufferAndASecondBitsetWord() throws Exception {
        List<SparkType.Field> fields = new ArrayList<>();
        RowWriter writer = new RowWriter(70);
        for (int i = 0; i < 70; i++) {
            fields.add(field("f" + i, i % 2 == 0 ? SparkType.Atomic.LONG : SparkType.Atomic.STRING));
            if (i % 7 == 0) {
                writer.setNull(i);
            } else if (i % 2 == 0) {
                writer.i64(i, i * 1000L);
            } else {
                writer.string(i, "v" + i);
            }
        }
        SparkType.Struct schema = new SparkType.Struct(fields);
        byte[] row = writer.bytes();
        byte[] buffer = UnsafeRowDecoderTest.concat(new byte[]{9, 9, 9}, row, new byte[]{7});
        String expected = decodedJson(buffer, 3, row.length, schema);
        assertTrue(expected.contains("\"f69\":\"v69\"") && !expected.contains("\"f63\""), expected);
        assertEquals(expected, directJson(buffer, 3, row.length, schema, true));
    }

    @Test
    void damagedRowsFailBothWaysAndWriteNothing() throws Exception {
        SparkType.Struct schema = struct(field("window", WINDOW), field("name", SparkType.Atomic.STRING),
                field("count", SparkType.Atomic.LONG), field("ints", new SparkType.Array(SparkType.Atomic.INTEGER, true)),
                field("big", new SparkType.Decimal(30, 2)), field("flag", SparkType.Atomic.BOOLEAN));
        byte[] valid = new RowWriter(6).var(0, new RowWriter(2).i64(0, 1).i64(1, 2).bytes()).string(1, "name")
                .i64(2, 42).var(3, UnsafeRowDecoderTest.intArray(1, null, 3)).bigDecimal(4, BigInteger.TEN.pow(25))
                .bool(5, true).bytes();
        int written = 0;
        int refused = 0;
        List<byte[]> copies = UnsafeRowDecoderTest.damagedCopies(valid, 11, 20_000);
        for (int round = 0; round < copies.size(); round++) {
            byte[] damaged = copies.get(round);
            String decoded = null;
            try {
                decoded = decodedJson(damaged, 0, damaged.length, schema);
            } catch (UnsafeRowException expected) {
                // the direct writer must refuse it too
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (JsonGenerator json = JSON.createGenerator(out)) {
                new UnsafeRowJson(schema).write(json, damaged, 0, damaged.length);
                json.flush();
                assertEquals(decoded, out.toString(StandardCharsets.UTF_8), "round " + round);
                written++;
            } catch (UnsafeRowException e) {
                if (decoded != null) {
                    fail("round " + round + ": decodes as " + decoded + " but the direct writer refused: " + e.getMessage());
                }
                assertEquals(0, out.size(), "round " + round + ": wrote " + out);
                refused++;
            } catch (RuntimeException e) {
                fail("round " + round + ": " + e + " for " + HexFormat.of().formatHex(damaged), e);
            }
        }
        assertTrue(written > 0 && refused > 0, written + " written, " + refused + " refused");
    }

    /**
     * Every row of every state store of Spark's fixtures, at every committed batch, written both ways from the bytes as
     * read, and as {@link JsonBytes} where the row allows.
     */
    @Test
    void everyRowOfEveryFixtureStore() throws Exception {
        int rows = 0;
        int[] asBytes = {0};
        for (Path fixture : fixtures()) {
            Checkpoint checkpoint = CheckpointReader.read(fixture);
            for (StateOperatorInfo operator : checkpoint.stateOperators()) {
                for (StateStoreInfo store : operator.stores()) {
                    StateReader reader = StateReader.open(checkpoint, operator, store, Optional.empty());
                    for (Batch batch : checkpoint.batches().values()) {
                        if (batch.commit().isEmpty()) {
                            continue;
                        }
                        List<String> mismatches = new ArrayList<>();
                        int[] count = {0};
                        reader.forEachRow(batch.id(), row -> {
                            count[0]++;
                            JsonBytes bytes = new JsonBytes(64); // first: like Jackson's way, it writes rows not yet decoded
                            boolean written = row.writeKey(bytes) && (!row.hasValue() || row.writeValue(bytes));
                            String direct = write(row::writeKey) + (row.hasValue() ? write(row::writeValue) : "");
                            String decoded = SparkJson.text(row.key()) + (row.hasValue() ? SparkJson.text(row.value()) : "");
                            if (!direct.equals(decoded)) {
                                mismatches.add(direct + " vs " + decoded);
                            }
                            if (written) {
                                asBytes[0]++;
                                ByteArrayOutputStream text = new ByteArrayOutputStream();
                                try {
                                    bytes.writeTo(text);
                                } catch (IOException e) {
                                    throw new java.io.UncheckedIOException(e);
                                }
                                if (!text.toString(StandardCharsets.UTF_8).equals(decoded)) {
                                    mismatches.add(text.toString(StandardCharsets.UTF_8) + " (as bytes) vs " + decoded);
                                }
                            }
                        });
                        assertEquals(List.of(), mismatches, fixture + " " + store.storeName() + " batch " + batch.id());
                        rows += count[0];
                    }
                }
            }
        }
        assertTrue(rows > 500, rows + " rows compared");
        assertTrue(asBytes[0] > 100 && asBytes[0] < rows, asBytes[0] + " of " + rows + " rows written as bytes too");
    }

    private interface JsonWriting {
        void write(JsonGenerator json) throws IOException;
    }

    private static String write(JsonWriting writing) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            writing.write(json);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static List<Path> fixtures() throws IOException {
        try (Stream<Path> files = Files.walk(StateConformanceTest.CORPUS)) {
            return files.filter(path -> path.getFileName().toString().equals("state") && Files.isDirectory(path))
                    .map(Path::getParent).sorted().toList();
        }
    }

    private static String decodedJson(byte[] bytes, int from, int size, SparkType.Struct schema) throws UnsafeRowException {
        return SparkJson.text(UnsafeRowDecoder.decode(bytes, from, size, schema));
    }

    private static String directJson(byte[] bytes, int from, int size, SparkType.Struct schema, boolean utf8) throws Exception {
        if (utf8) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (JsonGenerator json = JSON.createGenerator(out)) {
                new UnsafeRowJson(schema).write(json, bytes, from, size);
            }
            return out.toString(StandardCharsets.UTF_8);
        }
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            new UnsafeRowJson(schema).write(json, bytes, from, size);
        }
        return out.toString();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static SparkType.Field field(String name, SparkType type) {
        return new SparkType.Field(name, type, true);
    }

    private static SparkType.Struct struct(SparkType.Field... fields) {
        return new SparkType.Struct(List.of(fields));
    }
}
