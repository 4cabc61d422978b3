package io.streamscope.ui;

import io.streamscope.replay.OutputMode;
import io.streamscope.storage.HadoopSettings;
import io.streamscope.storage.Locations;
import io.streamscope.ui.query.QueryViewModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The window's command line, the CLI's {@code replay} flags among it: {@code --checkpoint DIR} (or the first argument
 * that is not a flag), {@code --batch N}, {@code --presentation}, {@code --job FILE} (the streaming job's PySpark or
 * Scala source), {@code --topic-file [TOPIC=]F} (repeatable),
 * {@code --bootstrap-servers H}, {@code --topic T}, {@code --command-config F}, {@code --schema DDL},
 * {@code --query Q}, {@code --mode append|update|complete}, {@code --follow} (follow mode on: new batches appear as
 * the running query writes them), {@code --conf KEY=VALUE} (repeatable: Hadoop settings for a checkpoint given as a
 * remote URI, which then opens instead of a folder). Values go after a space or an {@code =}. Without a
 * checkpoint the default sample opens when the working directory has it. Mistakes become warnings, never a crash.
 */
public record LaunchArguments(Optional<Path> checkpoint, OptionalLong batch, boolean presentation,
                              List<String> topicFiles, Optional<String> bootstrapServers, Optional<String> topic,
                              Optional<String> commandConfig, Optional<String> schema, Optional<String> query,
                              Optional<OutputMode> mode, Optional<Path> job, boolean lesson, List<String> warnings,
                              boolean follow, Optional<String> remote, HadoopSettings hadoop) {

    static final String DEFAULT_SAMPLE = "sample-checkpoints/shop-totals-update";

    public LaunchArguments {
        topicFiles = List.copyOf(topicFiles);
        warnings = List.copyOf(warnings);
    }

    public static LaunchArguments parse(List<String> args, Path workingDirectory) {
        Parser parser = new Parser(args, workingDirectory);
        parser.run();
        Optional<Path> checkpoint = parser.checkpoint;
        if (checkpoint.isEmpty() && !parser.checkpointFlagSeen && parser.remote.isEmpty()) {
            Path sample = workingDirectory.resolve(DEFAULT_SAMPLE);
            checkpoint = Files.isDirectory(sample) ? Optional.of(sample) : Optional.empty();
        }
        return new LaunchArguments(checkpoint, parser.batch, parser.presentation, parser.topicFiles,
                parser.bootstrapServers, parser.topic, parser.commandConfig, parser.schema, parser.query, parser.mode,
                parser.job, parser.lesson, parser.warnings, parser.follow, parser.remote, parser.hadoop());
    }

    /** The checkpoint the window opens at start. */
    static Optional<Path> checkpointToOpen(List<String> args, Path workingDirectory) {
        return parse(args, workingDirectory).checkpoint();
    }

    private static final class Parser {
        private final List<String> args;
        private final Path workingDirectory;
        private final List<String> warnings = new ArrayList<>();
        private final List<String> topicFiles = new ArrayList<>();
        private Optional<Path> checkpoint = Optional.empty();
        private boolean checkpointFlagSeen;
        private OptionalLong batch = OptionalLong.empty();
        private boolean presentation;
        private boolean lesson;
        private boolean follow;
        private Optional<String> bootstrapServers = Optional.empty();
        private Optional<String> topic = Optional.empty();
        private Optional<String> commandConfig = Optional.empty();
        private Optional<String> schema = Optional.empty();
        private Optional<String> query = Optional.empty();
        private Optional<OutputMode> mode = Optional.empty();
        private Optional<Path> job = Optional.empty();
        private Optional<String> remote = Optional.empty();
        private final List<String> conf = new ArrayList<>();
        private int next;

        Parser(List<String> args, Path workingDirectory) {
            this.args = args;
            this.workingDirectory = workingDirectory;
        }

        void run() {
            while (next < args.size()) {
                String arg = args.get(next++);
                if (!arg.startsWith("-")) {
                    if (Locations.isRemote(arg) && checkpoint.isEmpty() && remote.isEmpty()) {
                        remote = Optional.of(arg);
                    } else if (checkpoint.isEmpty() && remote.isEmpty()) {
                        checkpoint = Optional.of(workingDirectory.resolve(arg));
                    } else {
                        warnings.add("extra argument ignored: " + arg);
                    }
                    continue;
                }
                int equals = arg.indexOf('=');
                String flag = equals < 0 ? arg : arg.substring(0, equals);
                String inline = equals < 0 ? null : arg.substring(equals + 1);
                switch (flag) {
                    case "--presentation" -> presentation = true;
                    case "--lesson" -> lesson = true;
                    case "--follow" -> follow = true;
                    case "--checkpoint" -> {
                        checkpointFlagSeen = true;
                        value(flag, inline).ifPresent(dir -> {
                            if (Locations.isRemote(dir)) {
                                remote = Optional.of(dir);
                            } else {
                                checkpoint = Optional.of(workingDirectory.resolve(dir));
                            }
                        });
                    }
                    case "--batch" -> value(flag, inline).ifPresent(this::batch);
                    case "--conf" -> value(flag, inline).ifPresent(conf::add);
                    case "--topic-file" -> value(flag, inline).ifPresent(topicFiles::add);
                    case "--bootstrap-servers" -> bootstrapServers = value(flag, inline);
                    case "--topic" -> topic = value(flag, inline);
                    case "--command-config" -> commandConfig = value(flag, inline);
                    case "--schema" -> schema = value(flag, inline);
                    case "--query" -> query = value(flag, inline);
                    case "--mode" -> value(flag, inline).ifPresent(this::mode);
                    case "--job" -> value(flag, inline).ifPresent(file -> job = Optional.of(workingDirectory.resolve(file)));
                    default -> warnings.add("unknown option ignored: " + arg);
                }
            }
        }

        /** The {@code --conf} pairs; a malformed one is a warning (without its value: it may be a secret). */
        HadoopSettings hadoop() {
            List<String> valid = new ArrayList<>();
            for (String pair : conf) {
                try {
                    HadoopSettings.parse(List.of(pair));
                    valid.add(pair);
                } catch (IllegalArgumentException e) {
                    warnings.add(e.getMessage());
                }
            }
            return HadoopSettings.parse(valid);
        }

        private Optional<String> value(String flag, String inline) {
            if (inline != null) {
                return Optional.of(inline);
            }
            if (next < args.size() && !args.get(next).startsWith("--")) {
                return Optional.of(args.get(next++));
            }
            warnings.add(flag + " needs a value");
            return Optional.empty();
        }

        private void batch(String text) {
            try {
                long id = Long.parseLong(text.trim());
                if (id < 0) {
                    throw new NumberFormatException();
                }
                batch = OptionalLong.of(id);
            } catch (NumberFormatException e) {
                warnings.add("--batch needs a batch id (0, 1, 2, …), not " + text);
            }
        }

        private void mode(String text) {
            mode = QueryViewModel.parseMode(text);
            if (mode.isEmpty()) {
                warnings.add("--mode is append, update or complete, not " + text);
            }
        }
    }
}
