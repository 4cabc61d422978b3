package io.streamscope.replay;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.sql.SparkJson;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * A row as the text Spark's {@code to_json} / {@code toJSON} gives, decimals with their scale ({@code 37.50}).
 * Written straight to text: a JSON tree would drop trailing zeros.
 */
public final class RowJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private RowJson() {
    }

    public static String text(Object value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            SparkJson.writeValue(json, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
