package io.streamscope.cli;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a command's answer is written to, laid out as {@link JsonOutput#pretty} lays it out: Jackson's generator
 * ({@link #of}), or bytes written as that generator would write them ({@link PrettyJsonBytes}), so that a part of an
 * answer rendered millions of times is described once for both.
 */
interface PrettyJsonWriter {

    void startObject();

    void endObject();

    void startArray();

    void endArray();

    /** A field's name; its value comes next. */
    void field(String name);

    void number(long value);

    void bool(boolean value);

    void nullValue();

    /**
     * A parsed tree as {@link JsonOutput#writeTree} writes it; false where this writer cannot write it (the caller
     * then writes the whole part with Jackson), with what was written of it left in place.
     */
    boolean tree(JsonNode node);

    default void numberField(String name, long value) {
        field(name);
        number(value);
    }

    default void longField(String name, Long value) {
        field(name);
        if (value == null) {
            nullValue();
        } else {
            number(value);
        }
    }

    /** False as {@link #tree}. */
    default boolean treeField(String name, JsonNode value) {
        field(name);
        if (value == null) {
            nullValue();
            return true;
        }
        return tree(value);
    }

    /** Jackson's generator, with a failure to write as an unchecked exception. */
    static PrettyJsonWriter of(com.fasterxml.jackson.core.JsonGenerator json) {
        return new JacksonPrettyJson(json);
    }
}
