package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Spark types written as code, as jobs write their schemas: PySpark {@code StructType([StructField("order_id",
 * IntegerType(), True), …])}, {@code StructType().add("amount", DecimalType(10, 2))}, Scala {@code new StructType()
 * .add("order_id", IntegerType).add("amount", "decimal(10,2)")}, {@code StructType(Seq(StructField(…)))},
 * {@code DataTypes.StringType}, {@code StructType.fromDDL("…")}; any module prefix ({@code T.}, {@code types.},
 * {@code pyspark.sql.types.}) is read past.
 */
final class TypeCode {

    private static final Map<String, SparkType> ATOMIC = Map.ofEntries(
            Map.entry("BooleanType", SparkType.Atomic.BOOLEAN), Map.entry("ByteType", SparkType.Atomic.BYTE),
            Map.entry("ShortType", SparkType.Atomic.SHORT), Map.entry("IntegerType", SparkType.Atomic.INTEGER),
            Map.entry("LongType", SparkType.Atomic.LONG), Map.entry("FloatType", SparkType.Atomic.FLOAT),
            Map.entry("DoubleType", SparkType.Atomic.DOUBLE), Map.entry("StringType", SparkType.Atomic.STRING),
            Map.entry("BinaryType", SparkType.Atomic.BINARY), Map.entry("DateType", SparkType.Atomic.DATE),
            Map.entry("TimestampType", SparkType.Atomic.TIMESTAMP),
            Map.entry("TimestampNTZType", SparkType.Atomic.TIMESTAMP_NTZ),
            Map.entry("CalendarIntervalType", SparkType.Atomic.CALENDAR_INTERVAL),
            Map.entry("NullType", SparkType.Atomic.NULL));
    private static final Set<String> PARAMETERISED = Set.of("DecimalType", "ArrayType", "MapType", "StructType",
            "StructField");
    private static final Set<String> LIST_CONSTRUCTORS = Set.of("Seq", "Array", "List");

    private final Tokens tokens;

    TypeCode(Tokens tokens) {
        this.tokens = tokens;
    }

    /** Whether a type written as code starts here ({@code IntegerType}, {@code T.StructType(}, {@code new StructType}). */
    static boolean startsType(Tokens tokens) {
        int ahead = 0;
        if (tokens.peek().kind() == Token.Kind.IDENT && tokens.peek().value().equals("new")) {
            ahead = 1;
        }
        while (tokens.peek(ahead).kind() == Token.Kind.IDENT && tokens.peek(ahead + 1).is(".")) {
            ahead += 2;
        }
        Token name = tokens.peek(ahead);
        return name.kind() == Token.Kind.IDENT && (ATOMIC.containsKey(name.value())
                || PARAMETERISED.contains(name.value()) && !name.value().equals("StructField"));
    }

