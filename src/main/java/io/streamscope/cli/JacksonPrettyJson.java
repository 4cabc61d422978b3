package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;

/** {@link PrettyJsonWriter} over Jackson's generator: it writes anything. */
final class JacksonPrettyJson implements PrettyJsonWriter {

    private final JsonGenerator json;

    JacksonPrettyJson(JsonGenerator json) {
        this.json = json;
    }

    @Override
    public void startObject() {
        write(JsonGenerator::writeStartObject);
    }

    @Override
    public void endObject() {
        write(JsonGenerator::writeEndObject);
    }

    @Override
    public void startArray() {
        write(JsonGenerator::writeStartArray);
    }

    @Override
    public void endArray() {
        write(JsonGenerator::writeEndArray);
    }

    @Override
    public void field(String name) {
        write(json -> json.writeFieldName(name));
    }

    @Override
    public void number(long value) {
        write(json -> json.writeNumber(value));
    }

    @Override
    public void bool(boolean value) {
        write(json -> json.writeBoolean(value));
    }

    @Override
    public void nullValue() {
        write(JsonGenerator::writeNull);
    }

    @Override
    public boolean tree(JsonNode node) {
        write(json -> JsonOutput.writeTree(json, node));
        return true;
    }

    private interface Step {
        void on(JsonGenerator json) throws IOException;
    }

    private void write(Step step) {
        try {
            step.on(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
