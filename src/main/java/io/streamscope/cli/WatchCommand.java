package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;
import io.streamscope.follow.CheckpointEvent;
import io.streamscope.follow.CheckpointWatcher;

import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code watch CHECKPOINT [--until-batch N] [--timeout S] [--interval MS]}: one JSON line per event as Spark writes the
 * checkpoint ({@code {"event":"planned","batchId":2,"endOffsets":[…],"watermarkMs":…}}, {@code {"event":"committed",
 * …}}), the batches already there first; exits once batch N is committed, or at the timeout with
 * {@code {"event":"timeout"}}. Polls every 200 ms by default; never writes.
 */
final class WatchCommand implements Command {

    @Override
    public String usage() {
        return "watch CHECKPOINT_DIR [--until-batch N] [--timeout SECONDS] [--interval MS]";
    }

    @Override
    public int run(String[] args, PrintStream out) throws UsageException, CommandFailedException {
        Arguments flags = Arguments.parse(args, List.of("--until-batch", "--timeout", "--interval"));
        Path folder = Path.of(flags.positional());
        if (!Files.isDirectory(folder)) {
            throw new CommandFailedException(folder + " is not a folder");
        }
        Optional<Long> until = number(flags, "--until-batch");
        Optional<Long> timeout = number(flags, "--timeout");
        long interval = number(flags, "--interval").orElse(200L);
        if (interval < 10 || interval > 600_000) {
            throw new UsageException("--interval is between 10 and 600000 ms");
        }
        long deadline = timeout.map(s -> System.nanoTime() + s * 1_000_000_000L).orElse(Long.MAX_VALUE);
        CheckpointWatcher watcher = new CheckpointWatcher(folder);
        while (true) {
            for (CheckpointEvent event : watcher.poll()) {
                out.println(line(event));
            }
            out.flush();
            if (until.isPresent() && watcher.committed(until.get())) {
                return Cli.OK;
            }
            if (System.nanoTime() >= deadline) {
                out.println("{\"event\":\"timeout\"}");
                out.flush();
                return Cli.OK;
            }
            try {
                Thread.sleep(Math.min(interval, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Cli.OK;
            }
        }
    }

    private static Optional<Long> number(Arguments flags, String name) throws UsageException {
        Optional<String> text = flags.option(name);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            long value = Long.parseLong(text.get());
            if (value < 0) {
                throw new NumberFormatException();
            }
            return Optional.of(value);
        } catch (NumberFormatException e) {
            throw new UsageException(name + " takes a whole number, not " + text.get());
        }
    }

    private static String line(CheckpointEvent event) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = Json.MAPPER.getFactory().createGenerator(text)) {
            json.writeStartObject();
            json.writeStringField("event", event.kind().label());
            json.writeNumberField("batchId", event.batchId());
            if (event.kind() == CheckpointEvent.Kind.PLANNED) {
                json.writeArrayFieldStart("endOffsets");
                for (JsonNode offsets : event.endOffsets()) {
                    if (offsets == null) {
                        json.writeNull();
                    } else {
                        json.writeTree(offsets);
                    }
                }
                json.writeEndArray();
                json.writeNumberField("watermarkMs", event.watermarkMs().orElse(0L));
            } else if (event.watermarkMs().isPresent()) {
                json.writeNumberField("nextWatermarkMs", event.watermarkMs().get());
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }
}
