package io.streamscope.topic;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.sparktypes.SparkType.Atomic;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The schema {@code spark.read.json(values)} infers for JSON record values with default options (Spark 3.x and 4.x
 * {@code JsonInferSchema}, PERMISSIVE mode, {@code spark.sql.caseSensitive=false}), read one value at a time: only the
 * merged schema is kept, never the records.
 * <ul>
 *   <li>each value is one document: its first JSON value is read and anything after it ignored, as Spark does;
 *       an object gives a struct with its fields sorted by name (case-sensitively, upper case before {@code _} before
 *       lower case); a top-level array gives the merged type of its elements, so an array of objects counts as those
 *       objects; {@code null}, an empty text or an empty array adds nothing;</li>
 *   <li>integers are {@code BIGINT}, or {@code DECIMAL(n,0)} beyond a long's range (n digits, up to 38; {@code DOUBLE}
 *       beyond); other numbers (and {@code NaN}, {@code Infinity}) are {@code DOUBLE}; strings are {@code STRING}
 *       (no timestamp or decimal inference by default), except the empty string, taken for a null;
 *       {@code true}/{@code false} are {@code BOOLEAN}; arrays are {@code ARRAY} of their elements' merged type;</li>
 *   <li>merging (Spark's {@code compatibleType}): equal types stay; null yields to anything; {@code BIGINT} and
 *       {@code DOUBLE} give {@code DOUBLE}; a decimal and {@code DOUBLE} give {@code DOUBLE}; two decimals (or a
 *       decimal and {@code BIGINT}, taken as {@code DECIMAL(20,0)}) give the decimal wide enough for both, or
 *       {@code DOUBLE} past 38 digits; structs merge field by field, arrays element by element; anything else is
 *       {@code STRING}. Two structs with the same number of fields whose names match in order ignoring case merge
 *       into the first one's names (Spark's {@code findTightestCommonType} with the case-insensitive resolver);</li>
 *   <li>a value that is not valid JSON (Spark's JSON options: single quotes and NaN/Infinity allowed, comments and
 *       leading zeros not; nesting deeper than {@value #MAX_NESTING_DEPTH} or a number longer than 1000 characters
 *       is refused, as Jackson's defaults make Spark refuse it), or whose JSON is a number, string, boolean or an
 *       array of those, is malformed: the schema gets a {@value #CORRUPT_RECORD_COLUMN} {@code STRING} field, sorted
 *       in with the others, unless a field of that name is already there;</li>
 *   <li>at the end, fields that were only ever null (or empty strings) are {@code STRING}, an array only ever empty is
 *       {@code ARRAY<STRING>}, and fields whose struct has no fields (or whose name is empty) are dropped.</li>
 * </ul>
 * Values are merged in the order given, as in one Spark partition. Not reproduced: the non-default options
 * ({@code samplingRatio}, {@code prefersDecimal}, {@code inferTimestamp}, {@code primitivesAsString},
 * {@code dropFieldIfAllNull}, other modes, another corrupt-record column name); a null value is skipped here, where
 * {@code spark.read.json} on a Dataset with null strings would count it as a corrupt record.
 */
public final class JsonSchemaInference {

    /** Spark's default {@code spark.sql.columnNameOfCorruptRecord}. */
    public static final String CORRUPT_RECORD_COLUMN = "_corrupt_record";

    /** Jackson's default {@code StreamReadConstraints} nesting limit, which Spark's parser keeps. */
    public static final int MAX_NESTING_DEPTH = 1000;

    private static final int MAX_NUMBER_LENGTH = 1000;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            // Spark's JSONOptions defaults: single quotes and NaN/Infinity allowed, the rest strict.
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            // Jackson's defaults, which Spark's JsonFactory has, written out so that a newer Jackson does not move
            // them; the string length limit is lifted, as Spark lifts it (SPARK-49872).
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING_DEPTH)
                    .maxNumberLength(MAX_NUMBER_LENGTH)
                    .maxStringLength(Integer.MAX_VALUE)
                    .build())
            .build();

    private static final SparkType.Struct EMPTY = new SparkType.Struct(List.of());

    private static final Comparator<SparkType.Field> BY_NAME = Comparator.comparing(SparkType.Field::name);

    private static final List<Atomic> NUMERIC_PRECEDENCE = List.of(Atomic.BYTE, Atomic.SHORT, Atomic.INTEGER,
            Atomic.LONG, Atomic.FLOAT, Atomic.DOUBLE);

    private JsonSchemaInference() {
    }

    /** The schema of all {@code values} (UTF-8 JSON, as Kafka record values hold it; null values are skipped). */
    public static InferredSchema infer(Iterable<byte[]> values) {
        Accumulator accumulator = new Accumulator();
        for (byte[] value : values) {
            accumulator.add(value);
        }
        return accumulator.result();
    }

    /** An empty accumulator, to {@link Accumulator#add add} values to one at a time. */
    public static Accumulator accumulator() {
        return new Accumulator();
    }

    /**
     * Inference one value at a time: holds the schema merged so far and two counts, nothing of the values. Not
     * thread-safe.
     */
    public static final class Accumulator {
        /** The values' types merged so far (Spark's {@code reduceOption} in a partition); null before the first. */
        private SparkType merged;
        private long records;
        private long malformed;

        private Accumulator() {
        }

        /** Adds one value; a null value (a tombstone) is skipped. */
        public Accumulator add(byte[] value) {
            if (value == null) {
                return this;
            }
            records++;
            SparkType type;
            try (JsonParser parser = FACTORY.createParser(value, 0, value.length)) {
                parser.nextToken();
                type = inferField(parser);
            } catch (IOException | RuntimeException e) {
                // Spark's handleJsonErrorsByParseMode in PERMISSIVE mode.
                type = new SparkType.Struct(List.of(new SparkType.Field(CORRUPT_RECORD_COLUMN, Atomic.STRING, true)));
                malformed++;
            }
            if (!isObjectOrNothing(type)) {
                // A scalar, or an array of them: compatibleRootType will add the corrupt-record column for it.
                malformed++;
            }
            merged = merged == null ? type : compatibleRootType(merged, type);
            return this;
        }

        /** Adds one whole value; null is a tombstone, skipped. */
        public Accumulator add(Bytes value) {
            if (value != null && value.truncated()) {
                throw new IllegalArgumentException("the value is a preview of " + value.length() + " of "
                        + value.size() + " bytes; read the records with ReadOptions.fullValues() to infer a schema");
            }
            return add(value == null ? null : value.array());
        }

        /** Adds the record's value. */
        public Accumulator add(TopicRecord record) {
            return add(record.value());
        }

        public long records() {
            return records;
        }

        public long malformed() {
            return malformed;
        }

        /** The schema of the values added so far; the accumulator can go on taking values. */
        public InferredSchema result() {
            // Spark folds each partition's result into an empty struct, then the partitions' results into another.
            SparkType partition = merged == null ? EMPTY : compatibleRootType(EMPTY, merged);
            SparkType root = compatibleRootType(EMPTY, partition);
            SparkType canonical = canonicalize(root);
            SparkType.Struct schema = canonical instanceof SparkType.Struct struct ? struct : EMPTY;
            return InferredSchema.of(schema, records, malformed);
        }
    }

    /** A record's type that adds no corrupt-record column: a struct, null, or arrays of those (any depth). */
    private static boolean isObjectOrNothing(SparkType type) {
        SparkType inner = type;
        while (inner instanceof SparkType.Array array) {
            inner = array.elementType();
        }
        return inner instanceof SparkType.Struct || inner == Atomic.NULL;
    }

    /**
     * Spark's {@code inferField}: the type of the value at the parser. One small frame per nesting level (scalars
     * are typed in another method), the levels bounded by the parser's nesting limit.
     */
    private static SparkType inferField(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.FIELD_NAME) {
            token = parser.nextToken();
        }
        if (token == JsonToken.START_OBJECT) {
            List<SparkType.Field> fields = new ArrayList<>();
            while (nextUntil(parser, JsonToken.END_OBJECT)) {
                String name = parser.currentName();
                parser.nextToken();
                fields.add(new SparkType.Field(name, inferField(parser), true));
            }
            // Stable, as Spark's Arrays.sort: a repeated name keeps its fields in input order.
            fields.sort(BY_NAME);
            return new SparkType.Struct(fields);
        }
        if (token == JsonToken.START_ARRAY) {
            SparkType element = Atomic.NULL;
            while (nextUntil(parser, JsonToken.END_ARRAY)) {
                element = compatibleType(element, inferField(parser));
            }
            return new SparkType.Array(element, true);
        }
        return inferScalar(parser, token);
    }

    private static SparkType inferScalar(JsonParser parser, JsonToken token) throws IOException {
        if (token == null) {
            return Atomic.NULL;
        }
        switch (token) {
            case VALUE_NULL:
                return Atomic.NULL;
            case VALUE_STRING:
                // Spark takes an empty string for a null, which any other type wins over.
                return parser.getTextLength() < 1 ? Atomic.NULL : Atomic.STRING;
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return switch (parser.getNumberType()) {
                    case INT, LONG -> Atomic.LONG;
                    case BIG_INTEGER, BIG_DECIMAL -> {
                        BigDecimal value = parser.getDecimalValue();
                        int precision = Math.max(value.precision(), value.scale());
                        yield precision <= 38 ? new SparkType.Decimal(precision, value.scale()) : Atomic.DOUBLE;
                    }
                    case FLOAT, DOUBLE -> Atomic.DOUBLE;
                };
            case VALUE_TRUE:
            case VALUE_FALSE:
                return Atomic.BOOLEAN;
            default:
                throw new IllegalStateException("malformed JSON: unexpected " + token);
        }
    }

    /** Spark's {@code JacksonUtils.nextUntil}. */
    private static boolean nextUntil(JsonParser parser, JsonToken stop) throws IOException {
        JsonToken token = parser.nextToken();
        return token != null && token != stop;
    }

    /** Spark's {@code compatibleRootType} in PERMISSIVE mode: top-level arrays unwrapped, non-objects corrupt. */
    private static SparkType compatibleRootType(SparkType t1, SparkType t2) {
        if (t1 instanceof SparkType.Array array) {
            return compatibleRootType(array.elementType(), t2);
        }
        if (t2 instanceof SparkType.Array array) {
            return compatibleRootType(t1, array.elementType());
        }
        if (t1 instanceof SparkType.Struct struct && t2 == Atomic.NULL) {
            return struct;
        }
        if (t1 == Atomic.NULL && t2 instanceof SparkType.Struct struct) {
            return struct;
        }
        if (t1 instanceof SparkType.Struct struct && !(t2 instanceof SparkType.Struct)) {
            return withCorruptField(struct);
        }
        if (t2 instanceof SparkType.Struct struct && !(t1 instanceof SparkType.Struct)) {
            return withCorruptField(struct);
        }
        return compatibleType(t1, t2);
    }

    private static SparkType.Struct withCorruptField(SparkType.Struct struct) {
        if (struct.indexOf(CORRUPT_RECORD_COLUMN) >= 0) {
            return struct;
        }
        List<SparkType.Field> fields = new ArrayList<>(struct.size() + 1);
        fields.add(new SparkType.Field(CORRUPT_RECORD_COLUMN, Atomic.STRING, true));
        fields.addAll(struct.fields());
        fields.sort(BY_NAME);
        return new SparkType.Struct(fields);
    }

    /** Spark's {@code JsonInferSchema.compatibleType}: the most general type of the two, STRING when nothing else. */
    private static SparkType compatibleType(SparkType t1, SparkType t2) {
        SparkType tightest = tightestCommonType(t1, t2);
        if (tightest != null) {
            return tightest;
        }
        if ((t1 == Atomic.DOUBLE || t1 == Atomic.FLOAT) && t2 instanceof SparkType.Decimal
                || t1 instanceof SparkType.Decimal && (t2 == Atomic.DOUBLE || t2 == Atomic.FLOAT)) {
            return Atomic.DOUBLE;
        }
        if (t1 instanceof SparkType.Decimal d1 && t2 instanceof SparkType.Decimal d2) {
            int scale = Math.max(d1.scale(), d2.scale());
            int range = Math.max(d1.precision() - d1.scale(), d2.precision() - d2.scale());
            return range + scale > 38 ? Atomic.DOUBLE : new SparkType.Decimal(range + scale, scale);
        }
        if (t1 instanceof SparkType.Struct s1 && t2 instanceof SparkType.Struct s2) {
            // Both field lists are sorted by name (inference sorts them, merging keeps them sorted): merge them.
            List<SparkType.Field> fields1 = s1.fields();
            List<SparkType.Field> fields2 = s2.fields();
            List<SparkType.Field> merged = new ArrayList<>(Math.max(fields1.size(), fields2.size()));
            int i = 0;
            int j = 0;
            while (i < fields1.size() && j < fields2.size()) {
                SparkType.Field f1 = fields1.get(i);
                SparkType.Field f2 = fields2.get(j);
                int comparison = f1.name().compareTo(f2.name());
                if (comparison == 0) {
                    merged.add(new SparkType.Field(f1.name(), compatibleType(f1.type(), f2.type()), true));
                    i++;
                    j++;
                } else if (comparison < 0) {
                    merged.add(f1);
                    i++;
                } else {
                    merged.add(f2);
                    j++;
                }
            }
            merged.addAll(fields1.subList(i, fields1.size()));
            merged.addAll(fields2.subList(j, fields2.size()));
            return new SparkType.Struct(merged);
        }
        if (t1 instanceof SparkType.Array a1 && t2 instanceof SparkType.Array a2) {
            return new SparkType.Array(compatibleType(a1.elementType(), a2.elementType()),
                    a1.containsNull() || a2.containsNull());
        }
        if (isIntegral(t1) && t2 instanceof SparkType.Decimal) {
            return compatibleType(decimalFor((Atomic) t1), t2);
        }
        if (t1 instanceof SparkType.Decimal && isIntegral(t2)) {
            return compatibleType(t1, decimalFor((Atomic) t2));
        }
        if (t1 == Atomic.TIMESTAMP_NTZ && t2 == Atomic.TIMESTAMP || t1 == Atomic.TIMESTAMP && t2 == Atomic.TIMESTAMP_NTZ) {
            return Atomic.TIMESTAMP;
        }
        return Atomic.STRING;
    }

    /** Spark's {@code TypeCoercion.findTightestCommonType}: a common type without loss, or null for none. */
    private static SparkType tightestCommonType(SparkType t1, SparkType t2) {
        // Spark starts with t1 == t2. For two structs or two arrays that deep comparison is left to the field by field
        // (element by element) merge below, which gives an equal type when they are equal: comparing whole subtrees
        // at every level, and again from every level of compatibleType, would cost depth³ on deep records.
        boolean nested = t1 instanceof SparkType.Struct || t1 instanceof SparkType.Array;
        if (t1 == t2 || !nested && t1.equals(t2)) {
            return t1;
        }
        if (t1 == Atomic.NULL) {
            return t2;
        }
        if (t2 == Atomic.NULL) {
            return t1;
        }
        if (isIntegral(t1) && t2 instanceof SparkType.Decimal decimal && isWiderThan(decimal, decimalFor((Atomic) t1))) {
            return t2;
        }
        if (t1 instanceof SparkType.Decimal decimal && isIntegral(t2) && isWiderThan(decimal, decimalFor((Atomic) t2))) {
            return t1;
        }
        int p1 = t1 instanceof Atomic a ? NUMERIC_PRECEDENCE.indexOf(a) : -1;
        int p2 = t2 instanceof Atomic a ? NUMERIC_PRECEDENCE.indexOf(a) : -1;
        if (p1 >= 0 && p2 >= 0) {
            return NUMERIC_PRECEDENCE.get(Math.max(p1, p2));
        }
        if (isDatetime(t1) && isDatetime(t2)) {
            // Spark's findWiderDateTimeType (the types differ here).
            return t1 == Atomic.DATE ? t2 : t2 == Atomic.DATE ? t1 : Atomic.TIMESTAMP;
        }
        // Spark's findTypeForComplex with findTightestCommonType. Inferred fields and elements are all nullable, so
        // the nullability terms (Cast.forceNullable) change nothing and are left out.
        if (t1 instanceof SparkType.Array a1 && t2 instanceof SparkType.Array a2) {
            SparkType element = tightestCommonType(a1.elementType(), a2.elementType());
            return element == null ? null : new SparkType.Array(element, a1.containsNull() || a2.containsNull());
        }
        if (t1 instanceof SparkType.Struct s1 && t2 instanceof SparkType.Struct s2 && s1.size() == s2.size()) {
            List<SparkType.Field> fields = new ArrayList<>(s1.size());
            for (int i = 0; i < s1.size(); i++) {
                SparkType.Field f1 = s1.field(i);
                SparkType.Field f2 = s2.field(i);
                // spark.sql.caseSensitive=false: the resolver compares names ignoring case; the first name is kept.
                if (!f1.name().equalsIgnoreCase(f2.name())) {
                    return null;
                }
                SparkType type = tightestCommonType(f1.type(), f2.type());
                if (type == null) {
                    return null;
                }
                fields.add(new SparkType.Field(f1.name(), type, f1.nullable() || f2.nullable()));
            }
            return new SparkType.Struct(fields);
        }
        return null;
    }

    /** Spark's {@code canonicalizeType}; null where Spark answers None (the field is dropped). */
    private static SparkType canonicalize(SparkType type) {
        if (type instanceof SparkType.Array array) {
            SparkType element = canonicalize(array.elementType());
            return element == null ? null : new SparkType.Array(element, array.containsNull());
        }
        if (type instanceof SparkType.Struct struct) {
            List<SparkType.Field> fields = new ArrayList<>(struct.size());
            for (SparkType.Field field : struct.fields()) {
                if (field.name().isEmpty()) {
                    continue;
                }
                SparkType fieldType = canonicalize(field.type());
                if (fieldType != null) {
                    fields.add(fieldType == field.type() ? field : new SparkType.Field(field.name(), fieldType,
                            field.nullable()));
                }
            }
            // SPARK-8093: empty structs are dropped.
            return fields.isEmpty() ? null : new SparkType.Struct(fields);
        }
        if (type == Atomic.NULL) {
            return Atomic.STRING;
        }
        return Objects.requireNonNull(type);
    }

    private static boolean isIntegral(SparkType type) {
        return type == Atomic.BYTE || type == Atomic.SHORT || type == Atomic.INTEGER || type == Atomic.LONG;
    }

    private static boolean isDatetime(SparkType type) {
        return type == Atomic.DATE || type == Atomic.TIMESTAMP || type == Atomic.TIMESTAMP_NTZ;
    }

    /** Spark's {@code DecimalType.forType}. */
    private static SparkType.Decimal decimalFor(Atomic integral) {
        return switch (integral) {
            case BYTE -> new SparkType.Decimal(3, 0);
            case SHORT -> new SparkType.Decimal(5, 0);
            case INTEGER -> new SparkType.Decimal(10, 0);
            default -> new SparkType.Decimal(20, 0);
        };
    }

    /** Spark's {@code DecimalType.isWiderThan}. */
    private static boolean isWiderThan(SparkType.Decimal wide, SparkType.Decimal narrow) {
        return wide.precision() - wide.scale() >= narrow.precision() - narrow.scale() && wide.scale() >= narrow.scale();
    }
}
