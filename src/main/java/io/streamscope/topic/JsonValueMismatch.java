package io.streamscope.topic;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.streamscope.sparktypes.SparkType;

import java.io.IOException;

/** A JSON value that does not fit its type (Spark's CannotParseJSONFieldException and kin): the field is null. */
final class JsonValueMismatch extends RuntimeException {

    JsonValueMismatch(String message) {
        super(message, null, false, false);
    }

    /** That the value at {@code token} is not a {@code type}, in words. */
    static JsonValueMismatch of(JsonParser parser, JsonToken token, SparkType type) throws IOException {
        if (token == JsonToken.VALUE_STRING && parser.getTextLength() < 1) {
            return new JsonValueMismatch("an empty string is not " + DdlParser.ddlOf(type));
        }
        String text = token == JsonToken.START_OBJECT ? "an object" : token == JsonToken.START_ARRAY ? "an array"
                : token == JsonToken.VALUE_STRING ? "\"" + abbreviate(parser.getText()) + "\"" : parser.getText();
        return new JsonValueMismatch("cannot read " + text + " as " + DdlParser.ddlOf(type));
    }

    private static String abbreviate(String text) {
        return text.length() > 60 ? text.substring(0, 60) + "…" : text;
    }
}
