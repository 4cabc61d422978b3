package io.streamscope.sparktypes;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads Spark's JSON form of a data type ({@code StructType.json}), as written into state schema files. */
public final class SparkTypeJson {

    private static final Pattern DECIMAL = Pattern.compile("decimal\\(\\s*(\\d+)\\s*,\\s*(-?\\d+)\\s*\\)");

    private SparkTypeJson() {
    }

    public static SparkType.Struct parseStruct(JsonNode json) {
        SparkType type = parse(json);
        if (!(type instanceof SparkType.Struct struct)) {
            throw new IllegalArgumentException("expected a struct type, found " + type.typeName());
        }
        return struct;
    }

    /** @throws IllegalArgumentException with what is wrong, when the JSON is not a Spark type */
    public static SparkType parse(JsonNode json) {
        if (json == null || json.isNull() || json.isMissingNode()) {
            throw new IllegalArgumentException("missing type");
        }
        if (json.isTextual()) {
            return parseName(json.asText());
        }
        if (!json.isObject()) {
            throw new IllegalArgumentException("a type must be a name or an object, found " + json);
        }
        String kind = json.path("type").asText("");
        switch (kind) {
            case "struct" -> {
                List<SparkType.Field> fields = new ArrayList<>();
                for (JsonNode field : json.path("fields")) {
                    fields.add(new SparkType.Field(field.path("name").asText(), parse(field.get("type")),
                            field.path("nullable").asBoolean(true)));
                }
                return new SparkType.Struct(fields);
            }
            case "array" -> {
                return new SparkType.Array(parse(json.get("elementType")), json.path("containsNull").asBoolean(true));
            }
            case "map" -> {
                return new SparkType.MapType(parse(json.get("keyType")), parse(json.get("valueType")),
                        json.path("valueContainsNull").asBoolean(true));
            }
            case "udt" -> {
                return json.has("sqlType") ? parse(json.get("sqlType")) : new SparkType.Unsupported("udt");
            }
            default -> throw new IllegalArgumentException("unknown complex type \"" + kind + "\"");
        }
    }

    static SparkType parseName(String name) {
        String lower = name.trim().toLowerCase(Locale.ROOT);
        if (lower.startsWith("string collate")) {
            return SparkType.Atomic.STRING; // collation changes comparison, not the stored bytes
        }
        Matcher decimal = DECIMAL.matcher(lower);
        if (decimal.matches()) {
            return new SparkType.Decimal(Integer.parseInt(decimal.group(1)), Integer.parseInt(decimal.group(2)));
        }
        return switch (lower) {
            case "boolean" -> SparkType.Atomic.BOOLEAN;
            case "byte", "tinyint" -> SparkType.Atomic.BYTE;
            case "short", "smallint" -> SparkType.Atomic.SHORT;
            case "integer", "int" -> SparkType.Atomic.INTEGER;
            case "long", "bigint" -> SparkType.Atomic.LONG;
            case "float", "real" -> SparkType.Atomic.FLOAT;
            case "double" -> SparkType.Atomic.DOUBLE;
            case "string" -> SparkType.Atomic.STRING;
            case "binary" -> SparkType.Atomic.BINARY;
            case "date" -> SparkType.Atomic.DATE;
            case "timestamp", "timestamp_ltz" -> SparkType.Atomic.TIMESTAMP;
            case "timestamp_ntz" -> SparkType.Atomic.TIMESTAMP_NTZ;
            case "interval", "calendarinterval" -> SparkType.Atomic.CALENDAR_INTERVAL;
            case "null", "void" -> SparkType.Atomic.NULL;
            case "decimal" -> new SparkType.Decimal(10, 0);
            default -> new SparkType.Unsupported(lower);
        };
    }
}
