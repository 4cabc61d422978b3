package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.topic.CheckpointSpan;
import io.streamscope.topic.KafkaSettings;
import io.streamscope.topic.KafkaTopicSource;
import io.streamscope.topic.MissingRange;
import io.streamscope.topic.OffsetRange;
import io.streamscope.topic.RangeRead;
import io.streamscope.topic.ReadOptions;
import io.streamscope.topic.SnapshotFormat;
import io.streamscope.topic.TopicException;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code topic export --bootstrap-servers H --topic T [--command-config F] [--from-checkpoint DIR]}: the topic's
 * records as JSON lines in design.md's snapshot format, partition then offset order, timestamps as the broker stores
 * them. With {@code --from-checkpoint}, only the offsets the checkpoint's batches read. Records that are gone, and
 * settings that were overridden, are reported on stderr; secrets from the properties file never are.
 */
final class TopicExportCommand implements Command {

    private static final List<String> FLAGS = List.of("--bootstrap-servers", "--topic", "--command-config", "--from-checkpoint",
            Arguments.CONF);

    private final PrintStream warnings;

    TopicExportCommand() {
        this(System.err);
    }

    TopicExportCommand(PrintStream warnings) {
        this.warnings = warnings;
    }

    @Override
    public String usage() {
        return "topic export --bootstrap-servers HOST:PORT --topic TOPIC [--command-config CLIENT_PROPERTIES]"
                + " [--from-checkpoint CHECKPOINT_DIR]";
    }

    @Override
    public int run(String[] args, PrintStream out) throws UsageException, CommandFailedException {
        if (args.length == 0) {
            throw new UsageException("missing the subcommand (export)");
        }
        if (!args[0].equals("export")) {
            throw new UsageException("unknown subcommand " + args[0] + " (the only one is export)");
        }
        List<String> conf = new ArrayList<>();
        Map<String, String> flags = flags(args, conf);
        io.streamscope.storage.HadoopSettings hadoop = Arguments.hadoop(conf);
        String topic = flags.get("--topic");
        if (flags.get("--bootstrap-servers") == null || topic == null) {
            throw new UsageException("missing " + (topic == null && flags.get("--bootstrap-servers") == null
                    ? "--bootstrap-servers and --topic" : topic == null ? "--topic" : "--bootstrap-servers"));
        }
        quietKafkaLogging();
        try {
            KafkaSettings settings = KafkaSettings.of(flags.get("--bootstrap-servers"));
            if (flags.containsKey("--command-config")) {
                settings = settings.withPropertiesFile(Arguments.path(flags.get("--command-config"), hadoop));
            }
            settings.notes().forEach(this::warn);
            try (KafkaTopicSource source = KafkaTopicSource.open(settings)) {
                List<OffsetRange> ranges = ranges(source, topic, flags.get("--from-checkpoint"), hadoop);
                export(source, topic, ranges, out);
            }
        } catch (TopicException e) {
            throw new CommandFailedException(e.getMessage());
        }
        return Cli.OK;
    }

    private List<OffsetRange> ranges(KafkaTopicSource source, String topic, String checkpointDir,
                                     io.streamscope.storage.HadoopSettings hadoop)
            throws TopicException, CommandFailedException {
        if (checkpointDir != null) {
            Checkpoint checkpoint;
            try {
                checkpoint = CheckpointReader.read(Arguments.path(checkpointDir, hadoop));
            } catch (NotACheckpointException e) {
                throw new CommandFailedException(e.getMessage());
            }
            CheckpointSpan.Span span = CheckpointSpan.of(checkpoint, topic, source);
            span.notes().forEach(this::warn);
            return span.ranges();
        }
        List<KafkaPartition> partitions = source.partitions(topic);
        Map<KafkaPartition, Long> beginnings = source.beginningOffsets(partitions);
        Map<KafkaPartition, Long> ends = source.endOffsets(partitions);
        List<OffsetRange> ranges = new ArrayList<>();
        for (KafkaPartition partition : partitions) {
            long from = beginnings.get(partition);
            ranges.add(new OffsetRange(partition, from, Math.max(from, ends.get(partition))));
        }
        return ranges;
    }

    private void export(KafkaTopicSource source, String topic, List<OffsetRange> ranges, PrintStream out)
            throws TopicException {
        long[] withHeaders = new long[1];
        List<RangeRead> reads;
        OutputStream buffered = new BufferedOutputStream(new NonClosingStream(out), 1 << 16);
        try (JsonGenerator json = new JsonFactory().createGenerator(buffered)) {
            json.setRootValueSeparator(null);
            reads = source.read(ranges, ReadOptions.fullValues(), record -> {
                try {
                    SnapshotFormat.write(json, record);
                    json.writeRaw('\n');
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                if (!record.headers().isEmpty()) {
                    withHeaders[0]++;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long records = 0;
        for (RangeRead read : reads) {
            records += read.recordsRead();
            read.missing().stream().map(MissingRange::message).forEach(this::warn);
        }
        if (withHeaders[0] > 0) {
            warn(withHeaders[0] + " records have headers, which the snapshot format does not carry");
        }
        warn("exported " + records + " records of topic " + topic + " (" + ranges.size() + " partition"
                + (ranges.size() == 1 ? "" : "s") + ") from " + source.description());
    }

    private static Map<String, String> flags(String[] args, List<String> conf) throws UsageException {
        Map<String, String> flags = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            String flag = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (!FLAGS.contains(flag)) {
                throw new UsageException(flag.startsWith("-") ? "unknown flag " + flag : "unexpected argument " + arg);
            }
            String value;
            if (arg.contains("=")) {
                value = arg.substring(arg.indexOf('=') + 1);
            } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                value = args[++i];
            } else {
                throw new UsageException(flag + " needs a value");
            }
            if (value.isBlank()) {
                throw new UsageException(flag + " needs a value");
            }
            if (flag.equals(Arguments.CONF)) {
                conf.add(value);
            } else if (flags.put(flag, value) != null) {
                throw new UsageException(flag + " is given twice");
            }
        }
        return flags;
    }

    private void warn(String message) {
        warnings.println("streamscope topic: " + message);
    }

    /** Kafka's client logs every reconnect attempt; the command's own one-line messages say what went wrong. */
    private static void quietKafkaLogging() {
        String key = "org.slf4j.simpleLogger.log.org.apache.kafka";
        if (System.getProperty(key) == null) {
            System.setProperty(key, "off");
        }
    }
}