    /** A type; the cursor is at its first token. */
    SparkType type() throws QueryException {
        boolean constructed = tokens.peek().kind() == Token.Kind.IDENT && tokens.peek().value().equals("new");
        if (constructed) {
            tokens.next();
        }
        Token name = qualifiedName();
        if (ATOMIC.containsKey(name.value())) {
            if (tokens.accept("(")) {
                tokens.expect(")", "after " + name.value() + "(");
            }
            return ATOMIC.get(name.value());
        }
        switch (name.value()) {
            case "DecimalType" -> {
                if (!tokens.accept("(")) {
                    return new SparkType.Decimal(10, 0);
                }
                if (tokens.accept(")")) {
                    return new SparkType.Decimal(10, 0);
                }
                int precision = integer();
                int scale = 0;
                if (tokens.accept(",")) {
                    scale = integer();
                }
                tokens.expect(")", "to close DecimalType(");
                if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
                    throw tokens.error("DecimalType(" + precision + ", " + scale + ") is not a valid decimal", name);
                }
                return new SparkType.Decimal(precision, scale);
            }
            case "ArrayType" -> {
                tokens.expect("(", "after ArrayType");
                SparkType element = type();
                boolean containsNull = true;
                if (tokens.accept(",")) {
                    containsNull = bool();
                }
                tokens.expect(")", "to close ArrayType(");
                return new SparkType.Array(element, containsNull);
            }
            case "MapType" -> {
                tokens.expect("(", "after MapType");
                SparkType key = type();
                tokens.expect(",", "between the map's key and value types");
                SparkType value = type();
                boolean valueContainsNull = true;
                if (tokens.accept(",")) {
                    valueContainsNull = bool();
                }
                tokens.expect(")", "to close MapType(");
                return new SparkType.MapType(key, value, valueContainsNull);
            }
            case "StructType" -> {
                return struct(name);
            }
            default -> throw tokens.error("unknown type '" + name.value() + "'", name);
        }
    }

    /** After the name {@code StructType}: its fields, and any {@code .add(…)} after it. */
    private SparkType.Struct struct(Token name) throws QueryException {
        List<SparkType.Field> fields = new ArrayList<>();
        if (tokens.peek().is(".") && tokens.peek(1).value().equals("fromDDL")) {
            tokens.next();
            tokens.next();
            tokens.expect("(", "after fromDDL");
            Token ddl = tokens.expectKind(Token.Kind.STRING, "the DDL text");
            tokens.expect(")", "to close fromDDL(");
            return ddl(ddl);
        }
        if (tokens.accept("(")) {
            if (!tokens.accept(")")) {
                boolean bracket = tokens.accept("[");
                boolean constructor = !bracket && tokens.peek().kind() == Token.Kind.IDENT
                        && LIST_CONSTRUCTORS.contains(tokens.peek().value()) && tokens.peek(1).is("(");
                if (constructor) {
                    tokens.next();
                    tokens.next();
                }
                String close = bracket ? "]" : ")";
                if (!tokens.accept(close)) {
                    do {
                        fields.add(field());
                    } while (tokens.accept(",") && !tokens.peek().is(close));
                    tokens.expect(close, "to close the list of fields");
                }
                if (bracket || constructor) {
                    tokens.expect(")", "to close StructType(");
                }
            }
        }
        while (tokens.peek().is(".") && tokens.peek(1).value().equals("add")) {
            tokens.next();
            tokens.next();
            tokens.expect("(", "after add");
            if (tokens.peek().kind() == Token.Kind.STRING) {
                Token fieldName = tokens.next();
                tokens.expect(",", "after the field name");
                SparkType type = tokens.peek().kind() == Token.Kind.STRING ? typeText(tokens.next()) : type();
                boolean nullable = true;
                if (tokens.accept(",")) {
                    nullable = bool();
                }
                skipRest();
                fields.add(new SparkType.Field(fieldName.value(), type, nullable));
            } else {
                fields.add(field());
                tokens.expect(")", "to close add(");
            }
        }
        return new SparkType.Struct(fields);
    }

    /** {@code StructField("name", type[, nullable[, metadata]])}. */
    private SparkType.Field field() throws QueryException {
        if (tokens.peek().kind() == Token.Kind.IDENT && tokens.peek().value().equals("new")) {
            tokens.next();
        }
        Token name = qualifiedName();
        if (!name.value().equals("StructField")) {
            throw tokens.error("expected StructField(…) in the list of fields, found '" + name.value() + "'", name);
        }
        tokens.expect("(", "after StructField");
        Token fieldName = tokens.expectKind(Token.Kind.STRING, "the field's name");
        tokens.expect(",", "after the field's name");
        SparkType type = type();
        boolean nullable = true;
        if (tokens.accept(",")) {
            if (!tokens.peek().is(")")) {
                nullable = bool();
            }
        }
        skipRest();
        return new SparkType.Field(fieldName.value(), type, nullable);
    }

    /** Skips what is left of a call (metadata, keyword arguments) up to and including its {@code )}. */
    private void skipRest() throws QueryException {
        if (!tokens.skipArguments()) {
            throw tokens.error("the type ends too early", tokens.peek());
        }
    }

    private Token qualifiedName() throws QueryException {
        Token name = tokens.expectKind(Token.Kind.IDENT, "a type");
        while (tokens.peek().is(".") && tokens.peek(1).kind() == Token.Kind.IDENT
                && !tokens.peek(1).value().equals("add") && !tokens.peek(1).value().equals("fromDDL")) {
            tokens.next();
            name = tokens.next();
        }
        return name;
    }

    private int integer() throws QueryException {
        Token number = tokens.expectKind(Token.Kind.NUMBER, "a number");
        try {
            return Integer.parseInt(number.value());
        } catch (NumberFormatException e) {
            throw tokens.error("expected a whole number, found " + number.value(), number);
        }
    }

    private boolean bool() throws QueryException {
        Token token = tokens.next();
        if (token.kind() == Token.Kind.IDENT && token.value().equals("nullable") || token.kind() == Token.Kind.IDENT
                && token.value().equals("containsNull") || token.kind() == Token.Kind.IDENT
                && token.value().equals("valueContainsNull")) {
            tokens.expect("=", "after " + token.value());
            token = tokens.next();
        }
        if (token.kind() == Token.Kind.IDENT && (token.value().equals("True") || token.value().equals("true"))) {
            return true;
        }
        if (token.kind() == Token.Kind.IDENT && (token.value().equals("False") || token.value().equals("false"))) {
            return false;
        }
        throw tokens.error("expected True or False, found " + token.describe(), token);
    }

    private SparkType typeText(Token text) throws QueryException {
        try {
            return Literals.typeName(text.value());
        } catch (IllegalArgumentException e) {
            throw tokens.error(e.getMessage(), text);
        }
    }

    private SparkType.Struct ddl(Token text) throws QueryException {
        try {
            return io.streamscope.topic.DdlParser.parseSchema(text.value());
        } catch (io.streamscope.topic.SchemaException e) {
            throw tokens.error(e.getMessage(), text);
        }
    }
}
