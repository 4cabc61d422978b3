package io.streamscope.checkpoint;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/** Jackson set up the way Spark's json4s output needs: any key order, unknown fields, big numbers kept exact. */
public final class Json {

    /** The nodes of the trees {@link #mapper()} reads, for trees made without it. */
    public static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final JsonFactory FACTORY = new JsonFactory();

    private Json() {
    }

    /**
     * Jackson's mapper, made on first use: making it was a tenth of {@code inspect}'s start, on the thread everything
     * waits for, and the logs Spark writes are read without it ({@link CompactJson}).
     */
    public static ObjectMapper mapper() {
        return Mapper.INSTANCE;
    }

    /** Generators and parsers as the mapper's own factory makes them, without making the mapper. */
    public static JsonFactory factory() {
        return FACTORY;
    }

    private static final class Mapper {
        static final ObjectMapper INSTANCE = new ObjectMapper()
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** Parses one JSON value, reporting a syntax error at {@code where} with Jackson's column. */
    public static JsonNode parse(String text, String where) throws FormatException {
        JsonNode compact = CompactJson.parse(text);
        if (compact != null) {
            return compact;
        }
        try {
            JsonNode node = mapper().readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new FormatException(where, "empty JSON");
            }
            return node;
        } catch (JsonProcessingException e) {
            String column = e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr();
            throw new FormatException(where, "broken JSON" + column + ": " + e.getOriginalMessage());
        }
    }

    public static JsonNode parseObject(String text, String where) throws FormatException {
        JsonNode node = parse(text, where);
        if (!node.isObject()) {
            throw new FormatException(where, "expected a JSON object, found " + node.getNodeType().name().toLowerCase());
        }
        return node;
    }

    /** A long field, or {@code fallback} when absent (json4s leaves out None); a non-integer value is an error. */
    public static long longField(JsonNode object, String field, long fallback, String where) throws FormatException {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.canConvertToExactIntegral() || !value.canConvertToLong()) {
            throw new FormatException(where, "\"" + field + "\" should be an integer, found " + value);
        }
        return value.asLong();
    }
}
