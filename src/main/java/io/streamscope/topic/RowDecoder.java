package io.streamscope.topic;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code from_json(col("value").cast("string"), schema)} in PERMISSIVE mode with default options, as Spark 4.0's
 * {@code JacksonParser} does it (partial results on, exact string parsing on). The structure mirrors Spark's, on the
 * same JSON library (Jackson, with Spark's JSON options), so the rows agree:
 * <ul>
 *   <li>keys match field names exactly (case-sensitive); unknown keys are skipped; a repeated key: the last wins;</li>
 *   <li>a value that does not fit its type is null, the other fields are kept ({@link DecodedRow.Outcome#PARTIAL});
 *       inside an array or map, a bad element fails the whole array or map, except a partly-bad struct element;</li>
 *   <li>malformed JSON, a top-level array, scalar or {@code null}: every field null
 *       ({@link DecodedRow.Outcome#MALFORMED}); an empty or blank text, or a null value: a null struct;</li>
 *   <li>numbers: Jackson's range checks (a TINYINT takes -128…255, as Jackson's {@code getByteValue} does); FLOAT and
 *       DOUBLE also take the strings {@code NaN}, {@code Infinity}, {@code +INF}, {@code -Infinity}, …;</li>
 *   <li>DECIMAL(p,s): a number or a numeric string (commas dropped), rounded HALF_UP to s digits; more than p digits
 *       after rounding is null;</li>
 *   <li>STRING: a JSON string's text, or any other value's exact JSON text ({@code 1.50} stays {@code "1.50"});</li>
 *   <li>TIMESTAMP: Spark's lenient ISO-8601 parsing (see {@link SparkDateTime}) in the session time zone (UTC unless
 *       set), or a JSON integer taken as epoch seconds; DATE likewise, or a string of days since the epoch;</li>
 *   <li>BINARY: base64 text;</li>
 *   <li>MAP: a JSON object, keys in input order; a repeated key is kept twice, as Spark's map data does.</li>
 * </ul>
 * Rows are {@link Row}s of {@link SparkType}s, the value classes {@code Row} lists (binary as {@code byte[]}, maps as
 * {@link Row.MapValue}).
 * Not reproduced: the {@code columnNameOfCorruptRecord} column, non-default from_json options, legacy parser
 * policies, Spark's Julian-calendar rebasing of day counts before 1582-10-15, and older Spark versions where they
 * differ (before 4.0 a non-string value read as STRING is re-serialized, {@code 1.50} → {@code "1.5"}; before 3.4
 * a bad value inside a nested struct, array or map nulls the whole top-level field).
 */
public final class RowDecoder {

    /** The factory of every parser here, and of the generator that writes a value's JSON again ({@link JsonScalars}). */
    static final JsonFactory FACTORY = JsonFactory.builder()
            // Spark's JSONOptions defaults: single quotes and NaN/Infinity allowed, the rest strict.
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            // Lifted so that several-MB values decode; Spark's exact limits here were not checked.
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE).maxNumberLength(Integer.MAX_VALUE).build())
            .build();

    private final SparkType.Struct schema;
    private final ZoneId sessionZone;
    private final Clock clock;
    private final JsonScalars scalars;
    /** Field index by name per struct of the schema; for a repeated name the last field, as Spark's lookup does. */
    private final Map<SparkType.Struct, Map<String, Integer>> fieldIndexes;

    private RowDecoder(SparkType.Struct schema, ZoneId sessionZone, Clock clock,
                       Map<SparkType.Struct, Map<String, Integer>> fieldIndexes) {
        this.schema = schema;
        this.sessionZone = sessionZone;
        this.clock = clock;
        this.scalars = new JsonScalars(sessionZone, clock);
        this.fieldIndexes = fieldIndexes;
    }

    /**
     * @throws SchemaException when from_json would refuse the schema (a MAP whose keys are not STRING), or it holds a
     *                         type this decoder does not read (intervals, variants, user-defined types)
     */
    public static RowDecoder of(SparkType.Struct schema) throws SchemaException {
        Map<SparkType.Struct, Map<String, Integer>> indexes = new IdentityHashMap<>();
        check(schema, indexes);
        return new RowDecoder(schema, ZoneOffset.UTC, Clock.systemUTC(), indexes);
    }

    public static RowDecoder of(String ddl) throws SchemaException {
        return of(DdlParser.parseSchema(ddl));
    }

    /** Spark's {@code spark.sql.session.timeZone}, for timestamps written without a zone. Default UTC. */
    public RowDecoder withSessionTimeZone(ZoneId zone) {
        return new RowDecoder(schema, Objects.requireNonNull(zone), clock, fieldIndexes);
    }

    /** Today's date for a timestamp given as a time only ({@code "09:01:00"}), which Spark takes as "now". */
    public RowDecoder withClock(Clock newClock) {
        return new RowDecoder(schema, sessionZone, Objects.requireNonNull(newClock), fieldIndexes);
    }

    public SparkType.Struct schema() {
        return schema;
    }

    /** Decodes a whole record value (not a preview); null is a tombstone. */
    public DecodedRow decode(Bytes value) {
        if (value == null) {
            return new DecodedRow(null, DecodedRow.Outcome.NULL, null);
        }
        if (value.truncated()) {
            throw new IllegalArgumentException("the value is a preview of " + value.length() + " of " + value.size()
                    + " bytes; read the record with ReadOptions.fullValues() to decode it");
        }
        return decode(value.array());
    }

    public DecodedRow decode(String json) {
        return json == null ? new DecodedRow(null, DecodedRow.Outcome.NULL, null)
                : decode(json.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code utf8} is read, never changed. */
    public DecodedRow decode(byte[] utf8) {
        if (utf8 == null) {
            return new DecodedRow(null, DecodedRow.Outcome.NULL, null);
        }
        try (JsonParser parser = FACTORY.createParser(utf8, 0, utf8.length)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return new DecodedRow(null, DecodedRow.Outcome.NULL, null);
            }
            return switch (first) {
                case START_OBJECT -> new DecodedRow(convertObject(parser, schema, utf8), DecodedRow.Outcome.PARSED, null);
                case VALUE_NULL -> malformed("the value is JSON null, not an object");
                case START_ARRAY -> malformed("the value is a JSON array, not an object");
                default -> malformed("the value is a JSON " + describe(first) + ", not an object");
            };
        } catch (PartialValue partial) {
            return new DecodedRow((Row) partial.value, DecodedRow.Outcome.PARTIAL, partial.problem);
        } catch (JsonProcessingException e) {
            return malformed("not valid JSON: " + e.getOriginalMessage() + location(e));
        } catch (IOException | RuntimeException e) {
            return malformed(reason(e));
        }
    }

    private DecodedRow malformed(String problem) {
        return new DecodedRow(DecodedRow.nulls(schema), DecodedRow.Outcome.MALFORMED, problem);
    }

    /** A struct whose first bad value is remembered while the rest is still read. */
    private Row convertObject(JsonParser parser, SparkType.Struct struct, byte[] input) throws IOException, PartialValue {
        Map<String, Integer> indexes = fieldIndexes.get(struct);
        Object[] values = new Object[struct.size()];
        String problem = null;
        while (nextUntil(parser, JsonToken.END_OBJECT)) {
            String name = parser.currentName();
            Integer index = name == null ? null : indexes.get(name);
            if (index == null) {
                parser.skipChildren();
                continue;
            }
            int i = index;
            try {
                values[i] = convert(parser, struct.field(i).type(), input);
            } catch (PartialValue partial) {
                values[i] = partial.value;
                problem = problem != null ? problem : name + partial.pathAndProblem();
            } catch (IOException | RuntimeException e) {
                problem = problem != null ? problem : name + ": " + reason(e);
                parser.skipChildren();
            }
        }
        Row row = Row.adopt(struct, values); // values is this call's own array
        if (problem != null) {
            throw new PartialValue(row, problem);
        }
        return row;
    }

    private static boolean nextUntil(JsonParser parser, JsonToken stop) throws IOException {
        JsonToken token = parser.nextToken();
        return token != null && token != stop;
    }

    /** Spark's {@code makeConverter} + {@code parseJsonToken}: the value at the parser (or after a field name). */
    private Object convert(JsonParser parser, SparkType type, byte[] input) throws IOException, PartialValue {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.FIELD_NAME) {
            token = parser.nextToken();
        }
        if (token == null || token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (type instanceof SparkType.Atomic atomic) {
            return scalars.atomic(parser, token, atomic, input);
        }
        if (type instanceof SparkType.Decimal decimal) {
            return JsonScalars.decimal(parser, token, decimal);
        }
        if (type instanceof SparkType.Array array && token == JsonToken.START_ARRAY) {
            return convertArray(parser, array, input);
        }
        if (type instanceof SparkType.MapType map && token == JsonToken.START_OBJECT) {
            return convertMap(parser, map, input);
        }
        if (type instanceof SparkType.Struct struct && token == JsonToken.START_OBJECT) {
            return convertObject(parser, struct, input);
        }
        throw JsonValueMismatch.of(parser, token, type);
    }

    private List<Object> convertArray(JsonParser parser, SparkType.Array type, byte[] input) throws IOException, PartialValue {
        List<Object> values = new ArrayList<>();
        String problem = null;
        while (nextUntil(parser, JsonToken.END_ARRAY)) {
            try {
                values.add(convert(parser, type.elementType(), input));
            } catch (PartialValue partial) {
                values.add(partial.value);
                problem = problem != null ? problem : "[" + (values.size() - 1) + "]" + partial.pathAndProblem();
            }
        }
        List<Object> array = Collections.unmodifiableList(values);
        if (problem != null) {
            throw new PartialValue(array, problem);
        }
        return array;
    }

    private Row.MapValue convertMap(JsonParser parser, SparkType.MapType type, byte[] input) throws IOException, PartialValue {
        List<Object> keys = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        String partialProblem = null;
        String failure = null;
        while (nextUntil(parser, JsonToken.END_OBJECT)) {
            String key = parser.currentName();
            try {
                Object value = convert(parser, type.valueType(), input);
                keys.add(key);
                values.add(value);
            } catch (PartialValue partial) {
                keys.add(key);
                values.add(partial.value);
                partialProblem = partialProblem != null ? partialProblem : "['" + key + "']" + partial.pathAndProblem();
            } catch (IOException | RuntimeException e) {
                // Spark 4.0 keeps the key but not the value, and the map cannot be built: the whole map fails.
                failure = failure != null ? failure : "['" + key + "']: " + reason(e);
                parser.skipChildren();
            }
        }
        if (failure != null) {
            throw new JsonValueMismatch(failure + " (one bad value makes the whole map null)");
        }
        Row.MapValue map = new Row.MapValue(keys, values);
        if (partialProblem != null) {
            throw new PartialValue(map, partialProblem);
        }
        return map;
    }

    /** Checks what from_json would refuse, and indexes every struct's fields. */
    private static void check(SparkType type, Map<SparkType.Struct, Map<String, Integer>> indexes) throws SchemaException {
        if (type instanceof SparkType.MapType map) {
            if (map.keyType() != SparkType.Atomic.STRING) {
                throw new SchemaException("from_json reads map keys as strings: " + DdlParser.ddlOf(map) + " must have"
                        + " STRING keys (Spark: INVALID_JSON_MAP_KEY_TYPE)", -1);
            }
            check(map.valueType(), indexes);
        } else if (type instanceof SparkType.Array array) {
            check(array.elementType(), indexes);
        } else if (type instanceof SparkType.Struct struct) {
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < struct.size(); i++) {
                index.put(struct.field(i).name(), i);
                check(struct.field(i).type(), indexes);
            }
            indexes.put(struct, index);
        } else if (type == SparkType.Atomic.CALENDAR_INTERVAL || type instanceof SparkType.Unsupported) {
            throw new SchemaException("Streamscope does not decode " + type.typeName() + " values from JSON", -1);
        }
    }

    private static String reason(Throwable e) {
        if (e instanceof JsonValueMismatch) {
            return e.getMessage();
        }
        if (e instanceof JsonProcessingException json) {
            return json.getOriginalMessage();
        }
        if (e instanceof NumberFormatException) {
            return "not a number" + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")");
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    private static String describe(JsonToken token) {
        return switch (token) {
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            default -> token.name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static String location(JsonProcessingException e) {
        return e.getLocation() == null ? "" : " (at character " + e.getLocation().getCharOffset() + ")";
    }

    /** A struct, array or map read with some bad values nulled (Spark's PartialValueException). */
    private static final class PartialValue extends Exception {
        final transient Object value;
        final String problem;

        PartialValue(Object value, String problem) {
            super(problem, null, false, false);
            this.value = value;
            this.problem = problem;
        }

        /** {@code .field: reason} or {@code [2].field: reason}, to append after the enclosing name. */
        String pathAndProblem() {
            return problem.startsWith("[") ? problem : "." + problem;
        }
    }
}
