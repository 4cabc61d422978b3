package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;

import java.io.IOException;

/**
 * Compact JSON with each element of the top object's arrays on a line of its own: a million state rows stay
 * readable with {@code grep} and {@code head}, and the whole answer is still one JSON document.
 */
final class LinePerElementPrinter extends MinimalPrettyPrinter {

    @Override
    public void beforeArrayValues(JsonGenerator generator) throws IOException {
        if (isTopLevelArray(generator.getOutputContext())) {
            generator.writeRaw('\n');
        }
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator generator) throws IOException {
        generator.writeRaw(',');
        if (isTopLevelArray(generator.getOutputContext())) {
            generator.writeRaw('\n');
        }
    }

    @Override
    public void writeEndArray(JsonGenerator generator, int values) throws IOException {
        if (values > 0 && isTopLevelArray(generator.getOutputContext())) {
            generator.writeRaw('\n');
        }
        generator.writeRaw(']');
    }

    private static boolean isTopLevelArray(JsonStreamContext context) {
        return context.inArray() && context.getParent() != null && context.getParent().getParent() != null
                && context.getParent().getParent().inRoot();
    }
}
