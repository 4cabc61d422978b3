package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;

import java.io.IOException;

/**
 * What {@code new DefaultIndenter("  ", "\n")} writes, a newline and two spaces a level, with each level's bytes
 * encoded once: DefaultIndenter hands the generator chars to encode on every line, and indentation is most of what a
 * pretty-printed answer holds (inspect of 10,000 batches writes 13.5 MB).
 */
final class LineIndenter implements DefaultPrettyPrinter.Indenter {

    static final LineIndenter INSTANCE = new LineIndenter();

    private static final SerializedString[] LEVELS = new SerializedString[32];

    static {
        for (int level = 0; level < LEVELS.length; level++) {
            LEVELS[level] = new SerializedString(line(level));
        }
    }

    private LineIndenter() {
    }

    private static String line(int level) {
        return "\n" + "  ".repeat(level);
    }

    @Override
    public void writeIndentation(JsonGenerator generator, int level) throws IOException {
        generator.writeRaw(level < LEVELS.length ? LEVELS[level] : new SerializedString(line(level)));
    }

    @Override
    public boolean isInline() {
        return false;
    }
}
