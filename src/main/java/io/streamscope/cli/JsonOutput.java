package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/** Streams JSON to stdout with Jackson's generator, so large answers never sit in memory whole. */
final class JsonOutput {

    private JsonOutput() {
    }

    static JsonGenerator pretty(OutputStream out) {
        return pretty(out, true);
    }

    /** @param buffered false for an in-memory stream: written straight, each flush of the generator fills it */
    static JsonGenerator pretty(OutputStream out, boolean buffered) {
        try {
            // Buffered, and deaf to flushes: writing a tree flushes the generator (FLUSH_AFTER_WRITE_VALUE), which was
            // one write to stdout per tree, two per batch for inspect. Closing the generator still flushes the stream.
            JsonGenerator generator = Json.factory().createGenerator(
                    buffered ? new BufferedOutputStream(new NonClosingStream(out), 1 << 16) : out, JsonEncoding.UTF8);
            generator.disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withArrayEmptySeparator("")
                    .withObjectEmptySeparator(""))
                    .withObjectIndenter(LineIndenter.INSTANCE)
                    .withArrayIndenter(LineIndenter.INSTANCE);
            generator.setPrettyPrinter(printer);
            return generator; // without the mapper as its codec: see writeTree
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

    /**
     * Writes a parsed tree as {@code json.writeTree} does, byte for byte, without databind's serializer lookup for each
     * call (inspect writes two trees a batch); numbers other than int and long go through Jackson's own serializers.
     */
    static void writeTree(JsonGenerator json, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                json.writeStartObject(node, node.size());
                for (java.util.Map.Entry<String, JsonNode> field : node.properties()) {
                    json.writeFieldName(field.getKey());
                    writeTree(json, field.getValue());
                }
                json.writeEndObject();
            }
            case ARRAY -> {
                json.writeStartArray(node, node.size());
                for (JsonNode element : node) {
                    writeTree(json, element);
                }
                json.writeEndArray();
            }
            case STRING -> json.writeString(node.textValue());
            case BOOLEAN -> json.writeBoolean(node.booleanValue());
            case NULL -> json.writeNull();
            case NUMBER -> {
                if (node.isInt()) {
                    json.writeNumber(node.intValue());
                } else if (node.isLong()) {
                    json.writeNumber(node.longValue());
                } else {
                    writeWithMapper(json, node);
                }
            }
            default -> writeWithMapper(json, node);
        }
    }

    /** A node that is not text, an int or a long, a boolean or null, as the mapper writes it (made for it, if need be). */
    private static void writeWithMapper(JsonGenerator json, JsonNode node) throws IOException {
        if (json.getCodec() == null) {
            json.setCodec(Json.mapper());
        }
        json.writeTree(node);
    }
}
