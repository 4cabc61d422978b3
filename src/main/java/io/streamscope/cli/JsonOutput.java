package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.streamscope.checkpoint.Json;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/** Streams JSON to stdout with Jackson's generator, so large answers never sit in memory whole. */
final class JsonOutput {

    private JsonOutput() {
    }

    static JsonGenerator pretty(OutputStream out) {
        try {
            JsonGenerator generator = Json.MAPPER.getFactory().createGenerator(new NonClosingStream(out), JsonEncoding.UTF8);
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withArrayEmptySeparator("")
                    .withObjectEmptySeparator(""))
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n"));
            generator.setPrettyPrinter(printer);
            generator.setCodec(Json.MAPPER);
            return generator;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code problems} array every command ends with: {@code path}, {@code where}, {@code message}. */
    static void writeProblems(JsonGenerator json, java.util.List<io.streamscope.checkpoint.Problem> problems) throws IOException {
        json.writeArrayFieldStart("problems");
        for (io.streamscope.checkpoint.Problem problem : problems) {
            json.writeStartObject();
            json.writeStringField("path", problem.path());
            json.writeStringField("where", problem.where());
            json.writeStringField("message", problem.message());
            json.writeEndObject();
        }
        json.writeEndArray();
    }
}
