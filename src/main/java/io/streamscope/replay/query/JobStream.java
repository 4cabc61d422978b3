package io.streamscope.replay.query;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code spark.readStream.format(…)…load()} of the job.
 *
 * @param format   the source's format ({@code kafka}, …)
 * @param options  its {@code option(…)}s, as written ({@code subscribe}, {@code subscribePattern}, {@code assign},
 *                 {@code includeHeaders}, …)
 * @param position where {@code readStream} is written
 */
public record JobStream(String format, Map<String, String> options, int position) {

    public JobStream {
        options = Map.copyOf(options);
    }

    public boolean isKafka() {
        return "kafka".equalsIgnoreCase(format);
    }

    /** {@code subscribe}'s topics; empty when the stream subscribes otherwise. */
    public List<String> subscribedTopics() {
        String list = options.get("subscribe");
        return list == null ? List.of() : Arrays.stream(list.split(",")).map(String::trim).filter(t -> !t.isEmpty()).toList();
    }

    /** {@code subscribePattern}, a Java regular expression over topic names. */
    public Optional<String> pattern() {
        return Optional.ofNullable(options.get("subscribePattern"));
    }

    /** Whether records carry their headers as the {@code headers} column. */
    public boolean includeHeaders() {
        return "true".equalsIgnoreCase(options.get("includeHeaders"));
    }

    /** Whether the stream reads {@code topic}: subscribed, matched by the pattern, or named by {@code assign}. */
    public boolean reads(String topic) {
        if (subscribedTopics().contains(topic)) {
            return true;
        }
        if (pattern().isPresent()) {
            try {
                return topic.matches(pattern().get());
            } catch (java.util.regex.PatternSyntaxException e) {
                return false;
            }
        }
        String assign = options.get("assign");
        return assign != null && assign.contains("\"" + topic + "\"");
    }

    public String describe() {
        if (!subscribedTopics().isEmpty()) {
            return "subscribe " + String.join(",", subscribedTopics());
        }
        if (pattern().isPresent()) {
            return "subscribePattern " + pattern().get();
        }
        return options.containsKey("assign") ? "assign " + options.get("assign") : format + " source";
    }
}
