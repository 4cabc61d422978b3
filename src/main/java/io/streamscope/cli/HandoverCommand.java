package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.doctor.Handover;
import io.streamscope.doctor.SourceHandover;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code handover CHECKPOINT [--language python|scala]}: the options that make a NEW checkpoint resume exactly where
 * this one stopped, and what the move costs: {@code {"sources":[{"index","kind","options":{…},"notes":[…]}],
 * "notes":[…],"snippet":"…"}}.
 */
final class HandoverCommand implements Command {

    @Override
    public String usage() {
        return "handover CHECKPOINT_DIR [--language python|scala]";
    }

    @Override
    public int run(String[] args, PrintStream out) throws UsageException, CommandFailedException {
        Arguments flags = Arguments.parse(args, List.of("--language"));
        String language = flags.option("--language").orElse("python");
        if (!language.equals("python") && !language.equals("scala")) {
            throw new UsageException("--language is python or scala, not " + language);
        }
        Handover handover;
        try {
            handover = Handover.of(CheckpointReader.read(flags.positionalPath()));
        } catch (NotACheckpointException e) {
            throw new CommandFailedException(e.getMessage());
        }
        try (JsonGenerator json = JsonOutput.pretty(out)) {
            json.writeStartObject();
            json.writeArrayFieldStart("sources");
            for (SourceHandover source : handover.sources()) {
                json.writeStartObject();
                json.writeNumberField("index", source.index());
                json.writeStringField("kind", source.kind());
                json.writeObjectFieldStart("options");
                for (Map.Entry<String, String> option : source.options().entrySet()) {
                    json.writeStringField(option.getKey(), option.getValue());
                }
                json.writeEndObject();
                strings(json, "notes", source.notes());
                json.writeEndObject();
            }
            json.writeEndArray();
            strings(json, "notes", handover.notes());
            json.writeStringField("snippet", handover.snippet(language));
            json.writeEndObject();
            json.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Cli.OK;
    }

    private static void strings(JsonGenerator json, String field, List<String> values) throws IOException {
        json.writeArrayFieldStart(field);
        for (String value : values) {
            json.writeString(value);
        }
        json.writeEndArray();
    }
}
