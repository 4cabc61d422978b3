package io.streamscope.topic;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How to reach a broker: {@code --bootstrap-servers} plus an optional client properties file, the form Kafka's own
 * tools take with {@code --command-config} (SASL, SSL, …). Settings that would make the client join a group, commit,
 * create topics or jump to other offsets are overridden, and said so in {@link #notes()}. Property values are never
 * printed: {@link #toString()} names the keys only and {@link #redact(String)} hides secrets in error messages.
 */
public final class KafkaSettings {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);
    /** Records per poll: the chunk between two cancellation checks and progress reports. */
    static final int CHUNK_RECORDS = 500;
    static final int FETCH_MAX_WAIT_MILLIS = 20;

    private static final Set<String> GROUP_KEYS = Set.of(ConsumerConfig.GROUP_ID_CONFIG,
            ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, ConsumerConfig.GROUP_PROTOCOL_CONFIG,
            ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG);
    private static final Pattern SECRET_KEY = Pattern.compile("password|secret|jaas|token|credential|\\.key$|private");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"|'([^']*)'");

    private final String bootstrapServers;
    private final Properties fileProperties;
    private final Path propertiesFile;
    private final Duration timeout;

    private KafkaSettings(String bootstrapServers, Properties fileProperties, Path propertiesFile, Duration timeout) {
        this.bootstrapServers = bootstrapServers;
        this.fileProperties = fileProperties;
        this.propertiesFile = propertiesFile;
        this.timeout = timeout;
    }

    public static KafkaSettings of(String bootstrapServers) {
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        if (bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrap servers must not be empty");
        }
        return new KafkaSettings(bootstrapServers.trim(), new Properties(), null, DEFAULT_TIMEOUT);
    }

    /** Adds the client properties in {@code file}, read the way Kafka's tools read them. */
    public KafkaSettings withPropertiesFile(Path file) throws TopicException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (NoSuchFileException e) {
            throw new TopicException("client properties file " + file + " does not exist");
        } catch (IOException | IllegalArgumentException e) {
            throw new TopicException("cannot read the client properties file " + file + ": " + e.getMessage());
        }
        Duration fileTimeout = timeout;
        String apiTimeout = properties.getProperty(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG);
        if (apiTimeout != null) {
            try {
                fileTimeout = Duration.ofMillis(Long.parseLong(apiTimeout.trim()));
            } catch (NumberFormatException e) {
                fileTimeout = Duration.ZERO;
            }
            if (fileTimeout.isNegative() || fileTimeout.isZero()) {
                throw new TopicException(file + ": " + ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG
                        + " must be a positive number of milliseconds, found \"" + apiTimeout + "\"");
            }
        }
        return new KafkaSettings(bootstrapServers, properties, file, fileTimeout);
    }

    /**
     * The longest any single call may wait for the broker: 15 s by default, or the properties
     * file's {@code default.api.timeout.ms}.
     */
    public KafkaSettings withTimeout(Duration newTimeout) {
        if (newTimeout.isNegative() || newTimeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        return new KafkaSettings(bootstrapServers, fileProperties, propertiesFile, newTimeout);
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public Duration timeout() {
        return timeout;
    }

    /** The properties file, for messages that point the user at it. */
    public java.util.Optional<Path> propertiesFile() {
        return java.util.Optional.ofNullable(propertiesFile);
    }

    /** Settings from the file that were overridden, and why; safe to show (keys only, never values). */
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        for (String key : fileProperties.stringPropertyNames()) {
            if (GROUP_KEYS.contains(key)) {
                notes.add(key + " is ignored: Streamscope never joins a consumer group");
            } else if (key.equals(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG)) {
                notes.add(key + " is ignored: Streamscope never commits offsets");
            } else if (key.equals(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG)) {
                notes.add(key + " is ignored: --bootstrap-servers says where the broker is");
            } else if (key.equals(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG)
                    || key.equals(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG)) {
                notes.add(key + " is ignored: records are read as raw bytes");
            } else if (key.equals(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG)) {
                notes.add(key + " is ignored: Streamscope reads exactly the offsets asked for");
            } else if (key.equals(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG)) {
                notes.add(key + " is ignored: reading never creates a topic");
            }
        }
        notes.sort(null);
        return notes;
    }

    /** The consumer configuration: the file's settings, then the ones that keep the client read-only. */
    Properties consumerProperties() {
        Properties props = new Properties();
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "streamscope");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(CHUNK_RECORDS));
        props.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(timeout.toMillis()));
        props.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(timeout.toMillis()));
        props.put(ConsumerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "1000");
        // Ranges are read one partition after another. Once a partition's last records are in, the client has already
        // asked for more at the log's end, and the broker holds that fetch for fetch.max.wait.ms (500 ms by default)
        // before the next partition's fetch may go to it: half a second per partition of a read that has nothing
        // to wait for (1M records on 4 partitions: 4.4 → 2.6 s). A read that does wait at a log's end is answered
        // empty every 20 ms instead of every 500: little for a broker.
        props.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Integer.toString(FETCH_MAX_WAIT_MILLIS));
        props.putAll(fileProperties);
        GROUP_KEYS.forEach(props::remove);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
        props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return props;
    }

    /** {@code message} with every secret of the properties file replaced by {@code [hidden]}. */
    public String redact(String message) {
        if (message == null) {
            return null;
        }
        String result = message;
        for (String secret : secrets()) {
            result = result.replace(secret, "[hidden]");
        }
        return result;
    }

    private Set<String> secrets() {
        Set<String> secrets = new LinkedHashSet<>();
        for (String key : fileProperties.stringPropertyNames()) {
            if (!SECRET_KEY.matcher(key.toLowerCase(Locale.ROOT)).find()) {
                continue;
            }
            String value = fileProperties.getProperty(key).trim();
            if (!value.isEmpty()) {
                secrets.add(value);
            }
            Matcher quoted = QUOTED.matcher(value);
            while (quoted.find()) {
                String inner = quoted.group(1) != null ? quoted.group(1) : quoted.group(2);
                if (inner.length() >= 3) {
                    secrets.add(inner);
                }
            }
        }
        // Longest first, so a secret containing another is hidden whole.
        List<String> sorted = new ArrayList<>(secrets);
        sorted.sort((a, b) -> b.length() - a.length());
        return new LinkedHashSet<>(sorted);
    }

    @Override
    public String toString() {
        return "KafkaSettings[bootstrapServers=" + bootstrapServers + ", propertiesFile=" + propertiesFile
                + ", keys=" + new java.util.TreeSet<>(fileProperties.stringPropertyNames()) + ", timeout=" + timeout + "]";
    }
}
