package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.doctor.Doctor;
import io.streamscope.doctor.Finding;
import io.streamscope.replay.Sidecar;
import io.streamscope.topic.TopicSource;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code doctor CHECKPOINT [--topic-file [TOPIC=]F …|--bootstrap-servers H [--command-config F]]}: what a restart of
 * the query would meet, each finding with its safe fix: {@code {"findings":[{"id","severity","path","batchId",
 * "message","fix"}],"problems":[…]}}. Exit 0 whatever it finds: findings are an answer.
 */
final class DoctorCommand implements Command {

    @Override
    public String usage() {
        return "doctor CHECKPOINT_DIR [--topic-file [TOPIC=]FILE …|--bootstrap-servers HOST:PORT [--command-config F]]";
    }

    @Override
    public int run(String[] args, PrintStream out) throws UsageException, CommandFailedException {
        Arguments flags = Arguments.parse(args, TopicOptions.FLAGS, List.of("--topic-file"));
        Checkpoint checkpoint;
        try {
            checkpoint = CheckpointReader.read(flags.positionalPath());
        } catch (NotACheckpointException e) {
            throw new CommandFailedException(e.getMessage());
        }
        List<Finding> findings;
        if (TopicOptions.given(flags)) {
            try (TopicSource topics = TopicOptions.open(checkpoint, flags, Sidecar.read(checkpoint.path()).orElse(null))) {
                findings = Doctor.examine(checkpoint, Optional.of(topics));
            }
        } else {
            findings = Doctor.examine(checkpoint, Optional.empty());
        }
        try (JsonGenerator json = JsonOutput.pretty(out)) {
            json.writeStartObject();
            json.writeArrayFieldStart("findings");
            for (Finding finding : findings) {
                json.writeStartObject();
                json.writeStringField("id", finding.id());
                json.writeStringField("severity", finding.severity().label());
                json.writeStringField("path", finding.path());
                if (finding.batchId() == null) {
                    json.writeNullField("batchId");
                } else {
                    json.writeNumberField("batchId", finding.batchId());
                }
                json.writeStringField("message", finding.message());
                json.writeStringField("fix", finding.fix());
                json.writeEndObject();
            }
            json.writeEndArray();
            JsonOutput.writeProblems(json, checkpoint.problems());
            json.writeEndObject();
            json.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Cli.OK;
    }
}
